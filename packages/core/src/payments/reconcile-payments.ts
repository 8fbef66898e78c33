import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { DomainError } from '../common/errors';
import { confirmPayment, type ConfirmationOutcome } from './confirm-payment';
import type { PaymentProvider } from './provider';

export interface ReconcileOptions {
  /** Links younger than this are left to their return and webhook. */
  olderThanMs: number;
  /** Links are asked about for this long after they were made (providers expire them). */
  maxAgeMs?: number;
  limit?: number;
}

export interface ReconcileReport {
  checked: number;
  applied: { orderId: string; paymentId: string; result: ConfirmationOutcome['result'] }[];
  refused: { orderId: string; paymentId: string; message: string }[];
  /** Links the provider could not be asked about this time (outage): tried again next run. */
  failed: { orderId: string; linkId: string; message: string }[];
}

/**
 * Asks the provider about orders still PENDING with an open payment link: a payment whose return
 * and webhook were both lost is confirmed through the same exactly-once path. Links checked
 * least recently go first (updated_at marks the check), so a long tail is covered in turns.
 */
export async function reconcilePayments(
  db: Kysely<Database>,
  provider: PaymentProvider,
  options: ReconcileOptions,
): Promise<ReconcileReport> {
  const now = Date.now();
  const links = await db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select(['payments.id', 'payments.payment_link_id', 'payments.order_id'])
    .where('orders.status', '=', 'PENDING')
    .where('payments.status', '=', 'CREATED')
    .where('payments.provider', '=', provider.name)
    .where('payments.created_at', '<', new Date(now - options.olderThanMs))
    .where('payments.created_at', '>', new Date(now - (options.maxAgeMs ?? 7 * 24 * 3600_000)))
    .orderBy('payments.updated_at')
    .limit(options.limit ?? 50)
    .execute();
  const report: ReconcileReport = { checked: links.length, applied: [], refused: [], failed: [] };
  for (const link of links) {
    // One link's failure (provider outage, a fault while applying) must not stop the others,
    // nor keep this link first in line for every later run.
    try {
      const payments = await provider.linkPayments(link.payment_link_id);
      for (const payment of payments.filter((p) => p.status === 'captured')) {
        try {
          const outcome = await confirmPayment(db, provider, {
            orderId: link.order_id,
            paymentId: payment.id,
            source: 'reconcile',
          });
          report.applied.push({
            orderId: link.order_id,
            paymentId: payment.id,
            result: outcome.result,
          });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          report.refused.push({
            orderId: link.order_id,
            paymentId: payment.id,
            message: error.message,
          });
        }
      }
    } catch (error) {
      report.failed.push({
        orderId: link.order_id,
        linkId: link.payment_link_id,
        message: error instanceof Error ? error.message : String(error),
      });
    }
    await db
      .updateTable('payments')
      .set({ updated_at: sql<Date>`now()` })
      .where('id', '=', link.id)
      .where('status', '=', 'CREATED')
      .execute();
  }
  return report;
}
