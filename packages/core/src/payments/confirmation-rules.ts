import type { Kysely } from 'kysely';
import type { Database, OrderRow, PaymentRow, PaymentStatus } from '@kanak/db';
import {
  formatRupees,
  type OrderStatus,
  type PaymentReturnStatus,
  type RefundReason,
} from '@kanak/shared';
import { badRequest, notFound } from '../common';
import { orderEvent, type LedgerEntry } from '../ledger';
import type { PaymentProvider, ProviderPayment } from '../payment-providers';
import { providersOf, type ProviderSource } from '../payment-providers';
import type { PaymentConfirmation } from '../queues';

export type { PaymentConfirmation };

/** PAID: order placed; FAILED: nothing changed; PENDING: not settled yet; REFUND_PENDING: paid but not fulfillable. */
export type ConfirmationResult = PaymentReturnStatus;

export interface ConfirmationOutcome {
  result: ConfirmationResult;
  orderId: string;
  /** Null when the order was deleted before the payment arrived. */
  orderStatus: OrderStatus | null;
  note: string | null;
}

/** The outcome (recorded for whoever waits on it) and the ledger's entry to follow up on. */
export interface Confirmed {
  outcome: ConfirmationOutcome;
  /** Null when the order did not move and nobody is to be told (a duplicate, not settled yet). */
  entry: LedgerEntry | null;
}

const resultOf = (status: PaymentStatus): ConfirmationResult =>
  status === 'PAID'
    ? 'PAID'
    : status === 'REFUND_PENDING'
      ? 'REFUND_PENDING'
      : status === 'FAILED'
        ? 'FAILED'
        : 'PENDING';

/**
 * Why a link no longer takes payments when one was made at `madeAt`, or null when it does. A
 * provider that does not say when (the sandbox, whose page refuses an expired link) made it in
 * time.
 */
function linkClosed(
  link: Pick<PaymentRow, 'status' | 'expires_at'>,
  madeAt: Date | null,
): string | null {
  if (link.status === 'CANCELLED') return 'its payment link had been cancelled';
  if (link.expires_at && madeAt && madeAt.getTime() > new Date(link.expires_at).getTime())
    return 'its payment link had expired';
  return null;
}

/** One of an order's links, and the provider that holds it. */
export interface OrderLink {
  payment_link_id: string;
  provider: string;
}

/**
 * Asks each provider that holds a link of the order (the one a webhook or reconciliation names
 * first) about the payment, with that provider's own links: the first that made it through one
 * of them answers. A provider that could not be asked fails the whole (retried) only when no
 * other found the payment.
 */
