import {
  isPinShaped,
  overCapMessage,
  pinStateProblem,
  unknownPinMessage,
  type AddressInput,
} from '@kanak/shared';
import { badRequest } from '../common';
import { deliveryPromise } from './delivery-promise';
import type { DeliveryRules } from './delivery-rules';

/**
 * Refuses (400) an address the shop cannot deliver to: a PIN India Post does not list, a PIN of
 * another state than the one given (the invoice's place of supply follows the state, so a typo
 * would change the tax), or a PIN in a zone the shop does not serve. Every path that takes an
 * address runs it; the checkout form shows the same messages before it sends.
 */
export function checkDeliveryAddress(
  rules: DeliveryRules,
  address: Pick<AddressInput, 'zipCode' | 'state'>,
): void {
  const pin = address.zipCode.trim();
  const promise = isPinShaped(pin) ? deliveryPromise(rules, pin) : undefined;
  if (!promise || promise.state === null) throw badRequest(unknownPinMessage(pin));
  const mismatch = pinStateProblem(pin, promise.states, address.state);
  if (mismatch) throw badRequest(mismatch);
  if (!promise.serviceable) throw badRequest(`We do not deliver to ${pin} yet`);
}

/** Refuses (400) an order whose value (rupees) is above the insured cap of its PIN's zone. */
export function checkInsuredCap(rules: DeliveryRules, pin: string, orderRupees: number): void {
  const promise = deliveryPromise(rules, pin, orderRupees);
  if (promise.withinCap || promise.insuredCap === null || promise.zone === null) return;
  throw badRequest(
    overCapMessage({
      pin: promise.pin,
      zoneLabel: promise.zone,
      capRupees: promise.insuredCap,
      orderRupees,
    }),
  );
}
