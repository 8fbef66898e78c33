import type { Kysely, Transaction } from 'kysely';
import type { Database, OrderRow, OrderTenderRow, TenderStatus } from '@kanak/db';
import { formatRupees, indiaDate, type OrderTender } from '@kanak/shared';
import type { AuthUser } from '../auth';
import { conflict, notFound } from '../common';
import { enrolmentSchedule, redeemedOf } from '../schemes';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Tenders (issues 36 and 33): a matured savings scheme's balance or the customer's store credit
 * paying part or all of an order, recorded in `order_tenders`. The balance is reserved (HELD)
 * under its row lock when the shopper asks to pay with it, SPENT when the order is placed and
 * RETURNED when it is cancelled — to the scheme or the credit, never as cash. The order ledger
 * moves them with the order (settleTenders), so every path that places or cancels one does.
 */

/** What the shopper asked to pay with, besides the link. */
export interface TenderAsk {
  schemeEnrolmentId?: string | undefined;
  useStoreCredit?: boolean | undefined;
}

export const SCHEME_CASH_REFUSED =
  'A savings scheme balance buys jewellery only and is never paid out as cash (see the scheme’s terms)';

const LIVE: TenderStatus[] = ['HELD', 'SPENT'];
/** Balances are paise; orders and links are whole rupees, so a tender is whole rupees. */
const wholeRupees = (paise: number) => Math.floor(paise / 100) * 100;

/** The order's tenders still holding money (HELD or SPENT). */
export function liveTenders(db: Db, orderId: string) {
  return db
    .selectFrom('order_tenders')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', 'in', LIVE)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Rupees of the order's total that its live tenders pay: the link asks for the rest. */
export async function tenderedRupees(db: Db, orderId: string): Promise<number> {
  return (await tenderedByOrder(db, [orderId])).get(orderId) ?? 0;
}

/** Rupees the live tenders pay of each of these orders (absent: none). */
export async function tenderedByOrder(db: Db, orderIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .selectFrom('order_tenders')
    .select(['order_id', 'amount_paise'])
    .where('order_id', 'in', orderIds)
    .where('status', 'in', LIVE)
    .execute();
  for (const r of rows) out.set(r.order_id, (out.get(r.order_id) ?? 0) + r.amount_paise / 100);
  return out;
}

export interface LockSchemeBalanceOptions {
  user: AuthUser;
  enrolmentId: string;
  now: Date;
}

/**
 * Locks the enrolment and answers what it can still pay, in paise: instalments paid + the bonus
 * − what orders hold or spent. Refused (409) unless it is matured and `now` is within its
 * redemption window; 404 unless it is the shopper's.
 */
async function lockSchemeBalance(
  trx: Transaction<Database>,
  { user, enrolmentId, now }: LockSchemeBalanceOptions,
) {
  const e = await trx
    .selectFrom('scheme_enrolments')
    .selectAll()
    .where('id', '=', enrolmentId)
    .forUpdate()
    .executeTakeFirst();
  if (!e || e.user_id !== user.id) throw notFound('Scheme');
  if (e.state !== 'MATURED' && e.state !== 'REDEEMED')
    throw conflict(
      `This scheme is ${e.state.toLowerCase()}: only a matured scheme's balance pays for jewellery`,
    );
  const payments = await trx
    .selectFrom('scheme_payments')
    .select(['n', 'amount', 'paid_at', 'status'])
    .where('enrolment_id', '=', e.id)
    .execute();
  const today = indiaDate(now);
  const schedule = enrolmentSchedule(e, payments, today);
  if (!schedule || today < schedule.maturesOn)
    throw conflict('This scheme has not matured yet: its balance pays for jewellery once it has');
  if (today > schedule.redeemBy)
    throw conflict(
      `This scheme's redemption window closed on ${schedule.redeemBy}: its balance can no longer pay for an order`,
    );
  const paid = payments.filter((p) => p.status === 'PAID').reduce((s, p) => s + p.amount, 0);
  const used = (await redeemedOf(trx, [e.id])).get(e.id);
  const available = paid * 100 + schedule.bonus - (used ? used.held + used.spent : 0);
  return { enrolment: e, available };
}

/** Locks the customer's credit book (their user row) and answers its balance in paise. */
async function lockStoreCredit(trx: Transaction<Database>, userId: string): Promise<number> {
  // FOR NO KEY UPDATE: serialises two spends of one book, not foreign-key checks on the user.
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
  const row = await trx
    .selectFrom('customer_credit_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_paise'), eb.lit(0)).as('paise'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.paise);
}

