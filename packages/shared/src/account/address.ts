import * as z from 'zod/mini';
import { textField } from '../validation/db-values';
import { MESSAGES } from '../auth/messages';
import { withExample } from '../validation/examples';

const required = (max: number) =>
  textField().check(
    z.trim(),
    z.minLength(1, MESSAGES.required),
    z.maxLength(max, `At most ${max} characters`),
  );

/** Delivery address: every field required, no format rules (spec section 5). */
export const addressInput = z.object({
  firstName: withExample(required(60), 'Priya'),
  lastName: withExample(required(60), 'Sharma'),
  streetAddress: withExample(required(200), '12, MG Road'),
  city: withExample(required(80), 'Bengaluru'),
  state: withExample(required(80), 'Karnataka'),
  zipCode: withExample(required(20), '560001'),
  mobile: withExample(required(20), '9876543210'),
});
export type AddressInput = z.infer<typeof addressInput>;
