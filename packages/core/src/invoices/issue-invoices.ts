import type { Transaction } from 'kysely';
import type { Database, OrderRow } from '@kanak/db';
import { documentNumber, financialYear } from '@kanak/shared';
import type { InvoiceDocument, InvoiceLine } from './invoice-document';
import { invoiceLines } from './invoice-lines';
import {
  CREDIT_NOTE_SERIES,
  INVOICE_SERIES,
  creditNoteDocument,
  findInvoiceDocument,
  invoiceDocument,
  takeNumbers,
} from './issue-invoice';

/** An order of a batch being paid: its invoice, and a credit note when it cannot be filled. */
export interface InvoiceIntent {
  order: OrderRow;
  lines: InvoiceLine[];
  /** The credit note's reason (sold out when paid); null: the invoice only. */
  creditNote: string | null;
}

/**
 * issueInvoice and issueCreditNote for a batch of paid orders, in statements per batch, not per
 * order: the documents the orders already have are read at once, each series' counter takes the
 * batch's numbers in one step (consecutive, in the batch's order: gapless as one by one), and
 * the documents are inserted together. The caller holds the invoice counter (lockInvoiceCounter).
 * Answers each order's tax invoice (the one it had, or the one numbered now), in the given order.
 */
export async function issueInvoices(
  trx: Transaction<Database>,
  intents: readonly InvoiceIntent[],
  at: Date,
): Promise<InvoiceDocument[]> {
  if (intents.length === 0) return [];
  const fy = financialYear(at);
  const existing = await trx
    .selectFrom('invoices')
    .select(['id', 'order_id', 'kind', 'document'])
    .where(
      'order_id',
      'in',
      intents.map((i) => i.order.id),
    )
    .execute();
  const invoiceOf = new Map<string, { id: string; document: InvoiceDocument }>();
  const noted = new Set<string>();
  for (const row of existing)
    if (row.kind === 'INVOICE')
      invoiceOf.set(row.order_id, { id: row.id, document: row.document as InvoiceDocument });
    else noted.add(row.order_id);

  const fresh = intents.filter((i) => !invoiceOf.has(i.order.id));
  if (fresh.length) {
    const first = await takeNumbers(trx, { series: INVOICE_SERIES, fy, count: fresh.length });
    const documents = fresh.map((i, n) =>
      invoiceDocument({
        order: i.order,
        lines: i.lines,
        number: documentNumber(INVOICE_SERIES, fy, first + n),
        at,
      }),
    );
    const inserted = await trx
      .insertInto('invoices')
      .values(
        documents.map((document, n) => ({
          order_id: document.orderId,
          kind: 'INVOICE' as const,
          series: INVOICE_SERIES,
          fy,
          seq: first + n,
          number: document.number,
          refers_to: null,
          issued_at: at,
          document: JSON.stringify(document),
        })),
      )
      .returning(['id', 'order_id'])
      .execute();
    const idOf = new Map(inserted.map((r) => [r.order_id, r.id]));
    for (const document of documents)
      invoiceOf.set(document.orderId, { id: idOf.get(document.orderId)!, document });
  }

  const notes = intents.filter(
    (i) => i.creditNote !== null && !noted.has(i.order.id) && invoiceOf.has(i.order.id),
  );
  const invoices = intents.map((i) => invoiceOf.get(i.order.id)!.document);
  if (notes.length === 0) return invoices;
  const first = await takeNumbers(trx, { series: CREDIT_NOTE_SERIES, fy, count: notes.length });
  await trx
    .insertInto('invoices')
    .values(
      notes.map((i, n) => {
        const invoice = invoiceOf.get(i.order.id)!;
        const number = documentNumber(CREDIT_NOTE_SERIES, fy, first + n);
        return {
          order_id: i.order.id,
          kind: 'CREDIT_NOTE' as const,
          series: CREDIT_NOTE_SERIES,
          fy,
          seq: first + n,
          number,
          refers_to: invoice.id,
          issued_at: at,
          document: JSON.stringify(
            creditNoteDocument({ original: invoice.document, number, at, reason: i.creditNote! }),
          ),
        };
      }),
    )
    .execute();
  return invoices;
}

/**
 * Numbers the tax invoice of an order being marked paid, in that transaction (the ledger's
 * placePaidOrder, a cash-on-delivery order's dispatch). `at` is the moment of payment (tests pass
 * their own clock). A second call for the same order answers the invoice it has. A batch of one
 * (issueInvoices), so the numbering rules live once.
 */
export async function issueInvoice(
  trx: Transaction<Database>,
  order: OrderRow,
  at: Date = new Date(),
): Promise<InvoiceDocument> {
  const existing = await findInvoiceDocument(trx, order.id, 'INVOICE');
  if (existing) return existing;
  const lines = await invoiceLines(trx, order.id);
  const [document] = await issueInvoices(trx, [{ order, lines, creditNote: null }], at);
  return document!;
}
