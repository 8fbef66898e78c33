import { DEFAULT_DATABASE_URL } from '@kanak/db';

export const databaseUrl = () => process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;

/**
 * SEED_DEMO=true asks the migration step to load the demo catalogue and accounts (which include
 * the public admin@kanak.shop / Admin@123): never on its own, so a real shop is never seeded.
 * Same spellings as the server's flags ("true"/"1"/"yes"/"on").
 */
export function seedDemoRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = (env.SEED_DEMO ?? '').trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(value)) return true;
  if (['false', '0', 'no', 'off', ''].includes(value)) return false;
  throw new Error(`SEED_DEMO must be true or false, not "${env.SEED_DEMO}"`);
}
