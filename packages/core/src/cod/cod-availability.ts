import type { Kysely, Transaction } from 'kysely';
import type { Database, OrderRow } from '@kanak/db';
import { formatRupees } from '@kanak/shared';
import { zoneForPin, zoneTakesCash } from '../delivery';
import { liveTenders } from '../tenders';
import type { CodSettings } from './cod-settings';

export type CodAvailability = { available: true } | { available: false; reason: string };

type Order = Pick<OrderRow, 'id' | 'user_id' | 'total_discounted_price' | 'ship_zip_code'>;

export interface CodAvailabilityOptions {
  order: Order;
  settings: Pick<CodSettings, 'maxRupees' | 'blockDays' | 'zones'>;
  now: Date;
}

/**
 * Whether the order may be paid in cash at the door, and why not: a balance (savings scheme,
 * store or exchange credit) already pays part of it, its total is above the cap, the carrier
 * collects no cash at its PIN, or its owner refused a COD parcel within the block days.
 */
export async function codAvailability(
  db: Kysely<Database> | Transaction<Database>,
  { order, settings, now }: CodAvailabilityOptions,
): Promise<CodAvailability> {
  if ((await liveTenders(db, order.id)).length > 0)
    return {
      available: false,
      reason:
        'Cash on delivery cannot be combined with a savings scheme or store credit: pay the rest online',
    };
  if (order.total_discounted_price > settings.maxRupees)
    return {
      available: false,
      reason: `Cash on delivery is offered for orders up to ${formatRupees(settings.maxRupees)}; this order is ${formatRupees(order.total_discounted_price)}`,
    };
  const zone = zoneForPin(settings.zones, order.ship_zip_code);
  if (!zone || !zoneTakesCash(zone))
    return {
      available: false,
      reason: `Our carrier does not collect cash at PIN ${order.ship_zip_code}: please pay online`,
    };
  const since = new Date(now.getTime() - settings.blockDays * 86_400_000);
  const refused = await db
    .selectFrom('cod_orders')
    .select('order_id')
    .where('user_id', '=', order.user_id)
    .where('outcome', '=', 'refused')
    .where('outcome_at', '>', since)
    .executeTakeFirst();
  if (refused)
    return {
      available: false,
      reason: `A cash-on-delivery parcel was refused in the last ${settings.blockDays} days: please pay online`,
    };
  return { available: true };
}
