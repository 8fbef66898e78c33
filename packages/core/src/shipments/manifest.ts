import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { badRequest } from '../common/errors';
import { safeCell } from '../reports/report-csv';

/** One parcel of a day's manifest: what left, with which carrier, AWB and insured value. */
export interface ManifestRow {
  orderId: string;
  orderNumber: string;
  shippedAt: string;
  carrier: string;
  awb: string;
  /** Rupees. */
  insuredValue: number;
  consignee: string;
  city: string;
  state: string;
  pin: string;
  pieces: number;
}

/** The shop's day is India's (UTC+05:30): a parcel handed over at 1 a.m. is that day's. */
const IST_OFFSET = '+05:30';

/** The parcels shipped on `date` (YYYY-MM-DD, India time), in dispatch order. */
export async function shipmentManifest(db: Kysely<Database>, date: string): Promise<ManifestRow[]> {
  const from = Date.parse(`${date}T00:00:00${IST_OFFSET}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(from))
    throw badRequest('date must be a day as YYYY-MM-DD');
  const rows = await db
    .selectFrom('shipments')
    .innerJoin('orders', 'orders.id', 'shipments.order_id')
    .select([
      'orders.id',
      'orders.ship_first_name',
      'orders.ship_last_name',
      'orders.ship_city',
      'orders.ship_state',
      'orders.ship_zip_code',
      'orders.total_item',
      'shipments.carrier_name',
      'shipments.awb',
      'shipments.insured_value_paise',
      'shipments.shipped_at',
    ])
    .where('shipments.shipped_at', '>=', new Date(from))
    .where('shipments.shipped_at', '<', new Date(from + 86_400_000))
    .orderBy('shipments.shipped_at')
    .orderBy('orders.id')
    .execute();
  return rows.map((r) => ({
    orderId: r.id,
    orderNumber: r.id.slice(0, 8).toUpperCase(),
    shippedAt: new Date(r.shipped_at).toISOString(),
    carrier: r.carrier_name,
    awb: r.awb,
    insuredValue: Math.round(Number(r.insured_value_paise) / 100),
    consignee: `${r.ship_first_name} ${r.ship_last_name}`.trim(),
    city: r.ship_city,
    state: r.ship_state,
    pin: r.ship_zip_code,
    pieces: r.total_item,
  }));
}

/**
 * One CSV cell: a text a spreadsheet would run as a formula (starting with = + - @, or a tab or
 * carriage return) gets a leading apostrophe; a cell with a comma, quote or line break is quoted.
 */
export function csvCell(value: string | number): string {
  const text = String(safeCell(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The manifest as CSV (RFC 4180 line ends), a header row first. */
export function manifestCsv(rows: readonly ManifestRow[]): string {
  const header = [
    'Order',
    'Shipped at (UTC)',
    'Carrier',
    'AWB',
    'Insured value (INR)',
    'Consignee',
    'City',
    'State',
    'PIN',
    'Pieces',
  ];
  const lines = rows.map((r) =>
    [
      r.orderNumber,
      r.shippedAt,
      r.carrier,
      r.awb,
      r.insuredValue,
      r.consignee,
      r.city,
      r.state,
      r.pin,
      r.pieces,
    ]
      .map(csvCell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
