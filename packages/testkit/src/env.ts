/** Where the shared test services live; CI and developers use the same defaults. */
export const TEST_PG_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * The seeded template database of this test run. Each run (global setup) makes its own, so two
 * runs on one machine never drop each other's template; test workers inherit the name.
 */
export const templateDb = () => process.env.KANAK_TEMPLATE_DB ?? 'kanak_test_template';

export function databaseUrl(name: string): string {
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
