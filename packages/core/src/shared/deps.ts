import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';

/** What every domain service needs; adapters build it once and pass it in. */
export interface CoreDeps {
  db: Kysely<Database>;
}
