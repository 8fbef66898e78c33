import * as z from 'zod/mini';
import { formatRupees } from '../money/price';
import { withExample } from '../validation/examples';
import { textField } from '../validation/db-values';

/**
 * Couriers an Indian jeweller ships with. Each has a tracking page whose address
 * takes the AWB (`{awb}` in the template) and an insured-value cap: the most the shop insures
 * a parcel for with it. BVC and Sequel carry valuables; the others are general couriers with
 * lower declared-value limits. The shop's own list replaces these with `CARRIERS` (JSON); the
 * defaults' pages and caps are a starting point to check against the shop's contracts.
 */
export const carrierSchema = z.object({
  /** Short stable code stored on the shipment ("bluedart"). */
  code: textField('carrier code is required').check(
    z.regex(/^[a-z0-9-]{2,30}$/, 'a carrier code is 2–30 lower-case letters, digits or -'),
  ),
  name: textField('carrier name is required').check(z.minLength(2), z.maxLength(60)),
  /** The tracking page, https, with `{awb}` where the AWB goes. */
  trackingUrl: withExample(
    textField('trackingUrl is required').check(
      // A refine, not a regex: the API document's example generator cannot write a pattern's value.
      z.refine((t) => /^https:\/\/\S+$/.test(t), 'trackingUrl must be an https address'),
      z.refine((t) => t.includes('{awb}'), 'trackingUrl must contain {awb}'),
    ),
    'https://www.delhivery.com/track/package/{awb}',
  ),
  /** Most the carrier insures one parcel for, in whole rupees. */
  insuredCap: z.number('insuredCap is a number of rupees').check(z.int(), z.positive()),
});
export type Carrier = z.infer<typeof carrierSchema>;

export const carrierListSchema = z.array(carrierSchema).check(
  z.minLength(1, 'CARRIERS needs at least one carrier'),
  z.refine(
    (list) => new Set(list.map((c) => c.code)).size === list.length,
    'carrier codes must be unique',
  ),
);

export const DEFAULT_CARRIERS: readonly Carrier[] = [
  {
    code: 'bvc',
    name: 'BVC Logistics',
    trackingUrl: 'https://www.bvclogistics.com/track-shipment?awb={awb}',
    insuredCap: 50_00_000,
  },
  {
    code: 'sequel',
    name: 'Sequel Logistics',
    trackingUrl: 'https://www.sequel247.com/track?trackingNumber={awb}',
    insuredCap: 25_00_000,
  },
  {
    code: 'bluedart',
    name: 'Blue Dart',
    trackingUrl:
      'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={awb}',
    insuredCap: 2_00_000,
  },
  {
    code: 'delhivery',
    name: 'Delhivery',
    trackingUrl: 'https://www.delhivery.com/track/package/{awb}',
    insuredCap: 50_000,
  },
  {
    code: 'indiapost',
    name: 'India Post',
    trackingUrl:
      'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignment={awb}',
    insuredCap: 1_00_000,
  },
];

/**
 * An AWB (air waybill, the courier's consignment number) as typed: trimmed, capitals, inner
 * spaces dropped ("ek 1234 5678 9in" is EK123456789IN).
 */
export const normaliseAwb = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

/** Capitals, digits and hyphens, 6–30 long: what every courier above prints on its labels. */
export const AWB_PATTERN = /^[A-Z0-9-]{6,30}$/;
export const AWB_MESSAGE = 'An AWB number is 6–30 letters, digits or hyphens';

export const awbSchema = textField(AWB_MESSAGE).check(
  z.maxLength(60, AWB_MESSAGE),
  z.overwrite(normaliseAwb),
  z.regex(AWB_PATTERN, AWB_MESSAGE),
);

/** The carrier's tracking page for one AWB. */
export const trackingUrlFor = (carrier: Pick<Carrier, 'trackingUrl'>, awb: string): string =>
  carrier.trackingUrl.replaceAll('{awb}', encodeURIComponent(awb));

/** The carrier of a code, or undefined. */
export const findCarrier = (carriers: readonly Carrier[], code: string): Carrier | undefined =>
  carriers.find((c) => c.code === code);

/** The warning an admin reads when the parcel is worth more than the carrier insures. */
export function insuredCapWarning(carrier: Carrier, insuredValue: number): string | null {
  if (insuredValue <= carrier.insuredCap) return null;
  return `${carrier.name} insures up to ${formatRupees(carrier.insuredCap)}; this parcel is worth ${formatRupees(insuredValue)}`;
}

/** The order view's shipment (null before a ship that named its carrier). Money in rupees. */
export const shipmentView = z.object({
  carrier: z.string(),
  /** The carrier's code (its name is `carrier`). */
  carrierCode: z.string(),
  awb: z.string(),
  trackingUrl: z.string(),
  insuredValue: z.number(),
  /** ISO date-time of dispatch. */
  shippedAt: z.string(),
});
export type ShipmentView = z.infer<typeof shipmentView>;
