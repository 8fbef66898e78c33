import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { ReportRange, SettlementInstalment } from '@kanak/shared';
import { owedBackInstalments } from '../schemes';
import { istDay, istDayStart, nextDay } from './report-documents';

/**
 * Savings-scheme instalments recorded as owed back (paid twice, after the scheme closed, the
 * wrong amount) whose payment arrived in the range: money the shop holds and owes, not a sale
 * (no invoice). Each with what the provider refunded of it (`instalment_refunds`) and what is
 * still owed; their sums keep received − refunded = owed.
 */
export async function instalmentsOwedBack(db: Kysely<Database>, range: ReportRange) {
  const rows = await owedBackInstalments(db)
    .select([
      'p.id',
      'p.enrolment_id',
      'e.plan_name',
      'p.n',
      'p.provider',
      'p.provider_payment_id',
      'p.amount',
      'p.paid_at',
      'p.note',
      'r.state',
      'r.amount as refund_amount',
      'r.provider_refund_id',
    ])
    .where('p.provider_payment_id', 'is not', null)
    .where('p.paid_at', '>=', istDayStart(range.from))
    .where('p.paid_at', '<', istDayStart(nextDay(range.to)))
    .orderBy('p.paid_at')
    .orderBy('p.id')
    .execute();
  const out: SettlementInstalment[] = rows.map((r) => {
    const refunded = r.state === 'processed' ? (r.refund_amount ?? 0) : 0;
    return {
      schemePaymentId: r.id,
      enrolmentId: r.enrolment_id,
      plan: r.plan_name,
      n: r.n,
      provider: r.provider,
      providerPaymentId: r.provider_payment_id!,
      amount: r.amount,
      date: istDay(r.paid_at!),
      note: r.note,
      refundState: r.state ?? null,
      providerRefundId: r.provider_refund_id ?? null,
      refunded,
      owed: Math.max(0, r.amount - refunded),
    };
  });
  const totals = { received: 0, refunded: 0, owed: 0 };
  for (const r of out) {
    totals.received += r.amount;
    totals.refunded += r.refunded;
    totals.owed += r.owed;
  }
  return { rows: out, totals };
}
