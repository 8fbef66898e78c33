import * as z from 'zod/mini';
import { emailField } from '../auth/schemas';
import { dbSafeText, textField } from '../validation/db-values';

/** POST /api/stock-alerts: a visitor names the e-mail; a signed-in shopper's account e-mail is used. */
export const stockAlertInput = z.object({
  productId: textField('productId is required').check(z.maxLength(100, 'Product id is not valid')),
  weight: z
    .string('weight is required')
    .check(dbSafeText, z.trim(), z.minLength(1, 'weight is required'), z.maxLength(40)),
  email: z.optional(emailField),
});
export type StockAlertInput = z.infer<typeof stockAlertInput>;

export const stockAlertAnswer = z.object({
  message: z.string(),
  productId: z.string(),
  weight: z.string(),
  email: z.string(),
});
export type StockAlertAnswer = z.infer<typeof stockAlertAnswer>;

/** An unsubscribe token as made: 24 random bytes in base64url. Anything else is no link of ours. */
export const STOCK_ALERT_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** DELETE /api/stock-alerts/{token}: the unsubscribe link's secret. */
export const stockAlertTokenInput = z.object({
  token: textField('token is required').check(z.maxLength(100, 'The link is not valid')),
});

/** Active alerts per size, for the admin. */
export const stockAlertDemand = z.array(
  z.object({
    productId: z.string(),
    title: z.string(),
    weight: z.string(),
    stock: z.number(),
    waiting: z.number(),
  }),
);
export type StockAlertDemand = z.infer<typeof stockAlertDemand>;
