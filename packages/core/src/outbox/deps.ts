import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { OutboxRelay } from './relay';

/** What a use case that goes through the outbox needs from its adapter. */
export interface OutboxDeps {
  db: Kysely<Database>;
  relay: Pick<OutboxRelay, 'wake' | 'connected'>;
  /** How long a request waits for the worker's outcome before answering "pending". */
  waitMs: number;
}
