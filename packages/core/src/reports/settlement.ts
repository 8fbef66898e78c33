import type { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import {
  orderNumberOf,
  type RefundReason,
  type ReportRange,
  type Settlement,
  type SettlementPayment,
  type SettlementTotals,
} from '@kanak/shared';
import { exchangeCreditByOrder } from './credit-origins';
import { settlementGroups } from './settlement-groups';
import { instalmentsOwedBack } from './settlement-instalments';
import type { InvoiceDocument } from '../invoices/invoice-document';
import { REFUND_DUE_PURPOSE } from '../common/refund-purpose';
import { istDay, istDayStart, nextDay } from './report-documents';
import { jsonStream } from './report-json';

/** Payments read per query (keyset pages, as the other reports read documents). */
const PAGE = 500;

/**
 * A payment pays its order's invoice when it placed the order (PAID), or placed it and was then
 * owed back because the shop cancelled it or the piece sold out as it arrived (both invoiced,
 * then credited). Other money owed back (an extra payment, a late one on a closed link, a wrong
 * amount) never had an invoice.
 */
const INVOICED_REASONS = ['SOLD_OUT', 'CANCELLED_BY_SHOP'] as const satisfies RefundReason[];
const INVOICED_REFUNDS = new Set<string>(INVOICED_REASONS);

const totalOf = (document: unknown) => (document as InvoiceDocument).totals.total;

/**
 * The settlement's payment rows for a range (India days, both included), in the order received:
 * every payment the provider captured and the shop recorded, with the order and invoice it
 * paid, its credit note, and what of it was refunded (processed by the provider) or is still
 * owed (not asked, processing or failed). Read a page at a time, so a year streams as CSV in
 * constant memory.
 */
export async function* settlementRows(
  db: Kysely<Database>,
  range: ReportRange,
): AsyncGenerator<SettlementPayment> {
  yield* paymentRows(db, range);
  yield* balancePaidRows(db, range);
}

/** The rows of payments received in the range (online, or COD remitted by the carrier). */
async function* paymentRows(
  db: Kysely<Database>,
  range: ReportRange,
): AsyncGenerator<SettlementPayment> {
  const from = istDayStart(range.from);
  const until = istDayStart(nextDay(range.to));
  let last: string | null = null;
  for (;;) {
    let query = db
      .selectFrom('payments')
      .leftJoin('orders', 'orders.id', 'payments.order_id')
      .select([
        'payments.id',
        'payments.order_id',
        'payments.provider',
        'payments.provider_payment_id',
        'payments.amount',
        'payments.status',
        'payments.refund_reason',
        'payments.received_at',
        'orders.status as order_status',
      ])
      .where('payments.provider_payment_id', 'is not', null)
      .where('payments.status', 'in', ['PAID', 'REFUND_PENDING'])
      .where('payments.received_at', '>=', from)
      .where('payments.received_at', '<', until);
    if (last !== null)
      query = query.where(
        sql<boolean>`(payments.received_at, payments.id) > (SELECT received_at, id FROM payments WHERE id = ${last})`,
      );
    const rows = await query
      .orderBy('payments.received_at')
      .orderBy('payments.id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) return;
    const orderIds = [...new Set(rows.map((r) => r.order_id))];
    const [{ documents, credits, tenders, exchange }, refunds] = await Promise.all([
      orderFigures(db, orderIds),
      db
        .selectFrom('refunds')
        .select(['payment_id', 'purpose', 'state', 'amount', 'provider_refund_id'])
        .where(
          'payment_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute(),
    ]);
    for (const row of rows) {
      const matched = row.status === 'PAID' || INVOICED_REFUNDS.has(row.refund_reason ?? '');
      const invoice = matched
        ? documents.find((d) => d.order_id === row.order_id && d.kind === 'INVOICE')
        : undefined;
      const note = invoice
        ? documents.find((d) => d.order_id === row.order_id && d.kind === 'CREDIT_NOTE')
        : undefined;
      const own = refunds.filter((r) => r.payment_id === row.id);
      const refunded = own
        .filter((r) => r.state === 'processed')
        .reduce((sum, r) => sum + r.amount, 0);
      const due = own.find((r) => r.purpose === REFUND_DUE_PURPOSE);
      // A return's refund (its own purpose) of a payment that placed its order: owed until the
      // provider processes it, as the credit note already took it off the invoice.
      const returnsOwed = own
        .filter((r) => r.purpose !== REFUND_DUE_PURPOSE && r.state !== 'processed')
        .reduce((sum, r) => sum + r.amount, 0);
      const credit = invoice ? credits.get(row.order_id) : undefined;
      const tendered = invoice ? tenders.get(row.order_id) : undefined;
      yield {
        provider: row.provider,
        providerPaymentId: row.provider_payment_id!,
        amount: row.amount,
        date: istDay(row.received_at!),
        orderId: row.order_id,
        orderNumber: row.order_status ? orderNumberOf(row.order_id) : null,
        orderStatus: row.order_status ?? null,
        invoice: invoice?.number ?? null,
        invoiced: invoice ? totalOf(invoice.document) : 0,
        creditNote: note?.number ?? null,
        credited: note ? totalOf(note.document) : 0,
        refundReason:
          row.status === 'REFUND_PENDING' ? (row.refund_reason ?? 'ORDER_NOT_PENDING') : null,
        refundState: due?.state ?? own[0]?.state ?? null,
        providerRefundId: due?.provider_refund_id ?? own[0]?.provider_refund_id ?? null,
        refunded,
        owed: row.status === 'REFUND_PENDING' ? Math.max(0, row.amount - refunded) : returnsOwed,
        creditIssued: credit?.issued ?? 0,
        creditSpent: tendered?.storeCredit ?? 0,
        schemeSpent: tendered?.scheme ?? 0,
        method: row.provider === COD_PROVIDER ? 'cod' : 'online',
        exchangeCreditSpent: invoice ? (exchange.get(row.order_id) ?? 0) : 0,
      };
    }
    if (rows.length < PAGE) return;
    last = rows[rows.length - 1]!.id;
  }
}

/** Cash on delivery's remittances are recorded as payments of this provider. */
const COD_PROVIDER = 'cod';
/** The provider named on a row no money paid: the order's balances paid all of its invoice. */
export const BALANCES_PROVIDER = 'balances';

/** What the rows need of their orders: invoices and credit notes, credit issued, tenders spent. */
async function orderFigures(db: Kysely<Database>, orderIds: string[]) {
  const [documents, credits, spent] = await Promise.all([
    db
      .selectFrom('invoices')
      .select(['order_id', 'kind', 'number', 'document'])
      .where('order_id', 'in', orderIds)
      .execute(),
    storeCreditByOrder(db, orderIds),
    spentTendersOf(db, orderIds),
  ]);
  return {
    documents,
    credits,
    tenders: spentTendersByOrder(spent),
    exchange: await exchangeCreditByOrder(
      db,
      spent.filter((t) => t.kind === 'store_credit'),
    ),
  };
}

/**
 * A row for each invoice issued in the range that no payment paid but its order's tenders did
 * (a scheme's balance, store credit, or both): no money moved, but the invoice is a sale the
 * register lists, so the settlement lists it too (provider `balances`, amount 0), on the day
 * the invoice was issued. Read a page at a time.
 */
async function* balancePaidRows(
  db: Kysely<Database>,
  range: ReportRange,
): AsyncGenerator<SettlementPayment> {
  let last: { issued_at: Date; number: string } | null = null;
  for (;;) {
    const invoices = await unpaidInvoices(db, range, last);
    if (invoices.length === 0) return;
    const tendered = await tenderedForInvoices(db, invoices);
    const paid = invoices.filter((r) => (tendered.get(r.number) ?? 0) >= totalOf(r.document));
    const orderIds = [...new Set(paid.map((r) => r.order_id))];
    if (orderIds.length > 0) {
      const [{ documents, credits, tenders, exchange }, orders] = await Promise.all([
        orderFigures(db, orderIds),
        db.selectFrom('orders').select(['id', 'status']).where('id', 'in', orderIds).execute(),
      ]);
      for (const invoice of paid) {
        const note = documents.find(
          (d) => d.order_id === invoice.order_id && d.kind === 'CREDIT_NOTE',
        );
        const spent = tenders.get(invoice.order_id);
        const status = orders.find((o) => o.id === invoice.order_id)?.status ?? null;
        yield {
          provider: BALANCES_PROVIDER,
          providerPaymentId: '',
          amount: 0,
          date: istDay(invoice.issued_at),
          orderId: invoice.order_id,
          orderNumber: status ? orderNumberOf(invoice.order_id) : null,
          orderStatus: status,
          invoice: invoice.number,
          invoiced: totalOf(invoice.document),
          creditNote: note?.number ?? null,
          credited: note ? totalOf(note.document) : 0,
          refundReason: null,
          refundState: null,
          providerRefundId: null,
          refunded: 0,
          owed: 0,
          creditIssued: credits.get(invoice.order_id)?.issued ?? 0,
          creditSpent: spent?.storeCredit ?? 0,
          schemeSpent: spent?.scheme ?? 0,
          method: 'balances',
          exchangeCreditSpent: exchange.get(invoice.order_id) ?? 0,
        };
      }
    }
    if (invoices.length < PAGE) return;
    last = invoices[invoices.length - 1]!;
  }
}

/**
 * Store credit issued per order, in rupees: for its exchanged returns (a `return` entry per
 * return request). Credit spent on an order is its store-credit tender (`spentTendersByOrder`).
 */
async function storeCreditByOrder(db: Kysely<Database>, orderIds: string[]) {
  const rows = await db
    .selectFrom('customer_credit_entries as c')
    .innerJoin('return_requests as r', (j) =>
      j.on('c.source', '=', 'return').on(sql<boolean>`c.source_id = r.id::text`),
    )
    .select(['c.amount_paise', 'r.order_id'])
    .where('r.order_id', 'in', orderIds)
    .where('c.amount_paise', '>', 0)
    .execute();
  const paise = new Map<string, number>();
  for (const row of rows)
    paise.set(row.order_id, (paise.get(row.order_id) ?? 0) + Number(row.amount_paise));
  return new Map([...paise].map(([orderId, p]) => [orderId, { issued: Math.round(p / 100) }]));
}

/**
 * What balances paid of each order instead of money: its SPENT tenders (migration 037) — a
 * matured savings scheme, or store credit. A RETURNED tender went back to the scheme or the
 * credit when its order was cancelled or returned, and paid nothing.
 */
function spentTendersOf(db: Kysely<Database>, orderIds: string[]) {
  return db
    .selectFrom('order_tenders')
    .select(['id', 'order_id', 'user_id', 'kind', 'amount_paise'])
    .where('order_id', 'in', orderIds)
    .where('status', '=', 'SPENT')
    .execute();
}

/** The SPENT tenders summed per order and kind, in rupees. */
function spentTendersByOrder(tenders: { order_id: string; kind: string; amount_paise: number }[]) {
  const paise = new Map<string, { scheme: number; storeCredit: number }>();
  for (const t of tenders) {
    const sums = paise.get(t.order_id) ?? { scheme: 0, storeCredit: 0 };
    if (t.kind === 'scheme') sums.scheme += Number(t.amount_paise);
    else sums.storeCredit += Number(t.amount_paise);
    paise.set(t.order_id, sums);
  }
  return new Map(
    [...paise].map(([orderId, p]) => [
      orderId,
      { scheme: Math.round(p.scheme / 100), storeCredit: Math.round(p.storeCredit / 100) },
    ]),
  );
}

/**
 * A page of the invoices issued in the range that no recorded payment paid, in issue order
 * after `after`: paid by their orders' tenders, or (there should be none) by nothing.
 */
function unpaidInvoices(
  db: Kysely<Database>,
  range: ReportRange,
  after: { issued_at: Date; number: string } | null,
) {
  let query = db
    .selectFrom('invoices')
    .select(['number', 'issued_at', 'order_id', 'document'])
    .where('kind', '=', 'INVOICE')
    .where('issued_at', '>=', istDayStart(range.from))
    .where('issued_at', '<', istDayStart(nextDay(range.to)))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('payments')
            .select('payments.id')
            .whereRef('payments.order_id', '=', 'invoices.order_id')
            .where('payments.provider_payment_id', 'is not', null)
            .where((p) =>
              p.or([
                p('payments.status', '=', 'PAID'),
                p.and([
                  p('payments.status', '=', 'REFUND_PENDING'),
                  p('payments.refund_reason', 'in', [...INVOICED_REASONS]),
                ]),
              ]),
            ),
        ),
      ),
    );
  if (after)
    query = query.where(
      // Read back from the row: a JS Date drops the microseconds PostgreSQL keeps.
      sql<boolean>`(invoices.issued_at, invoices.number) > (SELECT i.issued_at, i.number FROM invoices i WHERE i.number = ${after.number})`,
    );
  // Two invoices issued in the same instant (a batch of confirmations) keep one order.
  return query.orderBy('issued_at').orderBy('number').limit(PAGE).execute();
}

