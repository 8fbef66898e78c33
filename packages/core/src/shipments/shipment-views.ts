import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { ShipmentView } from '@kanak/shared';

/** The shipments of these orders, as the order view carries them (insured value in rupees). */
export async function shipmentViews(
  db: Kysely<Database>,
  orderIds: string[],
): Promise<Map<string, ShipmentView>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('shipments')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .execute();
  return new Map(
    rows.map((r) => [
      r.order_id,
      {
        carrier: r.carrier_name,
        carrierCode: r.carrier_code,
        awb: r.awb,
        trackingUrl: r.tracking_url,
        insuredValue: Math.round(Number(r.insured_value_paise) / 100),
        shippedAt: new Date(r.shipped_at).toISOString(),
      },
    ]),
  );
}
