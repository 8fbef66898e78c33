import * as z from 'zod/mini';
import { textField } from '../validation/db-values';
import { MESSAGES } from './messages';
import { withExample } from '../validation/examples';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** 8 to 12 characters with lower, upper, digit and one of !@#$%^&*_=+- (spec section 5). */
export const PASSWORD_PATTERN =
  /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*_=+-])[A-Za-z\d!@#$%^&*_=+-]{8,12}$/;

const name = textField().check(
  z.trim(),
  z.minLength(1, MESSAGES.name),
  z.maxLength(29, MESSAGES.name),
);
export const emailField = textField().check(
  z.trim(),
  z.toLowerCase(),
  z.maxLength(254, MESSAGES.email),
  z.regex(EMAIL_PATTERN, MESSAGES.email),
);
const password = textField().check(z.regex(PASSWORD_PATTERN, MESSAGES.password));
// The API document's examples (a pattern with lookaheads is beyond an example generator).
withExample(password, 'Priya@123');
withExample(emailField, 'priya@example.com');

const email = emailField;
export const passwordField = password;

export const signupInput = z.object({ firstName: name, lastName: name, email, password });
export type SignupInput = z.infer<typeof signupInput>;

export const loginInput = z.object({ email, password });
export type LoginInput = z.infer<typeof loginInput>;