/**
 * Invoices issued in the range that no recorded payment paid (there should be none). An order
 * paid wholly by tenders has no payment: its invoice is paid when its tenders cover the total —
 * SPENT ones, or ones RETURNED after the invoice (spent when placed, back on a cancel) — and it
 * is a row of its own (balancePaidRows).
 */
async function invoicesWithoutPayment(db: Kysely<Database>, range: ReportRange) {
  const out: { number: string; date: string; orderId: string; total: number }[] = [];
  let last: { issued_at: Date; number: string } | null = null;
  for (;;) {
    const rows = await unpaidInvoices(db, range, last);
    const tendered = await tenderedForInvoices(db, rows);
    for (const r of rows)
      if ((tendered.get(r.number) ?? 0) < totalOf(r.document))
        out.push({
          number: r.number,
          date: istDay(r.issued_at),
          orderId: r.order_id,
          total: totalOf(r.document),
        });
    if (rows.length < PAGE) return out;
    last = rows[rows.length - 1]!;
  }
}

/** Rupees the tenders of each invoice's order paid (by invoice number). */
async function tenderedForInvoices(
  db: Kysely<Database>,
  invoices: { number: string; order_id: string; issued_at: Date }[],
) {
  if (invoices.length === 0) return new Map<string, number>();
  const tenders = await db
    .selectFrom('order_tenders')
    .select(['order_id', 'status', 'amount_paise', 'settled_at'])
    .where(
      'order_id',
      'in',
      invoices.map((i) => i.order_id),
    )
    .where('status', 'in', ['SPENT', 'RETURNED'])
    .execute();
  return new Map(
    invoices.map((invoice) => {
      const paise = tenders
        .filter(
          (t) =>
            t.order_id === invoice.order_id &&
            (t.status === 'SPENT' ||
              (t.settled_at !== null && t.settled_at.getTime() >= invoice.issued_at.getTime())),
        )
        .reduce((sum, t) => sum + Number(t.amount_paise), 0);
      return [invoice.number, Math.round(paise / 100)];
    }),
  );
}

