import type { Kysely } from 'kysely';
import type { Database, TenderKind } from '@kanak/db';
import type { AuthUser } from '../auth';
import { badRequest, conflict, lockPayableOrder, unavailable } from '../common';
import { requireId } from '../common';
import { ShopperRefused } from '../payment-providers';
import { NoProviderAvailable, providersOf, type ProviderSource } from '../payment-providers';
import { DEFAULT_LINK_TTL_MINUTES, LINK_REUSE_MARGIN_MS } from './link-expiry';
import { formatRupees, type PaymentLinkAnswer } from '@kanak/shared';
import { requoteIfStale } from '../ledger';
import { systemClock, type Clock } from '../common';
import { closeOpenLinks, placePaidOrder, type LedgerEntry } from '../ledger';
import { lockInvoiceCounter } from '../invoices';
import {
  liveTenders,
  reserveTenders,
  settleTenders,
  tenderedRupees,
  tenderViews,
  type TenderAsk,
} from '../tenders';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { PaymentLinkAnswer };

/** A link answer without tenders: the link is always there. */
export type OrderLinkAnswer = PaymentLinkAnswer & {
  payment_link_url: string;
  payment_link_id: string;
};

/** What createPaymentLink needs: payOrder's options, with the order's id and no balances. */
export interface CreatePaymentLinkOptions extends Omit<PayOrderOptions, 'input'> {
  /** The order's id as the caller sent it (checked here). */
  orderId: unknown;
}

/**
 * A payment link for the owner's PENDING order (see payOrder), for callers that spend no balance:
 * the link is always there.
 */
export async function createPaymentLink({
  orderId,
  ...options
}: CreatePaymentLinkOptions): Promise<OrderLinkAnswer> {
  const { answer } = await payOrder({ ...options, input: { orderId } });
  if (!answer.payment_link_url || !answer.payment_link_id)
    throw conflict('This order is paid in full by a balance: it needs no payment link');
  return {
    ...answer,
    payment_link_url: answer.payment_link_url,
    payment_link_id: answer.payment_link_id,
  };
}

/** What payOrder needs: its dependencies, the caller and what they asked for. */
export interface PayOrderOptions {
  db: Kysely<Database>;
  /** One provider, or the failover set (links are made at the first that answers). */
  provider: ProviderSource;
  /** The order's owner (another's order is a 404). */
  user: AuthUser;
  /** The order and the balances asked for (a matured scheme, store credit). */
  input: { orderId: unknown } & TenderAsk;
  /** Where the provider sends the shopper back (the server) and the web's pages. */
  origins: { server: string; web: string };
  /** How long a new link takes payments; DEFAULT_LINK_TTL_MINUTES when left out. */
  ttlMinutes?: number;
  clock?: Clock;
}

export interface OrderPayment {
  answer: PaymentLinkAnswer;
  /** The ledger's entry when the balances paid it all and it was placed here; else null. */
  entry: LedgerEntry | null;
  /** Links closed because a balance now pays part of the order (to cancel at the provider). */
  closedLinks: string[];
}

/**
 * Pays the owner's PENDING order: first from the balances asked for (a matured scheme, store
 * credit; reserveTenders), then by a payment link for the rest, taking payments for
 * `ttlMinutes`. The order row is locked throughout, so a double click or a second tab gets the
 * same tenders and link; a later call reuses the open link while enough of its life is left,
 * else the stale one is closed as EXPIRED and a fresh one made, re-quoted at today's rates when
 * the order's quote outlived a link's life (`requote` then says from and to what). When the
 * balances pay it all, the order is placed here, in this transaction, through the ledger as a
 * paid order is (stock, invoice, mails): there is no link then.
 */
