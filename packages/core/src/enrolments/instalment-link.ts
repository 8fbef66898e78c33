import type { Kysely, Transaction } from 'kysely';
import type { Database, SchemeEnrolmentRow } from '@kanak/db';
import { LINK_REUSE_MARGIN_MS } from '../payments';
import { createAtSomeProviderOf } from '../payments';
import { providersOf, type ProviderSource } from '../payment-providers';

/** The note on a link made stale by a fresh one for the same instalment (still payable). */
export const REPLACED_LINK_NOTE = 'Replaced by a fresh link';

export interface InstalmentLinkOrigins {
  server: string;
  web: string;
}

export interface OpenInstalmentLinkOptions {
  provider: ProviderSource;
  enrolment: Pick<
    SchemeEnrolmentRow,
    'id' | 'user_id' | 'instalment' | 'holder_name' | 'plan_name'
  > & {
    email: string;
  };
  n: number;
  origins: InstalmentLinkOrigins;
  expiresAt: Date;
  now: Date;
}

/**
 * A payment link for instalment `n`, open until `expiresAt`, made in the caller's transaction
 * (the enrolment row locked by it): an open link for the same instalment with enough life left
 * is reused, whichever configured provider holds it, so a double click or two reminders give one
 * link. A fresh one is made as an order's is (createAtSomeProviderOf: the preferred provider
 * first, the next when it fails, the same breakers), and any other link still open for the
 * enrolment is closed as replaced: one open link at a time. A payment that beat the close is
 * still found (reconciliation asks about EXPIRED links) and applied or owed back once.
 */
export async function openInstalmentLink(
  trx: Transaction<Database>,
  { provider, enrolment, n, origins, expiresAt, now }: OpenInstalmentLinkOptions,
): Promise<{ id: string; url: string; expiresAt: Date }> {
  const providers = providersOf(provider);
  const open = await trx
    .selectFrom('scheme_payments')
    .select(['payment_link_id', 'payment_link_url', 'expires_at'])
    .where('enrolment_id', '=', enrolment.id)
    .where('n', '=', n)
    .where(
      'provider',
      'in',
      providers.list.map((p) => p.name),
    )
    .where('status', '=', 'CREATED')
    .where('expires_at', '>', new Date(now.getTime() + LINK_REUSE_MARGIN_MS))
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (open)
    return { id: open.payment_link_id, url: open.payment_link_url, expiresAt: open.expires_at };
  const link = await createAtSomeProviderOf(providers)({
    // The provider's reference: the enrolment id (the webhook names it; see recordWebhookPayment).
    orderId: enrolment.id,
    amount: enrolment.instalment,
    description: `Kanak Jewellers ${enrolment.plan_name}: instalment ${n}`,
    customer: {
      name: enrolment.holder_name,
      email: enrolment.email,
      // Some providers (Cashfree) need a phone: the account's, else its latest address's.
      contact: await contactOf(trx, enrolment.user_id),
    },
    callbackUrl: `${origins.web}/account/schemes/${enrolment.id}`,
    serverOrigin: origins.server,
    expiresAt,
  });
  await trx
    .updateTable('scheme_payments')
    .set({ status: 'EXPIRED', note: REPLACED_LINK_NOTE, updated_at: now })
    .where('enrolment_id', '=', enrolment.id)
    .where('status', '=', 'CREATED')
    .where('provider_payment_id', 'is', null)
    .execute();
  await trx
    .insertInto('scheme_payments')
    .values({
      enrolment_id: enrolment.id,
      n,
      provider: link.provider,
      payment_link_id: link.id,
      payment_link_url: link.url,
      amount: enrolment.instalment,
      expires_at: expiresAt,
    })
    .execute();
  return { id: link.id, url: link.url, expiresAt };
}

/** The shopper's phone for a provider's link: the account's, else the latest address's. */
async function contactOf(db: Kysely<Database>, userId: string): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select('mobile')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (user?.mobile) return user.mobile;
  const address = await db
    .selectFrom('addresses')
    .select('mobile')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return address?.mobile ?? '';
}

/** What the sandbox's hosted page shows for an instalment's link; undefined when unknown. */
export async function findInstalmentLink(db: Kysely<Database>, linkId: string) {
  return db
    .selectFrom('scheme_payments as p')
    .innerJoin('scheme_enrolments as e', 'e.id', 'p.enrolment_id')
    .select([
      'p.enrolment_id',
      'p.n',
      'p.amount',
      'p.status',
      'p.provider',
      'p.expires_at',
      'e.state',
      'e.plan_name',
    ])
    .where('p.payment_link_id', '=', linkId)
    .executeTakeFirst();
}
