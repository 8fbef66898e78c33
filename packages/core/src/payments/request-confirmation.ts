import { writeOutbox } from '../outbox/outbox';
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
    jobKey: paymentJobKey(orderId, confirmation.paymentId),
    payload: { ...confirmation, orderId },
    retryRefused: confirmation.source !== 'return',
  });
  return outcome;
}

/**
 * A signed webhook: kept in the outbox and acknowledged without waiting or judging (the
 * provider retries and then disables a webhook that keeps answering 4xx). Answers the job key.
 */
export async function recordPaymentWebhook(
  deps: Pick<OutboxDeps, 'db' | 'relay'>,
  confirmation: Omit<PaymentConfirmation, 'source'>,
): Promise<string> {
  const jobKey = paymentJobKey(confirmation.orderId, confirmation.paymentId);
  await writeOutbox(deps.db, {
    queue: QUEUES.paymentConfirmations,
    jobKey,
    payload: { ...confirmation, source: 'webhook' },
    retryRefused: true,
  });
  deps.relay.wake();
  return jobKey;
}
