import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { hmacHex, type ProviderRefund, type RefundRequest } from '../payment-providers';

/** Where the sandbox provider keeps the refunds asked of it (its payments keep no state). */
export interface SandboxRefundStore {
  /** One refund per idempotency key: a second ask answers the first (and is counted). */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  fetch(refundId: string): Promise<ProviderRefund | null>;
}

const toRefund = (row: {
  refund_id: string;
  status: 'processed' | 'failed';
  failure: string | null;
}): ProviderRefund => ({ id: row.refund_id, status: row.status, failure: row.failure });

/**
 * The sandbox's refunds in PostgreSQL (migration 027), so server, worker and a worker restarted
 * after a crash all see the same record. Refunds settle at once: processed, or failed when
 * failNextSandboxRefund asked for it.
 */
export function sandboxRefundStore(db: Kysely<Database>, secret: string): SandboxRefundStore {
  return {
    async refund(request) {
      return db.transaction().execute(async (trx) => {
        const again = await trx
          .updateTable('sandbox_refunds')
          .set((eb) => ({ calls: eb('calls', '+', 1) }))
          .where('idempotency_key', '=', request.idempotencyKey)
          .returning(['refund_id', 'status', 'failure'])
          .executeTakeFirst();
        if (again) return toRefund(again);
        const failing = await trx
          .deleteFrom('sandbox_refund_failures')
          .where('payment_id', '=', request.paymentId)
          .returning('reason')
          .executeTakeFirst();
        const row = await trx
          .insertInto('sandbox_refunds')
          .values({
            idempotency_key: request.idempotencyKey,
            refund_id: `rfnd_sbx_${hmacHex(secret, `refund|${request.idempotencyKey}`).slice(0, 16)}`,
            payment_id: request.paymentId,
            amount: request.amount,
            status: failing ? 'failed' : 'processed',
            failure: failing?.reason ?? null,
          })
          // Two asks at once with the same key: the second joins the first's row.
          .onConflict((oc) =>
            oc
              .column('idempotency_key')
              .doUpdateSet((eb) => ({ calls: eb('sandbox_refunds.calls', '+', 1) })),
          )
          .returning(['refund_id', 'status', 'failure'])
          .executeTakeFirstOrThrow();
        return toRefund(row);
      });
    },
    async fetch(refundId) {
      const row = await db
        .selectFrom('sandbox_refunds')
        .select(['refund_id', 'status', 'failure'])
        .where('refund_id', '=', refundId)
        .executeTakeFirst();
      return row ? toRefund(row) : null;
    },
  };
}

/** Tells the sandbox to fail the next refund asked for this payment (tests and demos). */
export async function failNextSandboxRefund(
  db: Kysely<Database>,
  providerPaymentId: string,
  reason = 'The bank declined the refund (sandbox)',
): Promise<void> {
  await db
    .insertInto('sandbox_refund_failures')
    .values({ payment_id: providerPaymentId, reason })
    .onConflict((oc) => oc.column('payment_id').doUpdateSet({ reason }))
    .execute();
}
