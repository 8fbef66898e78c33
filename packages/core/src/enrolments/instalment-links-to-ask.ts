import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { providersOf, type ProviderSource } from '../payment-providers';

export interface InstalmentLinksToAskOptions {
  /** Links younger than this are left to their return and webhook. */
  olderThanMs: number;
  limit?: number;
  now: number;
}

/**
 * The instalment links reconciliation asks about, as it does orders' (reconcilePayments): every
 * link without a recorded payment, held by a configured provider, until one check after its
 * expiry and grace; least recently checked first.
 */
export async function instalmentLinksToAsk(
  db: Kysely<Database>,
  provider: ProviderSource,
  { olderThanMs, limit = 50, now }: InstalmentLinksToAskOptions,
) {
  return (
    db
      .selectFrom('scheme_payments')
      .select(['id', 'payment_link_id', 'enrolment_id', 'provider'])
      .where('reconciled', '=', false)
      .where('provider_payment_id', 'is', null)
      .where('status', 'in', ['CREATED', 'EXPIRED'])
      // Every provider that holds a link: each is asked about its own.
      .where(
        'provider',
        'in',
        providersOf(provider).list.map((p) => p.name),
      )
      .where('created_at', '<', new Date(now - olderThanMs))
      .orderBy('updated_at')
      .limit(limit)
      .execute()
  );
}
