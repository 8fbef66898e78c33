import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { LedgerEntry } from '../ledger';
import type { ProviderSource } from '../payment-providers';
import { cancelClosedLinks } from '../payments';

/** A committed ledger entry to follow up, and how this process tells the others of it. */
export interface FollowLedgerEntryOptions {
  db: Kysely<Database>;
  provider: ProviderSource;
  /** Null when nothing moved (a re-run, a duplicate): nothing to do. */
  entry: Omit<LedgerEntry, 'status'> | null;
  /** These products' stock moved: their opening prices settled and every server's caches told. */
  stockMoved: (productIds: string[]) => Promise<void>;
  /** Tells the browsers watching the order (never throws). */
  announce: (event: NonNullable<LedgerEntry['event']>) => Promise<void>;
  log: (message: string) => void;
}

/**
 * What follows a committed ledger entry, the same in the server's requests and the worker's jobs:
 * caches told of the stock, watchers told, closed links cancelled at the provider (best effort:
 * they expire anyway, and a payment still made on one is owed back; one paid just before its
 * cancel is confirmed at once, and that entry followed up too). The entry stands whatever
 * these answer.
 */
export async function followLedgerEntry(options: FollowLedgerEntryOptions): Promise<void> {
  const { db, provider, entry, stockMoved, announce, log } = options;
  if (!entry) return;
  if (entry.stockOf.length) await stockMoved(entry.stockOf);
  // Watchers first: they need not wait on the providers' answers below.
  if (entry.event) await announce(entry.event);
  if (!entry.closedLinks.length) return;
  // A re-run of the job finds the entry recorded and follows nothing up: a failure here is
  // logged, never thrown (the links expire anyway).
  const confirmed = await cancelClosedLinks({ db, provider, entry, log }).catch(
    (error: unknown) => {
      log(`closed links of ${entry.orderId} not cancelled: ${(error as Error).message}`);
      return [];
    },
  );
  for (const more of confirmed) await followLedgerEntry({ ...options, entry: more });
}
