import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { AuthUser } from '../auth';
import type { ActionLimits } from '../limits';
import { submitAndWait } from '../outbox';
import type { OutboxDeps } from '../outbox';
import { paymentJobKey, type JobPayload, type RelayedJob } from '../queues';
import { canSeeRecordOf } from '../auth';
import { badRequest, conflict, notFound, systemClock, unauthorized } from '../common';
import type { Clock } from '../common';
import type { ConfirmationOutcome, PaymentConfirmation } from './confirmation-rules';
import { LINK_GRACE_MS } from './link-expiry';
import { returnKnown } from './return-known';
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

/** What the one read of a return found about its owner (an order, an enrolment) and links. */
export interface ReturnFacts {
  /** The owner's account; undefined when there is no such owner. */
  owner: { user_id: string } | undefined;
  /** The return's outbox row is kept already, or its payment recorded: the return joins them. */
  known: boolean;
  /** The owner has a link (the one the return names, when it names one). */
  hasLink: boolean;
  /** One of those links still waits for its payment. */
  unpaidLink: boolean;
  /** One of those is open: within its life, plus the grace after it for a late return. */
  openLink: boolean;
}

/** How one kind of owner words a refused return. */
export interface ReturnWords {
  owner: 'Order' | 'Scheme';
  noLink: () => Error;
  /** Refused when no link waits for a payment; null: the open-link check says it. */
  notWaiting: string | null;
  expired: string;
}

/**
 * Refuses, with no write, a return that could not be a real payment of its owner: an owner
 * that does not exist or is someone else's, a link that is not the owner's, an owner with no
 * open link (closed when the order was cancelled or deleted, replaced, or past its expiry and
 * the grace after it). A repeat of a return already kept (or of a payment already recorded)
 * goes on and joins it, so a shopper reloading the page gets the outcome. Money taken on a
 * closed link still reaches the worker by webhook or reconciliation, and is recorded as owed
 * back. A visitor learns nothing about the owner: logging in is the way to see it.
 */
function judgeReturn(facts: ReturnFacts, words: ReturnWords, user: AuthUser | null): void {
  const refuse = (reason: Error) => (user ? reason : unauthorized());
  const { owner } = facts;
  if (!owner || (user && !canSeeRecordOf(user, owner.user_id))) throw refuse(notFound(words.owner));
  if (facts.known) return;
  if (!facts.hasLink) throw refuse(words.noLink());
  if (words.notWaiting !== null && !facts.unpaidLink) throw refuse(conflict(words.notWaiting));
  if (!facts.openLink) throw refuse(conflict(words.expired));
}

/** A return's confirmation to ask for: its outbox job, and the one read that may refuse it. */
export interface ReturnToConfirm<J extends RelayedJob> {
  job: J;
  jobKey: string;
  payload: JobPayload<J>;
  /** One read about the owner and its links as of `now` (no write). */
  read: (now: Date) => Promise<ReturnFacts>;
  words: ReturnWords;
}

/**
 * The request steps every payment return takes, an order's or an instalment's: counted against
 * the caller's address, checked with one read (judgeReturn), then kept in the outbox under the
 * provider's payment id (a duplicate joins the row) and applied by the worker along the one
 * confirmation path, which asks the provider (never trusting the caller). `prepare` runs after
 * the count, so a malformed id is counted too. Answers the outcome, or null while it is not
 * applied yet.
 */
export async function requestConfirmation<T, J extends RelayedJob>(
  deps: PaymentReturnDeps,
  caller: PaymentReturnCaller,
  prepare: () => ReturnToConfirm<J>,
): Promise<T | null> {
  await deps.limits.consume('paymentReturn', caller.address);
  const { job, jobKey, payload, read, words } = prepare();
  judgeReturn(await read((deps.clock ?? systemClock)()), words, caller.user);
  const { outcome } = await submitAndWait<T, J>(deps, {
    job,
    jobKey,
    payload,
    retryRefused: false,
  });
  return outcome;
}

const ORDER_WORDS: ReturnWords = {
  owner: 'Order',
  noLink: () => notFound('Payment link for this order'),
  notWaiting: 'This order is no longer waiting for a payment',
  expired: 'This payment link has expired: open the order and pay again, a new link will be made',
};

/** The one indexed read of an order's return: the order, its links, the payment, the row. */
async function readOrderReturn(
  db: Kysely<Database>,
  ret: PaymentReturn,
  jobKey: string,
  now: Date,
): Promise<ReturnFacts> {
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
        returnKnown({
          table: 'payments',
          owner: { column: 'order_id', ref: 'o.id' },
          paymentId: ret.paymentId,
          jobKey,
        }).as('known'),
      ];
    })
    .where('o.id', '=', ret.orderId)
    .executeTakeFirst();
  return {
    owner: row,
    known: Boolean(row?.known),
    hasLink: Boolean(row?.has_link),
    unpaidLink: Boolean(row?.unpaid_link),
    openLink: Boolean(row?.open_link),
  };
}

/**
 * An order's payment return, through the request steps every return takes (requestConfirmation).
 * Answers the outcome, or null while it is not applied yet.
 */
export async function requestPaymentConfirmation(
  deps: PaymentReturnDeps,
  ret: PaymentReturn,
  caller: PaymentReturnCaller,
): Promise<ConfirmationOutcome | null> {
  return requestConfirmation<ConfirmationOutcome, typeof JOBS.paymentConfirmation>(
    deps,
    caller,
    () => {
      const { orderId, paymentLinkId } = ret;
      const jobKey = paymentJobKey(orderId, ret.paymentId);
      return {
        job: JOBS.paymentConfirmation,
        jobKey,
        payload: {
          orderId,
          paymentId: ret.paymentId,
          source: 'return',
        } satisfies PaymentConfirmation,
        read: (now) => readOrderReturn(deps.db, ret, jobKey, now),
        words: {
          ...ORDER_WORDS,
          noLink: () =>
            paymentLinkId
              ? badRequest(`Payment link ${paymentLinkId} was not made for this order`)
              : ORDER_WORDS.noLink(),
        },
      };
    },
  );
}
