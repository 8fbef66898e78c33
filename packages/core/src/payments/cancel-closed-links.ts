import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { LedgerEntry } from '../ledger';
import type { PaymentProvider } from '../payment-providers';
import { providersOf, type ProviderSource } from '../payment-providers';
import { reconcileLink } from './reconcile-payments';

/** The links a ledger entry closed, where to cancel them, and where to say what went wrong. */
export interface CancelClosedLinksOptions {
  db: Kysely<Database>;
  provider: ProviderSource;
  entry: Pick<LedgerEntry, 'orderId' | 'closedLinks'>;
  log: (message: string) => void;
}

/**
 * Cancels at the provider the links a ledger entry closed (an unpaid order cancelled or
 * deleted). Best effort: a link the provider cannot cancel now expires anyway, and the
 * reconciliation keeps asking about it until then. A link that answers "paid" was paid just
 * before the cancel: that payment is confirmed at once (recorded as owed back, since its order no
 * longer takes it) instead of being left to a webhook that may never come. Answers the ledger
 * entries that confirmation made, for the caller to follow up like its own.
 */
export async function cancelClosedLinks({
  db,
  provider,
  entry,
  log,
}: CancelClosedLinksOptions): Promise<LedgerEntry[]> {
  const made: LedgerEntry[] = [];
  const providers = providersOf(provider);
  const holders = entry.closedLinks.length
    ? await db
        .selectFrom('payments')
        .select(['payment_link_id', 'provider'])
        .where('payment_link_id', 'in', entry.closedLinks)
        .execute()
    : [];
  for (const linkId of entry.closedLinks) {
    let answer: Awaited<ReturnType<PaymentProvider['cancelLink']>>;
    // Cancelled at the provider that holds it (a link of a provider no longer configured expires).
    const name = holders.find((h) => h.payment_link_id === linkId)?.provider;
    const holder = name ? providers.get(name) : providers.list[0];
    if (!holder) continue;
    try {
      answer = await holder.cancelLink(linkId);
    } catch (error) {
      log(
        `order ${entry.orderId}: payment link ${linkId} not cancelled at the provider: ${(error as Error).message}`,
      );
      continue;
    }
    if (answer !== 'paid') continue;
    const link = await db
      .selectFrom('payments')
      .select(['id', 'payment_link_id', 'order_id', 'provider'])
      .where('payment_link_id', '=', linkId)
      .executeTakeFirst();
    if (!link) continue;
    log(`order ${entry.orderId}: payment link ${linkId} was paid before its cancel: confirming`);
    try {
      const found = await reconcileLink(db, providers, link);
      made.push(...found.entries);
    } catch (error) {
      // The follow-up of the other links and entries goes on; the reconciliation asks again.
      log(
        `order ${entry.orderId}: payment on link ${linkId} not confirmed yet: ${(error as Error).message}`,
      );
    }
  }
  return made;
}
