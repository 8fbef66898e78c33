import * as z from 'zod/mini';
import { addressInput } from './address';
import { findIndianState } from './indian-states';
import { PIN_MESSAGE, PIN_PATTERN } from '../delivery/pin-state';
import { textField } from '../validation/db-values';

export const MOBILE_MESSAGE = 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9';
export const STATE_MESSAGE = 'Choose a state or union territory';

/** A mobile as typed, with an optional +91 / 91 / 0 prefix and spaces or dashes dropped. */
export const stripMobilePrefix = (mobile: string): string => {
  const digits = mobile.replace(/[\s-]/g, '');
  return digits.replace(/^(?:\+?91|0)(?=\d{10}$)/, '');
};

/**
 * The one rule for an Indian mobile wherever one is typed (checkout, old-gold pickup, profile):
 * spaces, dashes and a +91 / 91 / 0 prefix allowed; kept as its 10 digits.
 */
export const indianMobile = z.pipe(
  textField(MOBILE_MESSAGE).check(z.trim()),
  z.pipe(
    z.transform(stripMobilePrefix),
    textField().check(z.regex(/^[6-9][0-9]{9}$/, MOBILE_MESSAGE)),
  ),
);

/**
 * The address a courier accepts: a 6-digit PIN, a 10-digit Indian mobile, a listed state. The
 * storefront's form uses it; REST keeps the spec's lenient addressInput for other clients.
 */
export const courierAddressInput = z.object({
  ...addressInput.shape,
  zipCode: textField().check(z.trim(), z.regex(PIN_PATTERN, PIN_MESSAGE)),
  mobile: indianMobile,
  state: textField().check(z.refine((s) => findIndianState(s) !== undefined, STATE_MESSAGE)),
});
export type CourierAddressInput = z.infer<typeof courierAddressInput>;
