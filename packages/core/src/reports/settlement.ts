import type { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import {
  orderNumberOf,
  type RefundReason,
  type ReportPaging,
  type ReportRange,
  type Settlement,
  type SettlementInvoice,
  type SettlementPayment,
  type SettlementTotals,
} from '@kanak/shared';
import { exchangeCreditByOrder } from './credit-origins';
import { settlementGroups } from './settlement-groups';
import { instalmentsOwedBack } from './settlement-instalments';
import type { InvoiceDocument } from '../invoices';
import { REFUND_DUE_PURPOSE } from '../common';
import { istDay, istDayStart, nextDay } from './report-documents';
import { jsonObjectStream, takePage } from './report-json';

/** Payments read per query (keyset pages, as the other reports read documents). */
const PAGE = 500;

/**
 * A payment pays its order's invoice when it placed the order (PAID), or placed it and was then
 * owed back because the shop cancelled it or the piece sold out as it arrived (both invoiced,
 * then credited). Other money owed back (an extra payment, a late one on a closed link, a wrong
 * amount) never had an invoice.
 */
const INVOICED_REASONS = ['SOLD_OUT', 'CANCELLED_BY_SHOP'] as const satisfies RefundReason[];

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
      .leftJoin('cod_orders', 'cod_orders.order_id', 'payments.order_id')
      .select([
        'cod_orders.remittance_difference',
        'cod_orders.difference_resolved_at',
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
    const [{ documents, credits, tenders, exchange, transfers }, refunds, holders] =
      await Promise.all([
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
        invoicePayments(db, orderIds),
      ]);
    for (const row of rows) {
      // An order's invoice (and what else paid it: tenders, credit, a return's transfer) is
      // one payment's, however many read as paying it: counted once.
      const matched = holders.get(row.order_id) === row.id;
      const invoice = matched
        ? documents.find((d) => d.order_id === row.order_id && d.kind === 'INVOICE')
        : undefined;
      const note = invoice ? creditNotesOf(documents, row.order_id) : undefined;
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
      // A return's refund no provider could pay (cash on delivery) is the invoice's payment's:
      // owed until paid by bank transfer, then refunded.
      const byHand = invoice ? transfers.get(row.order_id) : undefined;
      // The carrier's remittance recorded short of (or over) the cash its invoice was due.
      const gap = invoice && row.provider === COD_PROVIDER ? (row.remittance_difference ?? 0) : 0;
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
        credited: note?.total ?? 0,
        refundReason:
          row.status === 'REFUND_PENDING' ? (row.refund_reason ?? 'ORDER_NOT_PENDING') : null,
        refundState: due?.state ?? own[0]?.state ?? null,
        providerRefundId: due?.provider_refund_id ?? own[0]?.provider_refund_id ?? null,
        refunded: refunded + (byHand?.paid ?? 0),
        owed:
          (row.status === 'REFUND_PENDING' ? Math.max(0, row.amount - refunded) : returnsOwed) +
          (byHand?.due ?? 0),
        creditIssued: credit?.issued ?? 0,
        creditSpent: tendered?.storeCredit ?? 0,
        schemeSpent: tendered?.scheme ?? 0,
        method: row.provider === COD_PROVIDER ? 'cod' : 'online',
        exchangeCreditSpent: invoice ? (exchange.get(row.order_id) ?? 0) : 0,
        transferDue: byHand?.due ?? 0,
        transferPaid: byHand?.paid ?? 0,
        transferReference: byHand?.references.join(', ') || null,
        remittanceShort: Math.max(0, -gap),
        remittanceOver: Math.max(0, gap),
        shortResolved: gap < 0 ? row.difference_resolved_at !== null : null,
      };
    }
    if (rows.length < PAGE) return;
    last = rows[rows.length - 1]!.id;
  }
}

/**
 * The payment that pays each order's invoice: the first received (then by id) of those that
 * placed it (PAID, or owed back because the shop cancelled it or it sold out). A second one (two
 * providers' links both paid, say) is a payment without an invoice of its own.
 */
async function invoicePayments(db: Kysely<Database>, orderIds: string[]) {
  const rows = await db
    .selectFrom('payments')
    .distinctOn('order_id')
    .select(['order_id', 'id'])
    .where('order_id', 'in', orderIds)
    .where('provider_payment_id', 'is not', null)
    .where((p) =>
      p.or([
        p('status', '=', 'PAID'),
        p.and([
          p('status', '=', 'REFUND_PENDING'),
          p('refund_reason', 'in', [...INVOICED_REASONS]),
        ]),
      ]),
    )
    .orderBy('order_id')
    .orderBy('received_at')
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [r.order_id, r.id]));
}

