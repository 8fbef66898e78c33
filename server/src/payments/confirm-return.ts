import {
  badRequest,
  getOrderFor,
  requestPaymentConfirmation,
  requireId,
  unauthorized,
  type AuthUser,
  type OrderView,
} from '@kanak/core';
import type { PaymentReturnInput, PaymentReturnStatus } from '@kanak/shared';
import { outboxDeps, type AppServices } from '../services';

export interface PaymentReturnAnswer {
  status: PaymentReturnStatus;
  order: OrderView;
}

/**
 * The shopper is back from the payment page: the confirmation is written to the outbox (kept
 * even for a visitor whose session expired meanwhile, so a payment is never lost) and the
 * answer waits a few seconds for the worker; the order is shown only to its owner.
 */
export async function confirmPaymentReturn(
  services: AppServices,
  user: AuthUser | null,
  input: PaymentReturnInput,
): Promise<PaymentReturnAnswer> {
  const orderId = requireId(input.orderId, 'Order');
  if (input.signature && input.paymentLinkId && input.status) {
    const valid = services.payments.verifyReturnSignature(
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
  const outcome = await requestPaymentConfirmation(outboxDeps(services), {
    orderId,
    paymentId: input.paymentId,
    source: 'return',
  });
  if (!user) throw unauthorized();
  const order = await getOrderFor(services.db, user, orderId);
  return { status: outcome?.result ?? 'PENDING', order };
}
