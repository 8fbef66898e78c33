import * as z from 'zod/mini';
import { emailField } from '../auth/schemas';
import { typedRupeesOrAsIs } from '../money/typed-amount';
import { canonicalPurity, PRICING_METALS } from '../pricing/purities';
import { textField } from '../validation/db-values';

/**
 * POST /api/rate-alerts: "tell me when 22K gold is below ₹X/g". A visitor names the e-mail (and
 * confirms by the mailed link); a signed-in shopper's account e-mail is used.
 */
export const rateAlertInput = z
  .object({
    email: z.optional(emailField),
    metal: z.enum(PRICING_METALS, 'metal must be gold, silver or platinum'),
    purity: textField('purity is required').check(z.trim(), z.maxLength(10, 'purity is not valid')),
    // "12,500" and "₹12,500" are read as 12500, as a person writes a rate.
    below: z.pipe(
      z.pipe(
        z.union([z.number(), textField()]),
        z.transform((v: number | string) => typedRupeesOrAsIs(v)),
      ),
      z.number('below must be a rate in rupees per gram').check(
        z.gt(0, 'below must be above ₹0 per gram'),
        z.lte(1_000_000, 'below must be at most ₹10,00,000 per gram'),
        z.refine((n) => Math.round(n * 100) === n * 100, 'below can have at most 2 decimals'),
      ),
    ),
  })
  .check(
    z.refine((a) => canonicalPurity(a.metal, a.purity) !== null, {
      message: 'purity is not one the shop publishes a rate for (22K gold is 916)',
      path: ['purity'],
    }),
  );
export type RateAlertInput = z.infer<typeof rateAlertInput>;

export const rateAlertAnswer = z.object({ message: z.string() });

/** A confirm or unsubscribe link's secret: 24 random bytes in base64url. */
export const RATE_ALERT_TOKEN = /^[A-Za-z0-9_-]{32}$/;
export const rateAlertTokenInput = z.object({
  token: textField('token is required').check(z.maxLength(100, 'The link is not valid')),
});
