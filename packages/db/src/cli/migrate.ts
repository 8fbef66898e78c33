import { createDb, ensureDatabase } from '../connection';
import { migrateToLatest } from '../migrate';
import { databaseUrl } from './env';

const url = databaseUrl();
await ensureDatabase(url);
const db = createDb(url, 2);
try {
  const applied = await migrateToLatest(db);
  console.log(
    applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database is up to date.',
  );
} finally {
  await db.destroy();
}