/**
 * An order's credit notes as one: their numbers in issue order and their totals summed (a
 * cancel credits the invoice once; each return of some pieces has a note of its own).
 */
function creditNotesOf(
  documents: { order_id: string; kind: string; number: string; document: unknown }[],
  orderId: string,
) {
  const notes = documents
    .filter((d) => d.order_id === orderId && d.kind === 'CREDIT_NOTE')
    .sort((a, b) => a.number.localeCompare(b.number));
  if (notes.length === 0) return undefined;
  return {
    number: notes.map((n) => n.number).join(', '),
    total: notes.reduce((sum, n) => sum + totalOf(n.document), 0),
  };
}

/** Cash on delivery's remittances are recorded as payments of this provider. */
const COD_PROVIDER = 'cod';
/** The provider named on a row no money paid: the order's balances paid all of its invoice. */
export const BALANCES_PROVIDER = 'balances';

/** The fields of a row no bank transfer nor carrier remittance touches (balances, instalments). */
export const NO_TRANSFER_NOR_REMITTANCE = {
  transferDue: 0,
  transferPaid: 0,
  transferReference: null,
  remittanceShort: 0,
  remittanceOver: 0,
  shortResolved: null,
} as const satisfies Partial<SettlementPayment>;

/** What the rows need of their orders: invoices and credit notes, credit issued, tenders spent. */
async function orderFigures(db: Kysely<Database>, orderIds: string[]) {
  const [documents, credits, spent, transfers] = await Promise.all([
    db
      .selectFrom('invoices')
      .select(['order_id', 'kind', 'number', 'document'])
      .where('order_id', 'in', orderIds)
      .execute(),
    storeCreditByOrder(db, orderIds),
    spentTendersOf(db, orderIds),
    transfersByOrder(db, orderIds),
  ]);
  return {
    documents,
    credits,
    transfers,
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
        const note = creditNotesOf(documents, invoice.order_id);
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
          credited: note?.total ?? 0,
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
          ...NO_TRANSFER_NOR_REMITTANCE,
        };
      }
    }
    if (invoices.length < PAGE) return;
    last = invoices[invoices.length - 1]!;
  }
}

/**
 * Per order, its returns' refunds that no provider could pay (cash on delivery), in rupees: due
 * (by bank transfer, not yet paid) and paid by bank transfer, with the transfers' references.
 */