export async function askHolders(
  providers: ReturnType<typeof providersOf>,
  confirmation: Pick<PaymentConfirmation, 'paymentId' | 'provider'>,
  links: OrderLink[],
): Promise<ProviderPayment | null> {
  const held = new Map<PaymentProvider, string[]>();
  for (const link of links) {
    const holder = providers.get(link.provider);
    if (holder) held.set(holder, [...(held.get(holder) ?? []), link.payment_link_id]);
  }
  const named = confirmation.provider ? providers.get(confirmation.provider) : undefined;
  const order = [...held.keys()].sort((a, b) => Number(b === named) - Number(a === named));
  let known: ProviderPayment | null = null;
  let failure: unknown = null;
  for (const holder of order) {
    try {
      const payment = await holder.fetchPayment(confirmation.paymentId, held.get(holder)!);
      if (payment?.paymentLinkId) return payment;
      known ??= payment;
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure) throw failure;
  return known;
}

/** Whose payment a confirmation is about, in the words of its refusals. */
export type PaymentOwnerKind = 'order' | 'scheme';

/** A payment the provider says was made through one of the owner's links. */
export type LinkedPayment = ProviderPayment & { paymentLinkId: string };

/**
 * The provider step of every confirmation, an order's or an instalment's (never the browser's
 * word): each provider holding a link of the owner is asked (askHolders). An owner without a
 * link, a payment no provider knows, or one made through none of the owner's links is refused.
 */
export async function askAboutPayment(
  provider: ProviderSource,
  confirmation: Pick<PaymentConfirmation, 'paymentId' | 'provider'>,
  links: OrderLink[],
  owner: PaymentOwnerKind,
): Promise<LinkedPayment> {
  if (links.length === 0) throw notFound(`Payment link for this ${owner}`);
  const payment = await askHolders(providersOf(provider), confirmation, links);
  if (!payment)
    throw badRequest(`Payment ${confirmation.paymentId} is not known to the payment provider`);
  const linkId = payment.paymentLinkId;
  if (!linkId) throw badRequest(`Payment ${confirmation.paymentId} was not made for this ${owner}`);
  return { ...payment, paymentLinkId: linkId };
}

/** A captured payment for an order, checked outside the transaction; applied under the lock. */
export interface CapturedPayment {
  confirmation: PaymentConfirmation;
  payment: ProviderPayment;
  linkId: string;
}

/** What the checks before the transaction found: an answer already, or a payment to apply. */
export type Prepared = { done: Confirmed } | { captured: CapturedPayment };

/** A confirmation to check, with what the caller read for it beforehand. */
export interface PrepareConfirmationOptions {
  db: Kysely<Database>;
  provider: ProviderSource;
  confirmation: PaymentConfirmation;
  /** The payment's recorded outcome, or null when it was never recorded. */
  recorded: ConfirmationOutcome | null;
  /** The order's links (its payments rows). */
  links: OrderLink[];
}

/**
 * The checks before the transaction, given the payment's recorded outcome (if any) and the
 * order's link ids (read by the caller, one at a time or for a whole batch): a payment recorded
 * for this order is a duplicate; one for another order, unknown to the provider or made through
 * no link of this order is refused (askAboutPayment, the step an instalment's takes too); a
 * failed one is noted; one not captured is PENDING.
 */
export async function prepareConfirmation({
  db,
  provider,
  confirmation,
  recorded,
  links,
}: PrepareConfirmationOptions): Promise<Prepared> {
  const { orderId } = confirmation;
  if (recorded && recorded.orderId !== orderId)
    throw badRequest(`Payment ${confirmation.paymentId} was not made for this order`);
  if (recorded) return { done: { outcome: recorded, entry: null } };
  const payment = await askAboutPayment(provider, confirmation, links, 'order');
  const linkId = payment.paymentLinkId;

  if (payment.status !== 'captured') {
    const order = await db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirst();
    const orderStatus = order?.status ?? null;
    if (payment.status === 'failed') {
      // The link stays open so the shopper can try again; the attempt is noted.
      await db
        .updateTable('payments')
        .set({ note: `Payment ${payment.id} failed`, updated_at: new Date() })
        .where('payment_link_id', '=', linkId)
        .where('status', '=', 'CREATED')
        .execute();
      return {
        done: {
          outcome: {
            result: 'FAILED',
            orderId,
            orderStatus,
            note: 'The payment failed; the order is still waiting for payment',
          },
          entry: null,
        },
      };
    }
    return {
      done: {
        outcome: {
          result: 'PENDING',
          orderId,
          orderStatus,
          note: 'The payment is not complete yet',
        },
        entry: null,
      },
    };
  }
  return { captured: { confirmation, payment, linkId } };
}

/** A captured payment against its locked order and link: placed, or the money owed back. */
export type PaymentVerdict = { place: true } | { place: false; note: string; reason: RefundReason };

export interface JudgePaymentOptions {
  payment: ProviderPayment;
  order: OrderRow | null;
  link: Pick<PaymentRow, 'status' | 'expires_at'>;
  /** Rupees a scheme balance or store credit pays of the order: the link owes the rest. */
  tendered?: number;
}

/**
 * The rules, the same one by one and in a batch: money for a deleted order, an order no longer
 * PENDING, a closed link or the wrong amount is owed back; anything else places the order.
 */
export function judgePayment({
  payment,
  order,
  link,
  tendered = 0,
}: JudgePaymentOptions): PaymentVerdict {
  if (!order)
    return {
      place: false,
      note: `Order was deleted before payment ${payment.id} arrived: refund due`,
      reason: 'LINK_CLOSED',
    };
  if (order.status !== 'PENDING')
    return {
      place: false,
      note: `Order was ${order.status} when payment ${payment.id} arrived: refund due`,
      reason: 'ORDER_NOT_PENDING',
    };
  const closed = linkClosed(link, payment.madeAt);
  if (closed)
    return {
      place: false,
      note: `Payment ${payment.id} arrived after ${closed}: refund due`,
      reason: 'LINK_CLOSED',
    };
  const due = order.total_discounted_price - tendered;
  if (payment.amount !== null && payment.amount !== due)
    return {
      place: false,
      note: `Paid ${formatRupees(payment.amount)} but the order ${tendered ? `leaves ${formatRupees(due)} to pay` : `totals ${formatRupees(due)}`}: refund due`,
      reason: 'AMOUNT_MISMATCH',
    };
  return { place: true };
}

/** The order event's reason for a paid order. */
export const paidReason = (payment: ProviderPayment, confirmation: PaymentConfirmation) =>
  `Paid by ${payment.id} (${confirmation.source})`;

/** What the shopper reads on an order cancelled because a line was short when it was paid. */
export const soldOutNote = (short: string, paid: number, tendered = 0) =>
  `Cancelled: ${short} when the payment arrived. The payment of ${formatRupees(paid)} will be refunded.` +
  (tendered ? ` The ${formatRupees(tendered)} paid from your balance goes back to it.` : '');

/** The answer for money kept to be paid back: the order (if any) does not move. */
export function owedBack(orderId: string, order: OrderRow | null, note: string): Confirmed {
  const outcome = {
    result: 'REFUND_PENDING' as const,
    orderId,
    orderStatus: order?.status ?? null,
    note,
  };
  if (!order) return { outcome, entry: null };
  const event = orderEvent(order, order.status, { kind: 'payment', result: 'REFUND_PENDING' });
  return { outcome, entry: { orderId, status: order.status, event, stockOf: [], closedLinks: [] } };
}

/** The recorded outcomes of these payments, by provider payment id. */
export async function findRecordedMany(
  db: Kysely<Database>,
  paymentIds: string[],
): Promise<Map<string, ConfirmationOutcome>> {
  const found = new Map<string, ConfirmationOutcome>();
  if (paymentIds.length === 0) return found;
  const rows = await recordedQuery(db)
    .select('payments.provider_payment_id')
    .where('payments.provider_payment_id', 'in', paymentIds)
    .execute();
  for (const row of rows)
    if (row.provider_payment_id) found.set(row.provider_payment_id, toOutcome(row));
  return found;
}

const recordedQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('payments')
    // A payment outlives an order deleted before it arrived (no foreign key): left join.
    .leftJoin('orders', 'orders.id', 'payments.order_id')
    .select([
      'payments.status',
      'payments.note',
      'payments.order_id',
      'orders.status as order_status',
    ]);

const toOutcome = (row: {
  status: PaymentStatus;
  note: string | null;
  order_id: string;
  order_status: OrderStatus | null;
}): ConfirmationOutcome => ({
  result: resultOf(row.status),
  orderId: row.order_id,
  orderStatus: row.order_status,
  note: row.note,
});
