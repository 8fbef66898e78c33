import { submitAndWait } from '../outbox/submit';
import type { OutboxDeps } from '../outbox/deps';
import { paymentJobKey } from '../queues/jobs';
import { QUEUES } from '../queues/names';
import { requireId } from '../shared/ids';
import type { ConfirmationOutcome, PaymentConfirmation } from './confirm-payment';

/**
 * A payment return or webhook: kept in the outbox under the provider's payment id (a duplicate
 * joins it), applied by the worker, which asks the provider (never trusting the caller).
 * Answers the outcome, or null while it is not applied yet.
 */
export async function requestPaymentConfirmation(
  deps: OutboxDeps,
  confirmation: PaymentConfirmation,
): Promise<ConfirmationOutcome | null> {
  const orderId = requireId(confirmation.orderId, 'Order');
  const { outcome } = await submitAndWait<ConfirmationOutcome>(deps, {
    queue: QUEUES.paymentConfirmations,
    jobKey: paymentJobKey(confirmation.paymentId),
    payload: { ...confirmation, orderId },
  });
  return outcome;
}