/** The scheme's state follows its balance: REDEEMED when nothing is left, MATURED otherwise. */
async function syncSchemeState(trx: Transaction<Database>, enrolmentId: string, leftPaise: number) {
  await trx
    .updateTable('scheme_enrolments')
    .set({ state: leftPaise > 0 ? 'MATURED' : 'REDEEMED' })
    .where('id', '=', enrolmentId)
    .where('state', 'in', ['MATURED', 'REDEEMED'])
    .execute();
}

/** The balances asked for a locked PENDING order of `user`, whose total is `total` rupees. */
export interface ReserveTendersOptions {
  trx: Transaction<Database>;
  order: Pick<OrderRow, 'id' | 'user_id'>;
  user: AuthUser;
  total: number;
  ask: TenderAsk;
  now: Date;
}

/**
 * Reserves the asked balances on a locked PENDING order of `user` whose total is `total`
 * rupees, scheme first: each pays what it can of what is still due, in whole rupees. A kind the
 * order already holds is kept as it is (a second tab, or "Pay now" again, spends nothing more).
 * A balance with nothing left answers 409, so two tabs spending one balance on two orders see
 * one succeed and the other told why. Answers whether anything new was reserved.
 */
export async function reserveTenders({
  trx,
  order,
  user,
  total,
  ask,
  now,
}: ReserveTendersOptions): Promise<boolean> {
  const live = await liveTenders(trx, order.id);
  let due = total * 100 - live.reduce((s, t) => s + t.amount_paise, 0);
  const has = (kind: OrderTenderRow['kind']) => live.some((t) => t.kind === kind);
  let reserved = false;
  if (ask.schemeEnrolmentId && !has('scheme') && due > 0) {
    const { enrolment, available } = await lockSchemeBalance(trx, {
      user,
      enrolmentId: ask.schemeEnrolmentId,
      now,
    });
    const amount = Math.min(wholeRupees(available), due);
    if (amount <= 0)
      throw conflict(
        `This scheme's balance is already spent (or held by another unpaid order): nothing is left to pay with. Pay by link instead, or cancel the other order to free it.`,
      );
    await trx
      .insertInto('order_tenders')
      .values({
        order_id: order.id,
        user_id: user.id,
        kind: 'scheme',
        enrolment_id: enrolment.id,
        amount_paise: amount,
      })
      .execute();
    await syncSchemeState(trx, enrolment.id, available - amount);
    due -= amount;
    reserved = true;
  }
  if (ask.useStoreCredit && !has('store_credit') && due > 0) {
    const available = await lockStoreCredit(trx, user.id);
    const amount = Math.min(wholeRupees(available), due);
    if (amount <= 0)
      throw conflict(
        'Your store credit is already spent (or held by another unpaid order): nothing is left to pay with. Pay by link instead.',
      );
    const tender = await trx
      .insertInto('order_tenders')
      .values({
        order_id: order.id,
        user_id: user.id,
        kind: 'store_credit',
        enrolment_id: null,
        amount_paise: amount,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The credit book is append-only: the spend is its own entry, once per tender.
    await trx
      .insertInto('customer_credit_entries')
      .values({
        user_id: user.id,
        amount_paise: -amount,
        source: 'order',
        source_id: `spend:${tender.id}`,
        note: `Paid towards order ${order.id.slice(0, 8).toUpperCase()}`,
        actor_user_id: user.id,
      })
      .execute();
    reserved = true;
  }
  return reserved;
}

export interface SettleTendersOptions {
  orderIds: readonly string[];
  to: 'SPENT' | 'RETURNED';
  at?: Date;
}

/**
 * Moves the live tenders of these (locked) orders with them: SPENT when placed, RETURNED when
 * cancelled (a returned scheme tender frees the scheme's balance; a returned credit is booked
 * back as its own entry). Called by the order ledger for every placement and cancellation.
 */
export async function settleTenders(
  trx: Transaction<Database>,
  { orderIds, to, at = new Date() }: SettleTendersOptions,
): Promise<void> {
  if (orderIds.length === 0) return;
  const moved = await trx
    .updateTable('order_tenders')
    .set({ status: to, settled_at: at })
    .where('order_id', 'in', orderIds)
    .where('status', 'in', to === 'SPENT' ? ['HELD'] : LIVE)
    .returningAll()
    .execute();
  if (to === 'SPENT' || moved.length === 0) return;
  for (const t of moved) {
    if (t.kind === 'store_credit')
      await trx
        .insertInto('customer_credit_entries')
        .values({
          user_id: t.user_id,
          amount_paise: t.amount_paise,
          source: 'order',
          source_id: `return:${t.id}`,
          note: `Returned from cancelled order ${t.order_id.slice(0, 8).toUpperCase()}`,
          actor_user_id: null,
        })
        .onConflict((oc) => oc.columns(['source', 'source_id']).doNothing())
        .execute();
    else {
      // Freed: the scheme has a balance again (REDEEMED → MATURED).
      await trx
        .updateTable('scheme_enrolments')
        .set({ state: 'MATURED' })
        .where('id', '=', t.enrolment_id!)
        .where('state', '=', 'REDEEMED')
        .execute();
    }
  }
}

/** The orders' tenders as their views show them, by order id. */
export async function tenderViews(db: Db, orderIds: string[]): Promise<Map<string, OrderTender[]>> {
  const out = new Map<string, OrderTender[]>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .selectFrom('order_tenders')
    .leftJoin('scheme_enrolments', 'scheme_enrolments.id', 'order_tenders.enrolment_id')
    .select([
      'order_tenders.order_id',
      'order_tenders.kind',
      'order_tenders.enrolment_id',
      'order_tenders.amount_paise',
      'order_tenders.status',
      'scheme_enrolments.plan_name',
    ])
    .where('order_tenders.order_id', 'in', orderIds)
    .orderBy('order_tenders.created_at')
    .execute();
  for (const r of rows)
    out.set(r.order_id, [
      ...(out.get(r.order_id) ?? []),
      {
        kind: r.kind,
        label: r.kind === 'scheme' ? `Savings scheme: ${r.plan_name ?? ''}` : 'Store credit',
        amount: r.amount_paise / 100,
        status: r.status,
        enrolmentId: r.enrolment_id,
      },
    ]);
  return out;
}

/**
 * Why the owner's refund of a cancelled order finds no money to pay back when balances paid it:
 * they went back to the scheme or credit, never out as cash. Null when the order had none.
 */
export async function cashOutRefusal(db: Db, orderId: string): Promise<string | null> {
  const returned = await db
    .selectFrom('order_tenders')
    .select(['kind', 'amount_paise'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'RETURNED')
    .execute();
  if (returned.length === 0) return null;
  const what = returned
    .map(
      (t) =>
        `${formatRupees(t.amount_paise / 100)} of ${t.kind === 'scheme' ? 'savings scheme balance' : 'store credit'}`,
    )
    .join(' and ');
  return `This order has no refund due: its ${what} went back where it came from, not as cash. ${SCHEME_CASH_REFUSED}.`;
}
