import type { PaymentReturnInput } from '@kanak/shared';
import { getOrderFor } from '../orders/queries';
import { badRequest, unauthorized } from '../common/errors';
import { requireId } from '../common/ids';
import type { PaymentProvider } from './provider';
import {
  requestPaymentConfirmation,
  type PaymentReturnCaller,
  type PaymentReturnDeps,
} from './request-confirmation';
import type { PaymentReturnAnswer } from '@kanak/shared';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { PaymentReturnAnswer };

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
  if (input.signature && input.paymentLinkId && input.status) {
    const valid = deps.payments.verifyReturnSignature(
      {
        paymentLinkId: input.paymentLinkId,
        referenceId: orderId,
        status: input.status,
        paymentId: input.paymentId,
      },
      input.signature,
    );
    if (!valid) throw badRequest('The payment signature is not valid');
  }
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
