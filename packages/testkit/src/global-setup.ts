// Runs once per test run: builds a migrated, seeded template database that every test file copies.
// Vitest calls a global setup once per project that has files (integration, e2e): the projects
// after the first find the template built in this run and reuse it.
import { createDb, dropDatabase, ensureDatabase, migrateToLatest } from '@kanak/db';
import { seedDemoShop } from '@kanak/core/seed';
import { pingRedis } from '@kanak/core';
import { databaseUrl, TEST_REDIS_URL } from './env';

export default async function setup() {
  if (!(await pingRedis(TEST_REDIS_URL, 2000))) {
    throw new Error(
      `Redis is not answering at ${TEST_REDIS_URL}; start it (see README) before running tests.`,
    );
  }
  process.env.KANAK_TEMPLATE_DB ??= `kanak_test_template_${process.pid}`;
  if (process.env.KANAK_TEMPLATE_READY === process.env.KANAK_TEMPLATE_DB) return async () => {};
  const url = databaseUrl(process.env.KANAK_TEMPLATE_DB);
  await dropDatabase(url);
  await ensureDatabase(url);
  const db = createDb(url, 2);
  try {
    await migrateToLatest(db);
    await seedDemoShop(db);
  } finally {
    await db.destroy();
  }
  process.env.KANAK_TEMPLATE_READY = process.env.KANAK_TEMPLATE_DB;
  return async function teardown() {
    await dropDatabase(url);
  };
}
