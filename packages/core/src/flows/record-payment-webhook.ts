import { isId } from '../common';
import { instalmentJobKey, isSchemeReference } from '../enrolments';
import { writeOutbox, type OutboxDeps } from '../outbox';
import { JOBS, paymentJobKey } from '../queues';

/** A signed webhook's payment, as a provider reads it: the reference names an order or a scheme. */
export interface ReportedWebhookPayment {
  /** The link's reference: an order id, or an enrolment id for a savings scheme's instalment. */
  reference: string;
  paymentId: string;
  /** The provider whose webhook it came on: asked first. */
  provider: string;
}

/** Where the webhook went: its outbox job key and its kind; null: not this shop's reference. */
export type RecordedWebhook = { kind: 'order' | 'scheme'; jobKey: string } | null;

/**
 * A signed webhook, kept in the outbox for the one confirmation path and acknowledged without
 * waiting or judging (a provider retries, then disables, a webhook that keeps answering 4xx). Its
 * reference decides its kind: an enrolment's id is an instalment, any other id an order's payment
 * (a deleted order's money must still be found and owed back). A reference that is no id of this
 * shop (another system on the same account) is left alone. A refused row is sent again: a refusal
 * of an earlier, unsigned return (unknown a moment too early) must not decide a signed webhook.
 */
export async function recordWebhookPayment(
  deps: Pick<OutboxDeps, 'db' | 'relay'>,
  { reference, paymentId, provider }: ReportedWebhookPayment,
): Promise<RecordedWebhook> {
  if (!isId(reference)) return null;
  const kind = (await isSchemeReference(deps.db, reference)) ? 'scheme' : 'order';
  const reported = { paymentId, provider, source: 'webhook' } as const;
  const jobKey =
    kind === 'scheme'
      ? instalmentJobKey(reference, paymentId)
      : paymentJobKey(reference, paymentId);
  if (kind === 'scheme')
    await writeOutbox(deps.db, {
      job: JOBS.instalmentConfirmation,
      jobKey,
      payload: { kind, enrolmentId: reference, ...reported },
      retryRefused: true,
    });
  else
    await writeOutbox(deps.db, {
      job: JOBS.paymentConfirmation,
      jobKey,
      payload: { orderId: reference, ...reported },
      retryRefused: true,
    });
  deps.relay.wake();
  return { kind, jobKey };
}
