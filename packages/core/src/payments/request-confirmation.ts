import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { AuthUser } from '../auth';
import type { ActionLimits } from '../limits';
import { writeOutbox } from '../outbox';
import { submitAndWait } from '../outbox';
import type { OutboxDeps } from '../outbox';
import { paymentJobKey } from '../queues';
import { canSeeRecordOf } from '../auth';
import { badRequest, conflict, notFound, systemClock, unauthorized } from '../common';
import type { Clock } from '../common';
import { requireId } from '../common';
import type { ConfirmationOutcome, PaymentConfirmation } from './confirmation-rules';
import { LINK_GRACE_MS } from './link-expiry';
import { JOBS } from '../queues';

/** The shopper back from the payment page, as the return URL names the payment. */
export interface PaymentReturn {
  orderId: string;
  paymentId: string;
  /** The link the provider names on the way back, when it does. */
  paymentLinkId?: string;
}

/** Who sent the return: counted per address, since a return may come without a session. */
export interface PaymentReturnCaller {
  address: string;
  /** Null when the session expired while the shopper was paying. */
  user: AuthUser | null;
}

export interface PaymentReturnDeps extends OutboxDeps {
  /** Payment returns per client address (the server passes it). */
  limits: ActionLimits;
  /** Whose "now" decides whether a link is still open (the system clock unless a test moves it). */
  clock?: Clock;
}

export interface RequireReturnableOptions {
  ret: Required<Pick<PaymentReturn, 'orderId' | 'paymentId'>> & { paymentLinkId?: string };
  jobKey: string;
  user: AuthUser | null;
  now: Date;
}

/**
 * Refuses, with one indexed read and no write, a return that could not be a real payment of
 * this order: an order that does not exist or is someone else's, a link that is not the
 * order's, an order with no open link (closed when the order was cancelled or deleted, or past
 * its expiry and the grace after it). A repeat of a return already kept (or of a payment
 * already recorded) goes on and joins it, so a shopper reloading the page gets the outcome.
 * Money taken on a closed link still reaches the worker by webhook or reconciliation, and is
 * recorded as owed back.
 */
async function requireReturnable(
  db: Kysely<Database>,
  { ret, jobKey, user, now }: RequireReturnableOptions,
): Promise<void> {
  const linkId = ret.paymentLinkId;
  const row = await db
    .selectFrom('orders as o')
    .select((eb) => {
      const links = () => {
        const ofOrder = eb
          .selectFrom('payments as p')
          .select('p.id')
          .whereRef('p.order_id', '=', 'o.id');
        return linkId === undefined ? ofOrder : ofOrder.where('p.payment_link_id', '=', linkId);
      };
      return [
        'o.user_id',
        eb.exists(links()).as('has_link'),
        eb.exists(links().where('p.status', '=', 'CREATED')).as('unpaid_link'),
        // Open: not closed, and within its life (plus the grace for a late return).
        eb
          .exists(
            links()
              .where('p.status', '=', 'CREATED')
              .where((w) =>
                w.or([
                  w('p.expires_at', 'is', null),
                  w('p.expires_at', '>', new Date(now.getTime() - LINK_GRACE_MS)),
                ]),
              ),
          )
          .as('open_link'),
        eb
          .exists(
            eb
              .selectFrom('payments as r')
              .select('r.id')
              .whereRef('r.order_id', '=', 'o.id')
              .where((w) =>
                w.or([
                  w('r.provider_payment_id', '=', ret.paymentId),
                  // A return that names the link for its payment (Cashfree's): the link is paid.
                  w.and([
                    w('r.payment_link_id', '=', ret.paymentId),
                    w('r.provider_payment_id', 'is not', null),
                  ]),
                ]),
              ),
          )
          .as('recorded'),
        eb
          .exists(eb.selectFrom('outbox').select('outbox.id').where('outbox.job_key', '=', jobKey))
          .as('kept'),
      ];
    })
    .where('o.id', '=', ret.orderId)
    .executeTakeFirst();
  // A visitor learns nothing about an order: logging in is the way to see it.
  const refuse = (reason: Error) => (user ? reason : unauthorized());
  if (!row || (user && !canSeeRecordOf(user, row.user_id))) throw refuse(notFound('Order'));
  if (row.kept || row.recorded) return;
  if (!row.has_link)
    throw refuse(
      linkId
        ? badRequest(`Payment link ${linkId} was not made for this order`)
        : notFound('Payment link for this order'),
    );
  if (!row.unpaid_link) throw refuse(conflict('This order is no longer waiting for a payment'));
  if (!row.open_link)
    throw refuse(
      conflict(
        'This payment link has expired: open the order and pay again, a new link will be made',
      ),
    );
}

/**
 * A payment return: counted against the caller's address, checked against the order (see
 * requireReturnable), then kept in the outbox under the provider's payment id (a duplicate
 * joins it) and applied by the worker, which asks the provider (never trusting the caller).
 * Answers the outcome, or null while it is not applied yet.
 */
export async function requestPaymentConfirmation(
  deps: PaymentReturnDeps,
  ret: PaymentReturn,
  caller: PaymentReturnCaller,
): Promise<ConfirmationOutcome | null> {
  await deps.limits.consume('paymentReturn', caller.address);
  const { orderId } = ret;
  const jobKey = paymentJobKey(orderId, ret.paymentId);
  await requireReturnable(deps.db, {
    ret: { ...ret, orderId },
    jobKey,
    user: caller.user,
    now: (deps.clock ?? systemClock)(),
  });
  const { outcome } = await submitAndWait<ConfirmationOutcome>(deps, {
    job: JOBS.paymentConfirmation,
    jobKey,
    payload: { orderId, paymentId: ret.paymentId, source: 'return' } satisfies PaymentConfirmation,
    retryRefused: false,
  });
  return outcome;
}

/**
 * A signed webhook: kept in the outbox and acknowledged without waiting or judging (the
 * provider retries and then disables a webhook that keeps answering 4xx). Answers the job key.
 */
export async function recordPaymentWebhook(
  deps: Pick<OutboxDeps, 'db' | 'relay'>,
  webhook: Omit<PaymentConfirmation, 'source'>,
): Promise<string> {
  // The one check of the order id on this path (the worker trusts what the outbox holds).
  const confirmation = { ...webhook, orderId: requireId(webhook.orderId, 'Order') };
  const jobKey = paymentJobKey(confirmation.orderId, confirmation.paymentId);
  await writeOutbox(deps.db, {
    job: JOBS.paymentConfirmation,
    jobKey,
    payload: { ...confirmation, source: 'webhook' },
    retryRefused: true,
  });
  deps.relay.wake();
  return jobKey;
}
