import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database, InvoiceKind } from '@kanak/db';
import { needsPan } from '@kanak/shared';
import type { AuthUser } from '../auth/tokens';
import { canSeeRecordOf } from '../auth/access';
import { conflict, notFound } from '../common/errors';
import { requireId } from '../common/ids';
import type { ImageStore } from '../uploads/image-store';
import { huidLines, linesLackingHuids } from '../hallmark/order-huids';
import type { InvoiceDocument, SellerDetails } from './invoice-document';
import { renderInvoicePdf } from './invoice-pdf';

const PAN_FIRST =
  "The invoice of an order above ₹2,00,000 prints the buyer's PAN: record it on the order page first";

export interface InvoiceFile {
  number: string;
  fileName: string;
  body: Readable;
}

const NOT_READY =
  'The invoice is issued with the HUID of each hallmarked gold piece: it can be downloaded once they are recorded at dispatch';

/**
 * The stored PDF of an order's invoice or credit note, for its owner or an admin (another
 * customer: 404). Rendered once, on the first download, under the invoice row's lock, then kept
 * in the uploads store (never under a public name): every download is the same document.
 * An invoice waits for the HUIDs its gold pieces need (409 until then).
 */
export async function openInvoicePdf(
  db: Kysely<Database>,
  store: ImageStore,
  user: AuthUser,
  id: unknown,
  kind: InvoiceKind,
  seller: SellerDetails,
): Promise<InvoiceFile> {
  const orderId = requireId(id, 'Order');
  const what = kind === 'INVOICE' ? 'Invoice' : 'Credit note';
  const order = await db
    .selectFrom('orders')
    .select(['user_id', 'buyer_pan', 'total_discounted_price'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order || !canSeeRecordOf(user, order.user_id)) throw notFound('Order');
  const stored = await db
    .selectFrom('invoices')
    .select(['id', 'number', 'pdf_key'])
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!stored) throw notFound(what);
  const fileName = `${stored.number.replaceAll('/', '-')}.pdf`;
  const key =
    stored.pdf_key ??
    (await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('invoices')
        .select(['id', 'pdf_key', 'document'])
        .where('id', '=', stored.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (row.pdf_key) return row.pdf_key;
      const lines = await huidLines(trx, orderId);
      if (kind === 'INVOICE' && linesLackingHuids(lines).length) throw conflict(NOT_READY);
      if (kind === 'INVOICE' && needsPan(order.total_discounted_price) && !order.buyer_pan)
        throw conflict(PAN_FIRST);
      const bytes = await renderInvoicePdf(row.document as InvoiceDocument, seller, {
        huids: Object.fromEntries(lines.map((l) => [l.id, l.huids])),
        pan: order.buyer_pan,
      });
      const name = `invoice-${row.id}.pdf`;
      await store.put(name, bytes, 'application/pdf').catch(async (error: unknown) => {
        // A render whose transaction failed after storing: the file is the same document.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      });
      await trx.updateTable('invoices').set({ pdf_key: name }).where('id', '=', row.id).execute();
      return name;
    }));
  const body = await store.get(key);
  if (!body) throw notFound(`${what} file`);
  return {
    number: stored.number,
    fileName,
    body: body instanceof Readable ? body : Readable.from(body),
  };
}
