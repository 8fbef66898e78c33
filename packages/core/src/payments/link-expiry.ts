/**
 * How long after its expiry a link's payment is still looked for: a shopper who paid in the last
 * minute may come back (or the provider's webhook arrive) a little later. A payment made after
 * the expiry itself is owed back whenever it is found (see confirmPayment).
 */
export const LINK_GRACE_MS = 10 * 60_000;

/** An open link is reused for a new payment attempt only while this much of its life is left. */
export const LINK_REUSE_MARGIN_MS = 5 * 60_000;

/** The default life of a payment link (PAYMENT_LINK_TTL_MINUTES). */
export const DEFAULT_LINK_TTL_MINUTES = 30;
