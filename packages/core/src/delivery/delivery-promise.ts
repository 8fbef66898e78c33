import type { DeliveryPromiseView } from '@kanak/shared';
import { deliverBy } from './deliver-by';
import type { DeliveryRules } from './delivery-rules';
import { lookupPin } from './pin-directory';
import { zoneForPin } from './zones';

/**
 * Whether and by when the shop delivers to a PIN (GET /api/delivery/promise): the PIN must be in
 * India Post's directory and in a zone the shop serves. `value` (rupees, optional) is compared
 * with the zone's insured cap.
 */
export function deliveryPromise(
  rules: DeliveryRules,
  pin: string,
  value?: number,
): DeliveryPromiseView {
  const entry = lookupPin(pin);
  const zone = entry ? zoneForPin(rules.zones, entry.pin) : undefined;
  const served = entry !== undefined && zone !== undefined && zone.days !== null;
  return {
    pin: pin.trim(),
    serviceable: served,
    state: entry?.states[0] ?? null,
    zone: served ? zone.zone : null,
    deliverBy:
      served && zone.days !== null ? deliverBy(rules.now(), zone.days, rules.holidays) : null,
    insuredCap: served ? zone.insuredCap : null,
    district: entry?.district ?? null,
    states: entry?.states ?? [],
    withinCap: !served || value === undefined || value <= zone.insuredCap,
  };
}
