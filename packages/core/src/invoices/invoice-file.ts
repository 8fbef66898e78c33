import type { Kysely } from 'kysely';
import type { Database, InvoiceKind } from '@kanak/db';
import { needsPan } from '@kanak/shared';
import type { AuthUser } from '../auth';
import { canSeeRecordOf } from '../auth';
import { badRequest, conflict, notFound } from '../common';
import { requireId } from '../common';
import { HUID_SKIP_NOTE } from '../hallmark';
import { huidLines, linesLackingHuids } from '../hallmark';
import type { InvoiceDocument, SellerDetails } from './invoice-document';
import { renderInvoicePdf } from './invoice-pdf';
import { tenderViews } from '../tenders';

const PAN_FIRST =
  "The invoice of an order above ₹2,00,000 prints the buyer's PAN: record it on the order page first";

export interface InvoiceFile {
  number: string;
  fileName: string;
  body: Buffer;
}

/** Longer than any series/year/sequence number the shop prints. */
const DOCUMENT_NUMBER_MAX = 40;

const NOT_READY =
  'The invoice goes with the parcel and prints the HUID of each hallmarked gold piece: it is issued when the order is dispatched';

export interface InvoicePdfOptions {
  orderId: string;
  kind: InvoiceKind;
  seller: SellerDetails;
  number?: string;
}

/**
 * An order's invoice or credit note as a PDF. Rendered once, the first time it is asked for,
 * under the invoice row's lock, and kept in the row: every download and mail carries the same
 * document. An invoice waits for the HUIDs its gold pieces need and for the PAN an order above
 * ₹2,00,000 prints (409 until then). No such document yet: 404.
 */
export async function invoicePdf(
  db: Kysely<Database>,
  { orderId, kind, seller, number }: InvoicePdfOptions,
): Promise<InvoiceFile> {
  const what = kind === 'INVOICE' ? 'Invoice' : 'Credit note';
  let stored = db
    .selectFrom('invoices')
    .select(['id', 'number', 'pdf'])
    .where('order_id', '=', orderId)
    .where('kind', '=', kind);
  // One document named by its number (an order's earlier credit note); else the latest.
  if (number !== undefined) stored = stored.where('number', '=', number);
  const found = await stored
    // An order's latest credit note (each return of some pieces has its own).
    .orderBy('issued_at', 'desc')
    .orderBy('number', 'desc')
    .executeTakeFirst();
  if (!found) throw notFound(what);
  const fileName = `${found.number.replaceAll('/', '-')}.pdf`;
  const body =
    found.pdf ??
    (await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('invoices')
        .select(['id', 'pdf', 'document'])
        .where('id', '=', found.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (row.pdf) return row.pdf;
      const order = await trx
        .selectFrom('orders')
        .select(['buyer_pan', 'total_discounted_price'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      const lines = await huidLines(trx, orderId);
      const skipped =
        kind === 'INVOICE' && linesLackingHuids(lines).length
          ? await huidSkipOf(trx, orderId)
          : null;
      if (kind === 'INVOICE' && linesLackingHuids(lines).length && !skipped)
        throw conflict(NOT_READY);
      if (kind === 'INVOICE' && needsPan(order.total_discounted_price) && !order.buyer_pan)
        throw conflict(PAN_FIRST);
      const bytes = await renderInvoicePdf(row.document as InvoiceDocument, seller, {
        huids: Object.fromEntries(lines.map((l) => [l.id, l.huids])),
        pan: order.buyer_pan,
        paidBy: await paidByOf(trx, orderId),
        ...(skipped ? { huidNote: skipped } : {}),
      });
      await trx.updateTable('invoices').set({ pdf: bytes }).where('id', '=', row.id).execute();
      return bytes;
    }));
  return { number: found.number, fileName, body };
}

/** Why a development shop shipped without HUIDs, as its ship event keeps it; null if it did not. */
async function huidSkipOf(db: Kysely<Database>, orderId: string): Promise<string | null> {
  const event = await db
    .selectFrom('order_events')
    .select('note')
    .where('order_id', '=', orderId)
    .where('to_status', '=', 'SHIPPED')
    .where('note', 'like', `${HUID_SKIP_NOTE}%`)
    .executeTakeFirst();
  return event?.note ?? null;
}

/**
 * The tenders an invoice names when a balance paid part of the order: each spent balance, then
 * the link's captured payment(s). Empty for an order paid by its link alone (nothing printed).
 */
async function paidByOf(
  db: Kysely<Database>,
  orderId: string,
): Promise<{ label: string; amount: number }[]> {
  const tenders = (await tenderViews(db, [orderId])).get(orderId) ?? [];
  const spent = tenders.filter((t) => t.status === 'SPENT');
  if (spent.length === 0) return [];
  const payments = await db
    .selectFrom('payments')
    .select(['provider_payment_id', 'amount'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'PAID')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return [
    ...spent.map((t) => ({ label: t.label, amount: t.amount })),
    ...payments.map((p) => ({
      label: `Payment link (${p.provider_payment_id ?? 'online'})`,
      amount: p.amount,
    })),
  ];
}

export interface OpenInvoicePdfOptions {
  user: AuthUser;
  id: unknown;
  kind: InvoiceKind;
  seller: SellerDetails;
  number?: unknown;
}

/**
 * GET /api/orders/{id}/invoice and /credit-note: the owner's or an admin's (another's: 404).
 * `number` names one of the order's documents (its earlier credit note); absent, the latest.
 */
export async function openInvoicePdf(
  db: Kysely<Database>,
  { user, id, kind, seller, number }: OpenInvoicePdfOptions,
): Promise<InvoiceFile> {
  const orderId = requireId(id, 'Order');
  if (
    number !== undefined &&
    (typeof number !== 'string' || number.length === 0 || number.length > DOCUMENT_NUMBER_MAX)
  )
    throw badRequest('number names one document of the order, such as KJCN/2026-27/000001');
  const order = await db
    .selectFrom('orders')
    .select(['user_id'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order || !canSeeRecordOf(user, order.user_id)) throw notFound('Order');
  return invoicePdf(db, { orderId, kind, seller, number });
}
