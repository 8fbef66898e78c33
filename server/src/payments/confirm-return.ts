import {
  badRequest,
  decodeRefusal,
  getOrderFor,
  paymentJobId,
  requireId,
  unauthorized,
  type AuthUser,
  type ConfirmationOutcome,
  type OrderView,
} from '@kanak/core';
import type { PaymentReturnInput, PaymentReturnStatus } from '@kanak/shared';
import type { AppServices } from '../services';

export interface PaymentReturnAnswer {
  status: PaymentReturnStatus;
  order: OrderView;
}

/**
 * The shopper is back from the payment page: queue a confirmation (the worker asks the provider,
 * never trusting the URL) and wait a few seconds for it. The job is queued even for a visitor
 * whose session expired meanwhile, so a payment is never lost; the order is shown only to its owner.
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
  const job = await enqueueConfirmation(services, {
    orderId,
    paymentId: input.paymentId,
    source: 'return',
  });
  const outcome = await services.pipeline.waitFor<ConfirmationOutcome>(
    job,
    services.config.ORDER_WAIT_MS,
  );
  if (!user) throw unauthorized();
  const order = await getOrderFor(services.db, user, orderId);
  const status: PaymentReturnStatus = outcome.done ? outcome.value.result : 'PENDING';
  return { status, order };
}

/**
 * One job per provider payment id: a duplicate while the first is kept collapses into it. A kept
 * job that cannot have settled the payment runs again: one that failed for a fault (provider
 * outage, dead-lettered), or one that found the payment not yet captured. A refusal stays refused.
 */
export async function enqueueConfirmation(
  services: AppServices,
  data: { orderId: string; paymentId: string; source: 'return' | 'webhook' },
) {
  const queue = services.pipeline.payments;
  const jobId = paymentJobId(data.paymentId);
  const job = await queue.add('confirm', data, { jobId });
  // add() answers a handle on the kept job for a duplicate id: read its real state from Redis.
  const kept = await queue.getJob(jobId);
  if (!kept) return job;
  const state = await kept.getState();
  if (state === 'failed' && !decodeRefusal(kept.failedReason)) {
    await kept.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
  } else if (
    state === 'completed' &&
    (kept.returnvalue as ConfirmationOutcome | null)?.result === 'PENDING'
  ) {
    // A concurrent caller may have replaced it already: then add() below joins that one.
    await kept.remove().catch(() => undefined);
    return queue.add('confirm', data, { jobId });
  }
  return job;
}
