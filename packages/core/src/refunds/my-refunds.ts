import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { PassbookRefund } from '@kanak/shared';
import { REFUND_DUE_PURPOSE } from '../common';
import { owedBackInstalments } from '../schemes';
import { RETURN_REFUND_PREFIX } from './refund-mails';

type Stand = PassbookRefund['state'];

/**
 * A refund as the shopper reads it: done once the provider processed it, on its way while the
 * provider has it without a refusal, and due otherwise (never asked, or refused: it paid nothing).
 */
const standOf = (r: { state: string; failure: string | null }): Stand =>
  r.state === 'processed'
    ? 'done'
    : r.state === 'processing' && r.failure === null
      ? 'processing'
      : 'due';

const short = (id: string) => id.slice(0, 8).toUpperCase();

/**
 * The shopper's refunds, due and done, for the passbook: every refund of their orders' payments
 * (`refunds`), every payment owed back that no refund has been asked for yet, and every
 * instalment owed back with its refund (`instalment_refunds`). Newest first; rupees.
 */
export async function myRefunds(db: Kysely<Database>, userId: string): Promise<PassbookRefund[]> {
  const [refunds, owed, instalments] = await Promise.all([
    db
      .selectFrom('refunds')
      .innerJoin('orders', 'orders.id', 'refunds.order_id')
      .select([
        'refunds.id',
        'refunds.order_id',
        'refunds.purpose',
        'refunds.amount',
        'refunds.state',
        'refunds.failure',
        'refunds.provider_refund_id',
        'refunds.created_at',
        'refunds.processed_at',
        'refunds.updated_at',
      ])
      .where('orders.user_id', '=', userId)
      .execute(),
    db
      .selectFrom('payments')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .select(['payments.id', 'payments.order_id', 'payments.amount', 'payments.updated_at'])
      .where('orders.user_id', '=', userId)
      .where('payments.status', '=', 'REFUND_PENDING')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('refunds')
              .select('refunds.id')
              .whereRef('refunds.payment_id', '=', 'payments.id')
              .where('refunds.purpose', '=', REFUND_DUE_PURPOSE),
          ),
        ),
      )
      .execute(),
    owedBackInstalments(db)
      .select([
        'p.id',
        'p.enrolment_id',
        'p.n',
        'p.amount',
        'p.updated_at',
        'e.plan_name',
        'r.id as refund_id',
        'r.state',
        'r.failure',
        'r.provider_refund_id',
        'r.processed_at',
        'r.updated_at as refund_updated_at',
      ])
      .where('e.user_id', '=', userId)
      .execute(),
  ]);
  const out: PassbookRefund[] = [
    ...refunds.map((r) => {
      const state = standOf(r);
      const what = r.purpose.startsWith(RETURN_REFUND_PREFIX) ? 'return' : 'refund';
      return {
        id: r.id,
        kind: 'order' as const,
        refersTo: r.order_id,
        label: `Order ${short(r.order_id)}, ${what}`,
        amount: r.amount,
        state,
        at: (state === 'done' ? (r.processed_at ?? r.updated_at) : r.created_at).toISOString(),
        providerRefundId: r.provider_refund_id,
      };
    }),
    ...owed.map((p) => ({
      id: p.id,
      kind: 'order' as const,
      refersTo: p.order_id,
      label: `Order ${short(p.order_id)}, refund`,
      amount: p.amount,
      state: 'due' as const,
      at: p.updated_at.toISOString(),
      providerRefundId: null,
    })),
    ...instalments.map((p) => {
      const state: Stand = p.refund_id
        ? standOf({ state: p.state ?? 'failed', failure: p.failure ?? null })
        : 'due';
      const doneAt = p.processed_at ?? p.refund_updated_at;
      return {
        id: p.refund_id ?? p.id,
        kind: 'instalment' as const,
        refersTo: p.enrolment_id,
        label: `${p.plan_name}, instalment ${p.n}`,
        amount: p.amount,
        state,
        at: (state === 'done' && doneAt ? doneAt : p.updated_at).toISOString(),
        providerRefundId: p.provider_refund_id ?? null,
      };
    }),
  ];
  return out.sort((a, b) => b.at.localeCompare(a.at));
}
