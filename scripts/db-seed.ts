import { parseArgs } from 'node:util';
// `pnpm db:seed` and the image's `dist/cli/seed.js`. Here, not in packages/db: the demo seed
// invoices its paid orders through core.
import { createDb, ensureDatabase, migrateToLatest, seedBulkProducts } from '@kanak/db';
import { seedDemoShop } from '@kanak/core/seed';
import { databaseUrl } from './db-env';

// The demo accounts have published passwords (Admin@123): never in a production database by accident.
if (process.env.NODE_ENV === 'production' && process.env.SEED_DEMO !== 'true') {
  console.error(
    'Refusing to seed with NODE_ENV=production: the demo accounts have public passwords. Set SEED_DEMO=true for a demo shop.',
  );
  process.exit(1);
}
const { values } = parseArgs({ options: { products: { type: 'string' } } });
const url = databaseUrl();
await ensureDatabase(url);
const db = createDb(url, 2);
try {
  await migrateToLatest(db);
  const seeded = await seedDemoShop(db);
  console.log(
    seeded
      ? `Seeded ${seeded} products, accounts, reviews and orders.`
      : 'Catalogue already seeded.',
  );
  if (values.products) {
    const count = Number(values.products);
    if (!Number.isInteger(count) || count <= 0)
      throw new Error('--products needs a positive whole number');
    const started = Date.now();
    await seedBulkProducts(db, count, (done) => {
      if (done % 10_000 === 0 || done === count)
        process.stdout.write(`  ${done}/${count} products\n`);
    });
    console.log(
      `Added ${count} generated products in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  }
} finally {
  await db.destroy();
}
