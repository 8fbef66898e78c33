import { z } from 'zod';
import {
  AWB_MESSAGE,
  AWB_PATTERN,
  findCarrier,
  normaliseAwb,
  trackingUrlFor,
  type AdminOrderAction,
  type Carrier,
} from '@kanak/shared';
import { badRequest } from '../common';

/** What a ship move carries to the ledger: the carrier as it is named now, and its tracking page. */
export const shipmentIntentSchema = z.object({
  carrierCode: z.string().min(1),
  carrierName: z.string().min(1),
  awb: z.string().min(1),
  trackingUrl: z.string(),
});
export type ShipmentIntent = z.output<typeof shipmentIntentSchema>;

/**
 * The shipment a move's body names, checked against the shop's carriers (CARRIERS): null for a
 * move without one (the spec's bodiless ship), 400 for an unknown carrier, a missing or
 * malformed AWB, or a carrier on a move other than ship. Checked before anything is written.
 */
export function shipmentIntent(
  carriers: readonly Carrier[],
  action: AdminOrderAction,
  body: { carrier?: string | undefined; awb?: string | undefined },
): ShipmentIntent | null {
  if (body.carrier === undefined && body.awb === undefined) return null;
  if (action !== 'ship')
    throw badRequest('carrier and awb are given only when shipping (PUT …/ship)');
  if (!body.carrier) throw badRequest('carrier is required with an AWB');
  const carrier = findCarrier(carriers, body.carrier);
  if (!carrier)
    throw badRequest(
      `Unknown carrier "${body.carrier}": one of ${carriers.map((c) => c.code).join(', ')}`,
    );
  if (body.awb === undefined) throw badRequest(`${carrier.name} needs its AWB number`);
  const awb = normaliseAwb(body.awb);
  if (!AWB_PATTERN.test(awb)) throw badRequest(`${AWB_MESSAGE}: "${body.awb}" is not one`);
  return {
    carrierCode: carrier.code,
    carrierName: carrier.name,
    awb,
    trackingUrl: trackingUrlFor(carrier, awb),
  };
}