/**
 * The equation the settlement keeps: received − refunded = invoiced − credited + owed, plus the
 * store credit taken instead of money, less the store credit and the scheme balances that paid
 * instead of money (the order's SPENT tenders).
 */
export const settlementBalances = (t: SettlementTotals) =>
  t.received - t.refunded ===
  t.invoiced - t.credited + t.owed + t.creditIssued - t.creditSpent - t.schemeSpent;

/**
 * The settlement of a range (GET /api/admin/reports/settlement): payments received matched to
 * orders and invoices, the unmatched ones, invoices without a payment, refunds due and paid, and
 * the totals with their balance.
 */
export async function settlementReport(
  db: Kysely<Database>,
  range: ReportRange,
): Promise<Settlement> {
  const payments: SettlementPayment[] = [];
  const sums = settlementSums();
  for await (const row of settlementRows(db, range)) {
    payments.push(row);
    sums.add(row);
  }
  return {
    from: range.from,
    to: range.to,
    payments,
    ...(await sums.result(db, range)),
  };
}

/** The totals and the short lists of a settlement, gathered row by row. */
function settlementSums() {
  const totals: SettlementTotals = {
    received: 0,
    refunded: 0,
    invoiced: 0,
    credited: 0,
    owed: 0,
    creditIssued: 0,
    creditSpent: 0,
    schemeSpent: 0,
  };
  const unmatched: SettlementPayment[] = [];
  const refundsDue: SettlementPayment[] = [];
  const refundsPaid: SettlementPayment[] = [];
  const groups = settlementGroups();
  return {
    add(row: SettlementPayment) {
      groups.add(row);
      totals.received += row.amount;
      totals.refunded += row.refunded;
      totals.invoiced += row.invoiced;
      totals.credited += row.credited;
      totals.owed += row.owed;
      totals.creditIssued += row.creditIssued;
      totals.creditSpent += row.creditSpent;
      totals.schemeSpent += row.schemeSpent;
      // A row no money paid is an invoice its balances paid, never a payment without one.
      if (row.invoice === null && row.method !== 'balances') unmatched.push(row);
      if (row.owed > 0 && (row.refundState === null || row.refundState === 'failed'))
        refundsDue.push(row);
      if (row.refunded > 0) refundsPaid.push(row);
    },
    result: async (db: Kysely<Database>, range: ReportRange) => {
      const instalments = await instalmentsOwedBack(db, range);
      const { byMethod, byProvider } = groups.result();
      return {
        unmatched,
        invoicesWithoutPayment: await invoicesWithoutPayment(db, range),
        refundsDue,
        refundsPaid,
        totals,
        balances: settlementBalances(totals),
        byMethod,
        byProvider,
        balancesByMethod:
          byMethod.reduce((sum, g) => sum + g.net, 0) === totals.invoiced - totals.credited,
        instalmentsOwedBack: instalments.rows,
        instalmentTotals: instalments.totals,
      };
    },
  };
}

/**
 * The same JSON as settlementReport, streamed: every payment as it is read, then the lists of
 * exceptions (unmatched, refunds due and paid: the few the owner acts on) and the totals.
 */
export function settlementJson(db: Kysely<Database>, range: ReportRange): Readable {
  const sums = settlementSums();
  const rows = (async function* () {
    for await (const row of settlementRows(db, range)) {
      sums.add(row);
      yield row;
    }
  })();
  return jsonStream({ from: range.from, to: range.to }, 'payments', rows, () =>
    sums.result(db, range),
  );
}
