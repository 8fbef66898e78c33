import type { PaymentReturnInput } from '@kanak/shared';
import { getOrderFor } from '../orders';
import { badRequest, unauthorized } from '../common';
import { requireId } from '../common';
import type { PaymentProvider } from '../payment-providers';
import { referenceOwner } from '../payments';
import {
  requestPaymentConfirmation,
  type PaymentReturnCaller,
  type PaymentReturnDeps,
} from '../payments';
import type { PaymentReturnAnswer } from '@kanak/shared';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { PaymentReturnAnswer };

/**
 * Checks a signed return (Razorpay's, or the sandbox's in its shape) against the order or
 * enrolment it is for: the signed reference must name that owner (a link made before references
 * were unique per link carried the bare id), so a genuine signature of another order's link is
 * refused too. An unsigned return is left to the provider's answer about the payment.
 */
export function checkReturnSignature(
  provider: Pick<PaymentProvider, 'verifyReturnSignature'>,
  ownerId: string,
  input: {
    paymentId: string;
    paymentLinkId?: string | undefined;
    status?: string | undefined;
    signature?: string | undefined;
    referenceId?: string | undefined;
  },
) {
  if (!input.signature || !input.paymentLinkId || !input.status) return;
  const referenceId = input.referenceId ?? ownerId;
  const valid =
    referenceOwner(referenceId) === ownerId.toLowerCase() &&
    provider.verifyReturnSignature(
      {
        paymentLinkId: input.paymentLinkId,
        referenceId,
        status: input.status,
        paymentId: input.paymentId,
      },
      input.signature,
    );
  if (!valid) throw badRequest('The payment signature is not valid');
}

/**
 * The shopper is back from the payment page. Counted per client address and checked against the
 * order before anything is written (requestPaymentConfirmation); then the confirmation is
 * written to the outbox (kept even for a visitor whose session expired meanwhile, so a payment
 * is never lost) and the answer waits a few seconds for the worker; the order is shown only to
 * its owner.
 */
export async function confirmPaymentReturn(
  deps: PaymentReturnDeps & { payments: Pick<PaymentProvider, 'verifyReturnSignature'> },
  caller: PaymentReturnCaller,
  input: PaymentReturnInput,
): Promise<PaymentReturnAnswer> {
  const orderId = requireId(input.orderId, 'Order');
  checkReturnSignature(deps.payments, orderId, input);
  const outcome = await requestPaymentConfirmation(
    deps,
    { orderId, paymentId: input.paymentId, paymentLinkId: input.paymentLinkId },
    caller,
  );
  const user = caller.user;
  if (!user) throw unauthorized();
  const order = await getOrderFor(deps.db, user, orderId);
  return { status: outcome?.result ?? 'PENDING', order };
}