export async function payOrder({
  db,
  provider,
  user,
  input,
  origins,
  ttlMinutes = DEFAULT_LINK_TTL_MINUTES,
  clock = systemClock,
}: PayOrderOptions): Promise<OrderPayment> {
  const orderId = requireId(input.orderId, 'Order');
  const providers = providersOf(provider);
  const createAtSomeProvider = createAtSomeProviderOf(providers);
  const ask: TenderAsk = {
    schemeEnrolmentId: input.schemeEnrolmentId,
    useStoreCredit: input.useStoreCredit,
  };
  const spends = !!(ask.schemeEnrolmentId || ask.useStoreCredit);
  // A balance may pay it all, which numbers the invoice: the counter is locked before the order,
  // in the order a payment's confirmation takes them (no deadlock between the two).
  const heldBefore = await tenderedRupees(db, orderId);
  try {
    return await payOrderOnce(spends || heldBefore > 0);
  } catch (error) {
    if (!(error instanceof CounterNeeded)) throw error;
    // Another tab's balance landed between the read above and the order's lock: once more,
    // with the counter locked first.
    return payOrderOnce(true);
  }

  function payOrderOnce(mayPlace: boolean) {
    return db.transaction().execute(async (trx): Promise<OrderPayment> => {
      const now = clock();
      if (mayPlace) await lockInvoiceCounter(trx, now);
      const order = await lockPayableOrder(trx, orderId, user.id);
      // Paying online after all: a cash-on-delivery code mailed before no longer places it.
      await trx
        .deleteFrom('cod_orders')
        .where('order_id', '=', orderId)
        .where('confirmed_at', 'is', null)
        .execute();
      const withTenders = async (answer: PaymentLinkAnswer, due: number) => {
        const tenders = (await tenderViews(trx, [orderId])).get(orderId) ?? [];
        return tenders.length ? { ...answer, tenders, toPay: due } : answer;
      };
      // The balances asked for are reserved first; a kind the order holds already is kept as it
      // is (a second tab), and then its open link for the rest is reused like any other.
      let closedLinks: string[] = [];
      if (
        spends &&
        (await reserveTenders({ trx, order, user, total: order.total_discounted_price, ask, now }))
      )
        // The links asking for more no longer fit: a payment still made on one is owed back.
        closedLinks = await closeOpenLinks(
          trx,
          orderId,
          'Replaced: part of the order is paid from a balance',
        );
      const held = await tenderedRupees(trx, orderId);
      const open = await trx
        .selectFrom('payments')
        .select(['payment_link_id', 'payment_link_url'])
        .where('order_id', '=', orderId)
        // One open link at a time, whichever provider holds it (still configured).
        .where(
          'provider',
          'in',
          providers.list.map((p) => p.name),
        )
        .where('status', '=', 'CREATED')
        .where('amount', '=', order.total_discounted_price - held)
        .where((eb) =>
          eb.or([
            eb('expires_at', 'is', null),
            eb('expires_at', '>', new Date(now.getTime() + LINK_REUSE_MARGIN_MS)),
          ]),
        )
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (open)
        return {
          answer: await withTenders(
            { payment_link_url: open.payment_link_url, payment_link_id: open.payment_link_id },
            order.total_discounted_price - held,
          ),
          entry: null,
          closedLinks,
        };
      // The quote holds for a link's life from when it was made; past it, today's rates price the
      // order again, however many links were asked for since.
      const requote = await requoteIfStale(trx, { order, holdMs: ttlMinutes * 60_000, now });
      const total = requote ? requote.to : order.total_discounted_price;
      if (held > total) {
        // Priced down below what the balances hold: they are given back and asked again.
        const tenders = await liveTenders(trx, orderId);
        await settleTenders(trx, { orderIds: [orderId], to: 'RETURNED', at: now });
        await reserveTenders({
          trx,
          order,
          user,
          total,
          ask: {
            schemeEnrolmentId: tenders.find((t) => t.kind === 'scheme')?.enrolment_id ?? undefined,
            useStoreCredit: tenders.some((t) => t.kind === 'store_credit'),
          },
          now,
        });
      }
      const tendered = await tenderedRupees(trx, orderId);
      const due = total - tendered;
      // Nothing left to pay places the order only when balances paid all of it: an order of ₹0
      // (a piece priced 0) has no payment to stand on, and is never placed, stocked or invoiced.
      if (due <= 0 && tendered <= 0) throw conflict(NOTHING_PAID_MESSAGE);
      // Placing numbers an invoice; the counter must be taken before the order, never after.
      if (due === 0 && !mayPlace) throw new CounterNeeded();
      if (due === 0) {
        const placed = { ...order, total_discounted_price: total };
        const placement = await placePaidOrder(trx, placed, {
          reason: paidByBalancesReason(await liveTenders(trx, orderId)),
          refundNote: (short) =>
            `Cancelled: ${short} when it was paid. What your balance paid goes back to it.`,
        });
        return {
          answer: await withTenders(
            {
              orderStatus: placement.placed ? 'PLACED' : 'CANCELLED',
              ...(requote ? { requote } : {}),
            },
            0,
          ),
          entry: placement.entry,
          closedLinks,
        };
      }
      // Its expiry stays what it was: a payment made in time is still taken (see confirmPayment).
      // It is cancelled at its provider after this commits (one open link at a time); a payment
      // that beat the cancel is confirmed, and refunded at once if the fresh link is paid too.
      const replaced = await trx
        .updateTable('payments')
        .set({ status: 'EXPIRED', note: 'Replaced by a fresh link', updated_at: now })
        .where('order_id', '=', orderId)
        .where('status', '=', 'CREATED')
        .where('expires_at', '<=', new Date(now.getTime() + LINK_REUSE_MARGIN_MS))
        .returning('payment_link_id')
        .execute();
      closedLinks = [...closedLinks, ...replaced.map((r) => r.payment_link_id)];
      const expiresAt = new Date(now.getTime() + ttlMinutes * 60_000);
      const link = await createAtSomeProvider({
        orderId,
        amount: due,
        description: `Kanak Jewellers order ${orderId.slice(0, 8).toUpperCase()}`,
        customer: {
          name: `${order.first_name} ${order.last_name}`,
          email: order.email,
          contact: order.ship_mobile,
        },
        callbackUrl: `${origins.web}/payment/${orderId}`,
        serverOrigin: origins.server,
        expiresAt,
      });
      await trx
        .insertInto('payments')
        .values({
          order_id: orderId,
          provider: link.provider,
          payment_link_id: link.id,
          payment_link_url: link.url,
          amount: due,
          expires_at: expiresAt,
        })
        .execute();
      return {
        answer: await withTenders(
          {
            payment_link_url: link.url,
            payment_link_id: link.id,
            ...(requote ? { requote } : {}),
          },
          due,
        ),
        entry: null,
        closedLinks,
      };
    });
  }
}

