import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { ReportRange, SettlementInstalment, SettlementPayment } from '@kanak/shared';
import { csvStream, type CsvColumn } from './report-csv';
import { NO_TRANSFER_NOR_REMITTANCE, settlementRows } from './settlement';
import { instalmentsOwedBack } from './settlement-instalments';

/** The method an instalment owed back reads in the CSV: money held and owed, never a sale. */
export const INSTALMENT_OWED_BACK = 'instalment_owed_back';

/** A CSV row: a settlement payment row, or a scheme instalment owed back in its columns. */
export type SettlementCsvRow = Omit<
  SettlementPayment,
  'method' | 'orderStatus' | 'refundReason'
> & {
  method: SettlementPayment['method'] | typeof INSTALMENT_OWED_BACK;
  orderStatus: SettlementPayment['orderStatus'] | 'SCHEME';
  /** A payment's reason (REFUND_REASONS); an instalment's note (paid twice, after closing…). */
  refundReason: string | null;
};

/**
 * The settlement's CSV: one row per payment received, then one per invoice its order's balances
 * paid with no money (provider `balances`, no payment id), then one per savings-scheme
 * instalment owed back (method `instalment_owed_back`, no invoice: outside the sums of the
 * sales) (rupees).
 */
export const settlementColumns: CsvColumn<SettlementCsvRow>[] = [
  { header: 'Date (IST)', cell: (r) => r.date },
  { header: 'Provider', cell: (r) => r.provider },
  { header: 'Payment id', cell: (r) => r.providerPaymentId },
  { header: 'Amount', cell: (r) => r.amount },
  { header: 'Order', cell: (r) => r.orderNumber ?? `${r.orderId} (deleted)` },
  { header: 'Order status', cell: (r) => r.orderStatus },
  { header: 'Invoice', cell: (r) => r.invoice },
  { header: 'Invoiced', cell: (r) => r.invoiced },
  { header: 'Credit note', cell: (r) => r.creditNote },
  { header: 'Credited', cell: (r) => r.credited },
  { header: 'Refund reason', cell: (r) => r.refundReason },
  { header: 'Refund state', cell: (r) => r.refundState },
  { header: 'Refund id', cell: (r) => r.providerRefundId },
  { header: 'Refunded', cell: (r) => r.refunded },
  { header: 'Owed', cell: (r) => r.owed },
  { header: 'Store credit issued', cell: (r) => r.creditIssued },
  { header: 'Store credit spent', cell: (r) => r.creditSpent },
  { header: 'Scheme spent', cell: (r) => r.schemeSpent },
  { header: 'Method', cell: (r) => r.method },
  { header: 'Exchange credit spent', cell: (r) => r.exchangeCreditSpent },
  { header: 'Refund due by bank transfer', cell: (r) => r.transferDue },
  { header: 'Refunded by bank transfer', cell: (r) => r.transferPaid },
  { header: 'Bank transfer reference', cell: (r) => r.transferReference },
  { header: 'COD remitted short', cell: (r) => r.remittanceShort },
  { header: 'COD remitted over', cell: (r) => r.remittanceOver },
  {
    header: 'COD short resolved',
    cell: (r) => (r.shortResolved === null ? '' : r.shortResolved ? 'yes' : 'no'),
  },
];

/**
 * An instalment owed back in the payment columns, as the accountant reads it: its day, provider
 * and payment id, the scheme and instalment in the order's place, refunded and owed.
 */
export const instalmentCsvRow = (i: SettlementInstalment): SettlementCsvRow => ({
  provider: i.provider,
  providerPaymentId: i.providerPaymentId,
  amount: i.amount,
  date: i.date,
  orderId: i.enrolmentId,
  orderNumber: `${i.plan}: instalment ${i.n}`,
  orderStatus: 'SCHEME',
  invoice: null,
  invoiced: 0,
  creditNote: null,
  credited: 0,
  refundReason: i.note ?? 'INSTALMENT_OWED_BACK',
  refundState: i.refundState,
  providerRefundId: i.providerRefundId,
  refunded: i.refunded,
  owed: i.owed,
  creditIssued: 0,
  creditSpent: 0,
  schemeSpent: 0,
  method: INSTALMENT_OWED_BACK,
  exchangeCreditSpent: 0,
  ...NO_TRANSFER_NOR_REMITTANCE,
});

/** The settlement's rows as CSV (GET /api/admin/reports/settlement?format=csv), streamed. */
export const settlementCsv = (db: Kysely<Database>, range: ReportRange) =>
  csvStream(
    settlementColumns,
    (async function* (): AsyncGenerator<SettlementCsvRow> {
      yield* settlementRows(db, range);
      // Few (owed back by mistake), read once the payments are out.
      for (const i of (await instalmentsOwedBack(db, range)).rows) yield instalmentCsvRow(i);
    })(),
  );