async function transfersByOrder(db: Kysely<Database>, orderIds: string[]) {
  const rows = await db
    .selectFrom('return_requests')
    .select(['order_id', 'refund_paise', 'refund_status', 'refund_reference'])
    .where('order_id', 'in', orderIds)
    .where('kind', '=', 'return')
    .where('state', '=', 'refunded')
    .where((eb) => eb.or([eb('refund_status', '=', 'due'), eb('refund_reference', 'is not', null)]))
    .orderBy('created_at')
    .execute();
  const out = new Map<string, { due: number; paid: number; references: string[] }>();
  for (const r of rows) {
    const sums = out.get(r.order_id) ?? { due: 0, paid: 0, references: [] };
    const rupees = Math.round(Number(r.refund_paise) / 100);
    if (r.refund_reference) {
      sums.paid += rupees;
      sums.references.push(r.refund_reference);
    } else sums.due += rupees;
    out.set(r.order_id, sums);
  }
  return out;
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
async function* invoicesWithoutPayment(
  db: Kysely<Database>,
  range: ReportRange,
): AsyncGenerator<SettlementInvoice> {
  let last: { issued_at: Date; number: string } | null = null;
  for (;;) {
    const rows = await unpaidInvoices(db, range, last);
    const tendered = await tenderedForInvoices(db, rows);
    for (const r of rows)
      if ((tendered.get(r.number) ?? 0) < totalOf(r.document))
        yield {
          number: r.number,
          date: istDay(r.issued_at),
          orderId: r.order_id,
          total: totalOf(r.document),
        };
    if (rows.length < PAGE) return;
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
 * instead of money (the order's SPENT tenders), less what COD remittances fell short of the cash
 * due and plus what they exceeded it by.
 */
export const settlementBalances = (t: SettlementTotals) =>
  t.received - t.refunded ===
  t.invoiced -
    t.credited +
    t.owed +
    t.creditIssued -
    t.creditSpent -
    t.schemeSpent -
    t.codShort +
    t.codOver;

/**
 * The settlement of a range (GET /api/admin/reports/settlement): payments received matched to
 * orders and invoices, the unmatched ones, invoices without a payment, refunds due and paid, and
 * the totals with their balance. The tRPC answer: the payments of one page (REPORT_PAGE_SIZE by
 * default, so a range that fits is whole), the totals and short lists over the whole range.
 */
export async function settlementReport(
  db: Kysely<Database>,
  range: ReportRange & ReportPaging,
): Promise<Settlement> {
  const sums = settlementSums();
  const { rows: payments, page } = await takePage(
    (async function* () {
      for await (const row of settlementRows(db, range)) {
        sums.add(row);
        yield row;
      }
    })(),
    range,
  );
  // There should be none; a range that has them by the thousand is paged like the payments.
  const unpaid = await takePage(invoicesWithoutPayment(db, range), range);
  return {
    from: range.from,
    to: range.to,
    payments,
    invoicesWithoutPayment: unpaid.rows,
    ...(await sums.result(db, range)),
    page: {
      ...page,
      pages: Math.max(page.pages, unpaid.page.pages),
      invoicesWithoutPayment: unpaid.page.rows,
    },
  };
}

/** The settlement's lists of exceptions: the payment rows the owner acts on. */
const EXCEPTIONS = {
  // A row no money paid is an invoice its balances paid, never a payment without one.
  unmatched: (row: SettlementPayment) => row.invoice === null && row.method !== 'balances',
  refundsDue: (row: SettlementPayment) =>
    row.owed > 0 && (row.refundState === null || row.refundState === 'failed'),
  refundsPaid: (row: SettlementPayment) => row.refunded > 0,
};

/**
 * The totals and the short lists of a settlement, gathered row by row; without `keepLists` the
 * lists stay empty (the JSON stream writes them from passes of their own).
 */
function settlementSums(keepLists = true) {
  const totals: SettlementTotals = {
    received: 0,
    refunded: 0,
    invoiced: 0,
    credited: 0,
    owed: 0,
    creditIssued: 0,
    creditSpent: 0,
    schemeSpent: 0,
    codShort: 0,
    codOver: 0,
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
      totals.codShort += row.remittanceShort;
      totals.codOver += row.remittanceOver;
      if (!keepLists) return;
      if (EXCEPTIONS.unmatched(row)) unmatched.push(row);
      if (EXCEPTIONS.refundsDue(row)) refundsDue.push(row);
      if (EXCEPTIONS.refundsPaid(row)) refundsPaid.push(row);
    },
    result: async (db: Kysely<Database>, range: ReportRange) => {
      const instalments = await instalmentsOwedBack(db, range);
      const { byMethod, byProvider } = groups.result();
      return {
        unmatched,
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
 * The payment rows of a range one list of exceptions holds, as they are read. Only money rows:
 * an invoice its balances paid is never an exception (nothing unmatched, owed or refunded), so
 * the invoices are not read again.
 */
async function* exceptionRows(
  db: Kysely<Database>,
  range: ReportRange,
  keep: (row: SettlementPayment) => boolean,
): AsyncGenerator<SettlementPayment> {
  for await (const row of paymentRows(db, range)) if (keep(row)) yield row;
}

/**
 * The same JSON as settlementReport (without its page), streamed: every payment as it is read,
 * the invoices without a payment as they are read, then the lists of exceptions (unmatched,
 * refunds due and paid), each written from a pass of its own as its rows are read — a year whose
 * payments were all refunded holds no list of them in memory — and the totals.
 */
export function settlementJson(db: Kysely<Database>, range: ReportRange): Readable {
  const sums = settlementSums(false);
  return jsonObjectStream([
    { key: 'from', value: () => range.from },
    { key: 'to', value: () => range.to },
    {
      key: 'payments',
      rows: async function* () {
        for await (const row of settlementRows(db, range)) {
          sums.add(row);
          yield row;
        }
      },
    },
    { key: 'invoicesWithoutPayment', rows: () => invoicesWithoutPayment(db, range) },
    { key: 'unmatched', rows: () => exceptionRows(db, range, EXCEPTIONS.unmatched) },
    { key: 'refundsDue', rows: () => exceptionRows(db, range, EXCEPTIONS.refundsDue) },
    { key: 'refundsPaid', rows: () => exceptionRows(db, range, EXCEPTIONS.refundsPaid) },
    {
      spread: async () => {
        const {
          unmatched: _u,
          refundsDue: _d,
          refundsPaid: _p,
          ...rest
        } = await sums.result(db, range);
        return rest;
      },
    },
  ]);
}
