import type { AdminOrderAction, Carrier, HuidsInput, OrderMoveAnswer } from '@kanak/shared';
import type { AuthUser } from '../auth';
import type { OutboxDeps } from '../outbox';
import { requireId } from '../common';
import { moveOrder } from '../orders';
import { conflict } from '../common';
import { HUID_SKIP_NOTE } from '../hallmark';
import { huidLines, linesLackingHuids, recordOrderHuids, requireHuids } from '../hallmark';
import { requirePan } from '../invoices';
import { shipmentIntent } from '../shipments';

/** Shop rules an admin's confirm or ship answers to (off by default: the spec's bodyless ship). */
export interface ShipRules {
  /** HUID_REQUIRED_TO_SHIP: a ship without a HUID for each gold unit of 2 g or more is a 409. */
  huidRequired: boolean;
  /** Not a production shop: a ship may skip the HUIDs by saying why (kept on its event). */
  huidSkipAllowed?: boolean;
  /** PAN_REQUIRED_TO_SHIP: a ship of an order above ₹2,00,000 without the buyer's PAN is a 409. */
  panRequired: boolean;
  /** The shop's couriers (CARRIERS): a ship naming another is a 400. */
  carriers: readonly Carrier[];
}

/** An admin's move as the transports hand it over. */
export interface AdminMoveOptions {
  deps: OutboxDeps;
  admin: AuthUser;
  /** As the request named it: checked here. */
  orderId: string;
  action: AdminOrderAction;
  /** HUIDs by order line, recorded before anything else is checked. */
  huids?: HuidsInput | undefined;
  rules: ShipRules;
  /** A ship's carrier and AWB, or the reason a development shop ships without HUIDs. */
  carriage?: {
    carrier?: string | undefined;
    awb?: string | undefined;
    huidSkipReason?: string | undefined;
  };
}

/**
 * An admin's move that may carry the HUIDs of the order's gold pieces (confirm or ship): they
 * are recorded first (a HUID sold elsewhere is a 409 naming that order), then the shop's ship
 * rules are checked, then the move is queued as any other. HUIDs are only ever added or
 * replaced line by line, so a check passed here still holds when the worker ships. It crosses
 * hallmark, shipments, invoices (the buyer's PAN) and orders, so it lives with the flows.
 */
export async function moveOrderAsAdmin(options: AdminMoveOptions): Promise<OrderMoveAnswer> {
  const { deps, admin, action, huids, rules, carriage = {} } = options;
  const orderId = requireId(options.orderId, 'Order');
  // The carrier and AWB are checked first: a refused one writes nothing (not even the HUIDs).
  const shipment = shipmentIntent(rules.carriers, action, carriage);
  if (huids && Object.keys(huids).length) await recordOrderHuids(deps.db, orderId, huids);
  let note: string | undefined;
  if (action === 'ship' && rules.huidRequired) {
    const skip = carriage.huidSkipReason;
    if (!skip) await requireHuids(deps.db, orderId);
    else if (!rules.huidSkipAllowed)
      throw conflict(
        'A production shop ships hallmarked gold only with the HUID of each piece: record them instead of a reason',
      );
    else if (linesLackingHuids(await huidLines(deps.db, orderId)).length)
      note = `${HUID_SKIP_NOTE}${skip}`;
  }
  if (action === 'ship' && rules.panRequired) await requirePan(deps.db, orderId);
  return moveOrder({ deps, admin, orderId, action, shipment, note });
}
