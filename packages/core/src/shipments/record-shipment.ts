import type { Transaction } from 'kysely';
import type { Database, OrderRow } from '@kanak/db';
import type { ShipmentIntent } from './ship-request';

/** A SHIPPED move's order, its carrier and AWB, who shipped it and when. */
export interface RecordShipmentOptions {
  trx: Transaction<Database>;
  order: Pick<OrderRow, 'id' | 'total_discounted_price'>;
  shipment: ShipmentIntent;
  actorUserId: string | null;
  shippedAt: Date;
}

/**
 * The ledger's half of a ship with a carrier: the shipments row, in the SHIPPED move's
 * transaction. Insured for the order's value (what the shopper paid), in paise. One per order:
 * a re-run of the same job never gets here (the ledger's job key), and a second row is ignored.
 */
export async function recordShipment({
  trx,
  order,
  shipment,
  actorUserId,
  shippedAt,
}: RecordShipmentOptions): Promise<void> {
  await trx
    .insertInto('shipments')
    .values({
      order_id: order.id,
      carrier_code: shipment.carrierCode,
      carrier_name: shipment.carrierName,
      awb: shipment.awb,
      tracking_url: shipment.trackingUrl,
      insured_value_paise: order.total_discounted_price * 100,
      shipped_at: shippedAt,
      actor_user_id: actorUserId,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}
