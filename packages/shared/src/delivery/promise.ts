import * as z from 'zod/mini';
import { withExample } from '../validation/examples';
import { formatRupees } from '../money/price';
import { PIN_INPUT_MESSAGE, PIN_PATTERN } from './pin-state';
import { textField } from '../validation/db-values';

/** `GET /api/delivery/promise?pin=560001&value=52000`: the PIN, and the order's value in rupees. */
export const deliveryPromiseInput = z.object({
  pin: withExample(textField().check(z.trim(), z.regex(PIN_PATTERN, PIN_INPUT_MESSAGE)), '560001'),
  value: z.optional(z.coerce.number().check(z.int(), z.nonnegative(), z.lte(2_147_483_647))),
});
export type DeliveryPromiseInput = z.infer<typeof deliveryPromiseInput>;

/**
 * Whether and when the shop delivers to a PIN (the delivery-promise contract). `state` is null
 * for a PIN the directory does not know; `zone`, `deliverBy` and `insuredCap` are null where the
 * shop does not deliver. `district`, `states` and `withinCap` are additive: the checkout fills
 * the city from the district, checks the typed state against `states`, and shows the cap when
 * `value` exceeds it.
 */
export const deliveryPromiseView = z.object({
  pin: z.string(),
  serviceable: z.boolean(),
  state: z.nullable(z.string()),
  zone: z.nullable(z.string()),
  /** YYYY-MM-DD, in India's time. */
  deliverBy: z.nullable(z.string()),
  /** Rupees: the most one parcel to this zone can be insured for. */
  insuredCap: z.nullable(z.number()),
  district: z.nullable(z.string()),
  states: z.array(z.string()),
  /** False when a `value` was given and is above the cap; true otherwise. */
  withinCap: z.boolean(),
});
export type DeliveryPromiseView = z.infer<typeof deliveryPromiseView>;

export interface OverCapMessageOptions {
  pin: string;
  zoneLabel: string;
  capRupees: number;
  orderRupees: number;
}

/** The refusal of an order above the zone's insured cap, naming the cap. */
export const overCapMessage = ({ pin, zoneLabel, capRupees, orderRupees }: OverCapMessageOptions) =>
  `This order (${formatRupees(orderRupees)}) is above ${formatRupees(capRupees)}, the most we can insure in one parcel to PIN ${pin} (${zoneLabel}): split the order or deliver to another address`;
