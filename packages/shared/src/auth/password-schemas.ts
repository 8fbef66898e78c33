import * as z from 'zod/mini';
import { emailField, passwordField } from './schemas';
import { textField } from '../validation/db-values';

/** The answer to "forgot password", the same whether or not the address has an account. */
export const FORGOT_PASSWORD_ANSWER =
  'If an account uses this e-mail, a link to choose a new password is on its way. It works once, for 30 minutes.';

export const forgotPasswordInput = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;
export const forgotPasswordAnswer = z.object({ message: z.string() });

/** A reset or change takes the sign-up rule (spec: 8 to 12 characters, four classes). */
export const resetPasswordInput = z.object({
  token: textField().check(z.minLength(1, 'The reset link is incomplete'), z.maxLength(200)),
  password: passwordField,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export const changePasswordInput = z.object({
  currentPassword: textField().check(
    z.minLength(1, 'Enter your current password'),
    z.maxLength(200),
  ),
  newPassword: passwordField,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;
