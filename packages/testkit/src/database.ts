import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { createDb, dropDatabase, type Database } from '@kanak/db';
import { databaseUrl, templateDb, TEST_PG_URL } from './env';

export interface TestDatabase {
  url: string;
  db: Kysely<Database>;
  drop(): Promise<void>;
}

/** A private copy of the seeded template database for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `kanak_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  try {
    // CREATE DATABASE … TEMPLATE fails while another session copies the same template: retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateDb()}"`);
        break;
      } catch (error) {
        if (attempt > 50 || (error as { code?: string }).code !== '55006') throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = databaseUrl(name);
  const db = createDb(url, 5);
  return {
    url,
    db,
    async drop() {
      await db.destroy();
      await dropDatabase(url);
    },
  };
}

/**
 * Holds an ACCESS EXCLUSIVE lock on `table` (every read of it waits) until the returned function
 * is called: a test's way to make one query the slowest without timing anything.
 */
export async function holdTableLock(
  db: Kysely<Database>,
  table: string,
): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const taken = new Promise<void>((resolve) => (locked = resolve));
  const held = db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE ${sql.table(table)} IN ACCESS EXCLUSIVE MODE`.execute(trx);
    locked();
    await released;
  });
  await Promise.race([taken, held]);
  return async () => {
    release();
    await held;
  };
}