/**
 * A link at the first provider that makes one (see PaymentProviders.createLink): the shopper's
 * own refusal is a 400, every provider down a 503 (nothing was charged: no link was made).
 * Orders and scheme instalments both make their links through it, sharing the breakers.
 */
export function createAtSomeProviderOf(providers: ReturnType<typeof providersOf>) {
  return async (request: Parameters<typeof providers.createLink>[0]) => {
    try {
      return await providers.createLink(request);
    } catch (error) {
      if (error instanceof ShopperRefused) throw badRequest(error.message);
      if (error instanceof NoProviderAvailable)
        throw unavailable(
          'No payment provider can take payments just now: please try again in a few minutes',
        );
      throw error;
    }
  };
}

/** The refusal of an order with nothing to pay and no balance paying it. */
export const NOTHING_PAID_MESSAGE =
  'This order totals ₹0 and no balance pays it: it cannot be placed. Remove the piece without a price from your cart and order again';

const TENDER_NAMES: Record<TenderKind, string> = {
  scheme: 'savings scheme',
  store_credit: 'store credit',
};

/** The ledger's record of an order the balances paid: which ones, and how much each. */
function paidByBalancesReason(tenders: { kind: TenderKind; amount_paise: number }[]): string {
  const parts = tenders.map(
    (t) => `${TENDER_NAMES[t.kind]} ${formatRupees(Number(t.amount_paise) / 100)}`,
  );
  return `Paid in full from the shopper’s balances: ${parts.join(' and ')}`;
}

/** Thrown inside payOrder's transaction when it would place the order without the counter. */
class CounterNeeded extends Error {}

/** What the sandbox's hosted page shows for a link; null when unknown. */
export async function findPaymentLink(db: Kysely<Database>, linkId: string) {
  return db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select([
      'payments.order_id',
      'payments.amount',
      'payments.status',
      'payments.provider',
      'payments.expires_at',
      'orders.status as order_status',
      'orders.total_item',
    ])
    .where('payments.payment_link_id', '=', linkId)
    .executeTakeFirst();
}
