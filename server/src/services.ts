import type { Kysely } from 'kysely';
import { createDb, type Database } from '@kanak/db';
import type { Config } from './config';

/** Long-lived resources the adapters share; closed by the app's onClose hook. */
export interface AppServices {
  config: Config;
  db: Kysely<Database>;
}

export function createServices(config: Config): AppServices {
  return { config, db: createDb(config.DATABASE_URL) };
}

export async function closeServices(services: AppServices) {
  await services.db.destroy();
}
