import * as z from 'zod/mini';

/** Where a refund stands, as the shopper reads it. */
export const PASSBOOK_REFUND_STATES = ['due', 'processing', 'done'] as const;

/**
 * A refund the shop owes or paid the shopper (the account's passbook): money an order's payment
 * owes back (a cancel, a return) or an instalment taken that could not count. Rupees.
 */
export const passbookRefund = z.object({
  /** The refund's own id, or the payment's while no refund has been asked. */
  id: z.string(),
  kind: z.enum(['order', 'instalment']),
  /** The order or the enrolment it belongs to. */
  refersTo: z.string(),
  /** "Order 1A2B3C4D" or "Swarna Nidhi, instalment 2". */
  label: z.string(),
  amount: z.number(),
  state: z.enum(PASSBOOK_REFUND_STATES),
  /** ISO instant: when it became due (due, processing) or was paid back (done). */
  at: z.string(),
  /** The provider's refund id once one is asked. */
  providerRefundId: z.nullable(z.string()),
});
export type PassbookRefund = z.infer<typeof passbookRefund>;
