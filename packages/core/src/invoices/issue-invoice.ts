import { sql, type Transaction } from 'kysely';
import type { Database, InvoiceKind, OrderRow } from '@kanak/db';
import { documentNumber, financialYear, findIndianState } from '@kanak/shared';
import type { InvoiceDocument, InvoiceLine } from './invoice-document';
import { piecesOfLine } from './invoice-lines';

/** Tax invoices and credit notes are numbered in their own series (Rule 46 and 53 CGST Rules). */
export const INVOICE_SERIES = 'KJ';
export const CREDIT_NOTE_SERIES = 'KJCN';

/**
 * The next number of a series in a financial year. The counter row is written (and so locked)
 * by this transaction until it commits: a concurrent payment waits, then takes the next number;
 * a transaction rolled back gives its number back. Gapless and unique under any number of
 * workers.
 */
async function nextNumber(trx: Transaction<Database>, series: string, fy: string) {
  return takeNumbers(trx, { series, fy, count: 1 });
}

export interface TakeNumbersOptions {
  series: string;
  fy: string;
  count: number;
}

/**
 * `count` consecutive numbers of a series at once (a batch of payments), the same way: answers
 * the first; the batch uses first … first + count − 1.
 */
export async function takeNumbers(
  trx: Transaction<Database>,
  { series, fy, count }: TakeNumbersOptions,
): Promise<number> {
  const row = await trx
    .insertInto('invoice_counters')
    .values({ series, fy, last_number: count })
    .onConflict((oc) =>
      oc
        .columns(['series', 'fy'])
        .doUpdateSet({ last_number: sql<number>`invoice_counters.last_number + ${count}` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number - count + 1;
}

export interface InsertDocumentOptions {
  kind: InvoiceKind;
  series: string;
  at: Date;
  build: (number: string) => InvoiceDocument;
  refersTo: string | null;
}

async function insertDocument(
  trx: Transaction<Database>,
  { kind, series, at, build, refersTo }: InsertDocumentOptions,
): Promise<InvoiceDocument> {
  const fy = financialYear(at);
  const seq = await nextNumber(trx, series, fy);
  const number = documentNumber(series, fy, seq);
  const document = build(number);
  await trx
    .insertInto('invoices')
    .values({
      order_id: document.orderId,
      kind,
      series,
      fy,
      seq,
      number,
      refers_to: refersTo,
      issued_at: at,
      document: JSON.stringify(document),
    })
    .execute();
  return document;
}

/**
 * Takes this financial year's invoice counter first, before any order, link, size or cart row:
 * every payment transaction numbers an invoice, so they all meet at this row anyway, and taking
 * it first keeps them from holding a shopper's cart while waiting for it (a deadlock between
 * two transactions that each hold what the other locks next).
 */
export async function lockInvoiceCounter(trx: Transaction<Database>, at: Date = new Date()) {
  const fy = financialYear(at);
  // One round trip: the no-op update of an existing row locks it as FOR UPDATE would.
  await trx
    .insertInto('invoice_counters')
    .values({ series: INVOICE_SERIES, fy, last_number: 0 })
    .onConflict((oc) =>
      oc
        .columns(['series', 'fy'])
        .doUpdateSet({ last_number: sql<number>`invoice_counters.last_number` }),
    )
    .execute();
}

export interface InvoiceDocumentOptions {
  order: OrderRow;
  lines: InvoiceLine[];
  number: string;
  at: Date;
}

/** A tax invoice's document: the buyer and place of supply from the order, and its lines. */
export function invoiceDocument({
  order,
  lines,
  number,
  at,
}: InvoiceDocumentOptions): InvoiceDocument {
  const stateCode = findIndianState(order.ship_state)?.gstCode ?? '';
  return {
    kind: 'INVOICE',
    number,
    issuedAt: at.toISOString(),
    orderId: order.id,
    orderDate: new Date(order.order_date).toISOString(),
    buyer: {
      name: `${order.ship_first_name} ${order.ship_last_name}`.trim(),
      address: [
        order.ship_street_address,
        order.ship_city,
        `${order.ship_state} ${order.ship_zip_code}`,
      ]
        .filter(Boolean)
        .join(', '),
      state: order.ship_state,
      stateCode,
    },
    placeOfSupply: { state: order.ship_state, stateCode },
    lines,
    totals: {
      taxable: lines.reduce((s, l) => s + l.taxable, 0),
      gst: lines.reduce((s, l) => s + l.gst, 0),
      total: lines.reduce((s, l) => s + l.total, 0),
    },
  };
}

export interface CreditNoteDocumentOptions {
  original: InvoiceDocument;
  number: string;
  at: Date;
  reason: string;
}

/** A credit note reversing `original` in full, referring to it. */
export const creditNoteDocument = ({
  original,
  number,
  at,
  reason,
}: CreditNoteDocumentOptions): InvoiceDocument => ({
  ...original,
  kind: 'CREDIT_NOTE',
  number,
  issuedAt: at.toISOString(),
  refersTo: { number: original.number, issuedAt: original.issuedAt },
  reason,
});

export interface IssueCreditNoteOptions {
  orderId: string;
  reason: string;
  at?: Date;
  onlyItems?: readonly string[];
  pieces?: ReadonlyMap<string, number>;
}

/**
 * A credit note for an invoiced order whose payment is owed back (sold out when paid, or
 * cancelled by the shop after payment): the invoice's lines reversed in full, in its own series,
 * referring to the invoice. None when the order has no invoice or already has its note.
 * `onlyItems` (a return of some pieces): only those order lines, with their totals; `pieces`:
 * how many of each line (a line of 2 returning 1 is credited for 1).
 */
export async function issueCreditNote(
  trx: Transaction<Database>,
  { orderId, reason, at = new Date(), onlyItems, pieces }: IssueCreditNoteOptions,
): Promise<InvoiceDocument | null> {
  const invoice = await trx
    .selectFrom('invoices')
    .select(['id', 'document'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'INVOICE')
    .executeTakeFirst();
  // A cancel or a refund credits the whole invoice once; each return credits its own pieces
  // (a second return of a line's other pieces gets a note of its own).
  if (!invoice || (!onlyItems && (await findInvoiceDocument(trx, orderId, 'CREDIT_NOTE'))))
    return null;
  const invoiced = invoice.document as InvoiceDocument;
  const lines = onlyItems
    ? invoiced.lines
        .filter((l) => onlyItems.includes(l.orderItemId))
        .map((l) => piecesOfLine(l, pieces?.get(l.orderItemId) ?? l.quantity))
    : invoiced.lines;
  const original: InvoiceDocument = onlyItems
    ? {
        ...invoiced,
        lines,
        totals: {
          taxable: lines.reduce((s, l) => s + l.taxable, 0),
          gst: lines.reduce((s, l) => s + l.gst, 0),
          total: lines.reduce((s, l) => s + l.total, 0),
        },
      }
    : invoiced;
  return insertDocument(trx, {
    kind: 'CREDIT_NOTE',
    series: CREDIT_NOTE_SERIES,
    at,
    build: (number) => creditNoteDocument({ original, number, at, reason }),
    refersTo: invoice.id,
  });
}

/** The order's document of this kind (its tax invoice, its credit note), or null. */
export async function findInvoiceDocument(
  trx: Transaction<Database>,
  orderId: string,
  kind: InvoiceKind,
): Promise<InvoiceDocument | null> {
  const row = await trx
    .selectFrom('invoices')
    .select('document')
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row ? (row.document as InvoiceDocument) : null;
}
