import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { renderPackingSlip, type SlipSender } from '../shipments';
import { getAdminOrderDetail } from './admin-order-detail';

// The order's detail is read here and drawn by shipments, which so need not import orders.

/**
 * The packing slip that goes in the parcel, as an A4 PDF: sender and return address, the order
 * and its tax invoice number, where it goes, what is in it with each piece's HUID to check
 * against the engraving, and the parcel (carrier, AWB, insured value) once shipped. No prices
 * but the insured value. Dates are India's ("7 Dec 2026").
 */
export async function packingSlipPdf(
  db: Kysely<Database>,
  orderId: unknown,
  sender: SlipSender,
): Promise<{ fileName: string; body: Buffer }> {
  const detail = await getAdminOrderDetail(db, orderId);
  return {
    fileName: `packing-slip-${detail.orderNumber}.pdf`,
    body: await renderPackingSlip(detail, sender),
  };
}
