import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { INDIA_OFFSET, indiaIsoDateTime, measureValue, orderNumberOf } from '@kanak/shared';
import { badRequest } from '../common';
import { safeCell } from '../reports';

/** One parcel of a day's manifest: what left, with which carrier, AWB and insured value. */
export interface ManifestRow {
  orderId: string;
  orderNumber: string;
  /** ISO instant (UTC, as the API gives every moment). */
  shippedAt: string;
  carrier: string;
  carrierCode: string;
  awb: string;
  /** The tax invoice that goes in the parcel; null for an order shipped before it was numbered. */
  invoiceNumber: string | null;
  /** Rupees. */
  insuredValue: number;
  consignee: string;
  phone: string;
  city: string;
  state: string;
  pin: string;
  pieces: number;
  /** Net weight of the pieces in grams, as sold ("5 g" each); 0 when no line is weighed in grams. */
  netWeightGrams: number;
}

/**
 * The parcels shipped on `date` (YYYY-MM-DD, India's day: a parcel handed over at 1 a.m. is
 * that day's), by carrier (each carrier's pickup signs its own list) then in dispatch order;
 * `carrier` (a code) keeps one carrier's.
 */
export async function shipmentManifest(
  db: Kysely<Database>,
  date: string,
  carrier?: string,
): Promise<ManifestRow[]> {
  const from = Date.parse(`${date}T00:00:00${INDIA_OFFSET}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(from))
    throw badRequest('date must be a day as YYYY-MM-DD');
  let query = db
    .selectFrom('shipments')
    .innerJoin('orders', 'orders.id', 'shipments.order_id')
    .select((eb) => [
      'orders.id',
      'orders.ship_first_name',
      'orders.ship_last_name',
      'orders.ship_mobile',
      'orders.ship_city',
      'orders.ship_state',
      'orders.ship_zip_code',
      'orders.total_item',
      'shipments.carrier_code',
      'shipments.carrier_name',
      'shipments.awb',
      'shipments.insured_value_paise',
      'shipments.shipped_at',
      eb
        .selectFrom('invoices')
        .select('invoices.number')
        .whereRef('invoices.order_id', '=', 'orders.id')
        .where('invoices.kind', '=', 'INVOICE')
        .orderBy('invoices.issued_at')
        .limit(1)
        .as('invoice_number'),
    ])
    .where('shipments.shipped_at', '>=', new Date(from))
    .where('shipments.shipped_at', '<', new Date(from + 86_400_000));
  if (carrier) query = query.where('shipments.carrier_code', '=', carrier);
  const rows = await query
    .orderBy('shipments.carrier_name')
    .orderBy('shipments.shipped_at')
    .orderBy('orders.id')
    .execute();
  const grams = await netGrams(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    orderId: r.id,
    orderNumber: orderNumberOf(r.id),
    shippedAt: new Date(r.shipped_at).toISOString(),
    carrier: r.carrier_name,
    carrierCode: r.carrier_code,
    awb: r.awb,
    invoiceNumber: r.invoice_number ?? null,
    insuredValue: Math.round(Number(r.insured_value_paise) / 100),
    consignee: `${r.ship_first_name} ${r.ship_last_name}`.trim(),
    phone: r.ship_mobile,
    city: r.ship_city,
    state: r.ship_state,
    pin: r.ship_zip_code,
    pieces: r.total_item,
    netWeightGrams: grams.get(r.id) ?? 0,
  }));
}

/** Each order's net weight in grams: its lines' "5 g" times their quantity (3 decimals). */
async function netGrams(db: Kysely<Database>, orderIds: string[]): Promise<Map<string, number>> {
  const sums = new Map<string, number>();
  if (orderIds.length === 0) return sums;
  const items = await db
    .selectFrom('order_items')
    .select(['order_id', 'weight', 'quantity'])
    .where('order_id', 'in', orderIds)
    .execute();
  for (const item of items) {
    if (!/^\s*\d+(\.\d+)?\s*g\s*$/i.test(item.weight)) continue;
    const each = measureValue(item.weight) ?? 0;
    sums.set(item.order_id, (sums.get(item.order_id) ?? 0) + each * item.quantity);
  }
  for (const [id, g] of sums) sums.set(id, Math.round(g * 1000) / 1000);
  return sums;
}

/**
 * One CSV cell: a text a spreadsheet would run as a formula (starting with = + - @, or a tab or
 * carriage return) gets a leading apostrophe; a cell with a comma, quote or line break is quoted.
 */
export function csvCell(value: string | number): string {
  const text = String(safeCell(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The manifest as CSV (RFC 4180 line ends), a header row first: India's time of dispatch in ISO
 * with its offset, so a spreadsheet and a reader agree on the day.
 */
export function manifestCsv(rows: readonly ManifestRow[]): string {
  const header = [
    'Order',
    'Invoice',
    'Shipped at (IST)',
    'Carrier',
    'AWB',
    'Pieces',
    'Net weight (g)',
    'Insured value (INR)',
    'Consignee',
    'Phone',
    'City',
    'State',
    'PIN',
  ];
  const lines = rows.map((r) =>
    [
      r.orderNumber,
      r.invoiceNumber ?? '',
      indiaIsoDateTime(r.shippedAt),
      r.carrier,
      r.awb,
      r.pieces,
      r.netWeightGrams,
      r.insuredValue,
      r.consignee,
      r.phone,
      r.city,
      r.state,
      r.pin,
    ]
      .map(csvCell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
