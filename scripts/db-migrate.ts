// `pnpm db:migrate` and the image's one-shot migration step (`node dist/cli/migrate.js`). Safe to
// run from several places at once: Kysely's Migrator holds PostgreSQL's advisory migration lock
// (pg_advisory_lock) while it migrates, so a second run waits and then finds nothing to apply.
// Here, not in packages/db: the demo seed invoices its paid orders through core.
import { createDb, ensureDatabase, migrateToLatest, SEED_ACCOUNTS } from '@kanak/db';
import { seedDemoShop } from '@kanak/core/seed';
import { databaseUrl, seedDemoRequested } from './db-env';

const url = databaseUrl();
const seedDemo = seedDemoRequested();
await ensureDatabase(url);
const db = createDb(url, 2);
try {
  const applied = await migrateToLatest(db);
  console.log(
    applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database is up to date.',
  );
  if (seedDemo) {
    const seeded = await seedDemoShop(db);
    console.log(
      seeded
        ? `SEED_DEMO=true: seeded ${seeded} demo products and the demo accounts (${SEED_ACCOUNTS.admin.email} / ${SEED_ACCOUNTS.admin.password}: not for a real shop).`
        : 'SEED_DEMO=true: demo data already present.',
    );
  }
} finally {
  await db.destroy();
}
