import { z } from 'zod';

/**
 * A delivery zone: the PINs whose longest matching prefix is one of `prefixes`, the working days
 * (Sundays and holidays skipped) a parcel takes there, and the most one parcel can be insured for
 * (rupees). `days: null` marks prefixes the shop does not deliver to. `cod: false` marks a zone
 * where the carrier does not collect cash (no cash on delivery there); absent, it does.
 */
export const deliveryZoneSchema = z.object({
  zone: z.string().trim().min(1).max(60),
  prefixes: z.array(z.string().regex(/^[1-9][0-9]{0,5}$/, 'a prefix is 1 to 6 digits of a PIN')),
  days: z.number().int().min(0).max(60).nullable(),
  insuredCap: z.number().int().min(0).max(2_147_483_647),
  cod: z.boolean().optional(),
});
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;

/**
 * All of India, by postal circle (../shared/jewellery.md "Delivery in India"): the eight metro
 * cities' head prefixes; the North-East (78 Assam, 79 the other states, 737 Sikkim) and the
 * islands (744 Andaman and Nicobar, 68255 Lakshadweep); every other PIN is the rest of India.
 * Days follow what Indian jewellers promise (2–4 to metros, 5–10 elsewhere, longer to the
 * North-East); caps are what insured valuables carriers commonly take per parcel.
 */
export const DEFAULT_DELIVERY_ZONES: readonly DeliveryZone[] = [
  {
    zone: 'metro',
    prefixes: ['110', '400', '700', '600', '560', '500', '411', '380'],
    days: 3,
    insuredCap: 50_00_000,
  },
  {
    zone: 'North-East and islands',
    prefixes: ['78', '79', '737', '744', '68255'],
    days: 9,
    insuredCap: 10_00_000,
    // Carriers collect no cash on the long routes to the North-East and the islands.
    cod: false,
  },
  {
    zone: 'rest of India',
    prefixes: ['1', '2', '3', '4', '5', '6', '7', '8'],
    days: 6,
    insuredCap: 25_00_000,
  },
];

/**
 * The zone of a PIN: the one with the longest prefix it starts with, the later entry on a tie (so an
 * entry appended to the table overrides); undefined when none matches.
 */
export function zoneForPin(zones: readonly DeliveryZone[], pin: string): DeliveryZone | undefined {
  let best: { zone: DeliveryZone; length: number } | undefined;
  for (const zone of zones)
    for (const prefix of zone.prefixes)
      if (pin.startsWith(prefix) && (!best || prefix.length >= best.length))
        best = { zone, length: prefix.length };
  return best?.zone;
}

/** Whether the carrier collects cash on delivery in a zone (unless the zone says it does not). */
export const zoneTakesCash = (zone: Pick<DeliveryZone, 'cod'>): boolean => zone.cod !== false;
