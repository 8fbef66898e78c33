import * as z from 'zod/mini';
import { dbSafeText } from '../validation/db-values';
import { MESSAGES } from '../auth/messages';

const required = (max: number) =>
  z
    .string()
    .check(
      dbSafeText,
      z.trim(),
      z.minLength(1, MESSAGES.required),
      z.maxLength(max, `At most ${max} characters`),
    );

/** Delivery address: every field required, no format rules (spec section 5). */
export const addressInput = z.object({
  firstName: required(60),
  lastName: required(60),
  streetAddress: required(200),
  city: required(80),
  state: required(80),
  zipCode: required(20),
  mobile: required(20),
});
export type AddressInput = z.infer<typeof addressInput>;
