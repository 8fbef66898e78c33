import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { PaymentProvider } from '../payment-providers/provider';
import { recordProviderRefund } from './process-refund';

export interface RefundSettlement {
  checked: number;
  settled: { refundId: string; state: 'processed' | 'failed' }[];
  /** Refunds the provider could not be asked about this time: asked again next run. */
  failed: { refundId: string; message: string }[];
}

/**
 * Asks the provider about refunds it accepted but has not settled yet (Razorpay's `pending`),
 * for the reconciliation run: a refund that later fails shows the money as owed again.
 */
export async function settleProcessingRefunds(
  db: Kysely<Database>,
  provider: PaymentProvider,
  limit = 100,
): Promise<RefundSettlement> {
  const rows = await db
    .selectFrom('refunds')
    .select(['id', 'attempt', 'provider_payment_id', 'provider_refund_id'])
    .where('state', '=', 'processing')
    .where('provider_refund_id', 'is not', null)
    .where('provider', '=', provider.name)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
  const report: RefundSettlement = { checked: rows.length, settled: [], failed: [] };
  for (const row of rows) {
    try {
      const answer = await provider.fetchRefund(row.provider_payment_id, row.provider_refund_id!);
      if (!answer || answer.status === 'processing') continue;
      await recordProviderRefund(db, row, answer);
      report.settled.push({ refundId: row.id, state: answer.status });
    } catch (error) {
      report.failed.push({ refundId: row.id, message: (error as Error).message });
    }
  }
  return report;
}
