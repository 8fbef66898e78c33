import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { ReportRange, SettlementPayment } from '@kanak/shared';
import { csvStream, type CsvColumn } from './report-csv';
import { settlementRows } from './settlement';

/**
 * The settlement's CSV: one row per payment received, then one per invoice its order's balances
 * paid with no money (provider `balances`, no payment id) (rupees).
 */
export const settlementColumns: CsvColumn<SettlementPayment>[] = [
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

/** The settlement's rows as CSV (GET /api/admin/reports/settlement?format=csv), streamed. */
export const settlementCsv = (db: Kysely<Database>, range: ReportRange) =>
  csvStream(settlementColumns, settlementRows(db, range));
