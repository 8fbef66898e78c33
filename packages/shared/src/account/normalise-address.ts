import type { AddressInput } from './address';
import { normaliseStateName } from './indian-states';

/**
 * An address as stored: every field trimmed, the state spelt as in the list when it matches one
 * (case and spacing aside), so the place of supply reads the same on every order. Other values
 * are kept: REST clients are held only to the spec's lenient rules.
 */
export function normaliseAddress(address: AddressInput): AddressInput {
  return {
    firstName: address.firstName.trim(),
    lastName: address.lastName.trim(),
    streetAddress: address.streetAddress.trim(),
    city: address.city.trim(),
    state: normaliseStateName(address.state),
    zipCode: address.zipCode.trim(),
    mobile: address.mobile.trim(),
  };
}
