import type { Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { formatRupees } from '@kanak/shared';
import { currentRequestId } from '../operations';
import { CART_TOTAL_MESSAGE, MAX_CART_TOTAL } from '../cart';
import { conflict } from '../common';
import { QUOTE_COLUMNS, quoteOf } from '../pricing';

/** What a re-quote changed: the totals before and after (rupees, as the order shows them). */
export interface Requote {
  from: number;
  to: number;
}

export interface RequoteIfStaleOptions {
  order: { id: string; user_id: string; quoted_at: Date; total_discounted_price: number };
  holdMs: number;
  now?: Date;
}

/**
 * Part of the order ledger (its money and its event row are written here, nowhere else). An
 * unpaid order's quote holds for `holdMs` from the moment it was quoted, whatever links were made
 * since: a new link asked for after that prices the order again at today's rates. (A renewed
 * link no longer carries the old quote on: asking for a fresh link just before each one ran out
 * held last month's gold price, and the stock, for ever.) Each line takes its size's current
 * price and breakup (a line whose product or size was removed keeps its quote), the totals
 * follow, and the order's history keeps both quotes. Null when the quote still holds or nothing
 * moved (the quote is then renewed from now). Links already made keep their own amount and
 * expiry: one made just before the hold ended is the longest the old price lasts (hold + a
 * link's life). Runs in the caller's transaction, the order row locked.
 */
export async function requoteIfStale(
  trx: Transaction<Database>,
  { order, holdMs, now = new Date() }: RequoteIfStaleOptions,
): Promise<Requote | null> {
  if (now.getTime() - order.quoted_at.getTime() < holdMs) return null;
  const lines = await trx
    .selectFrom('order_items as oi')
    .innerJoin('product_sizes as s', 's.id', 'oi.size_id')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('metal_rates as mr', 'mr.id', 'p.metal_rate_id')
    .select((eb) => [
      'oi.id',
      'oi.price as quoted_price',
      'oi.discounted_price as quoted_discounted',
      eb.fn.coalesce('s.price', 'p.price').as('price'),
      eb.fn.coalesce('s.discounted_price', 'p.discounted_price').as('discounted_price'),
      ...QUOTE_COLUMNS,
    ])
    .where('oi.order_id', '=', order.id)
    .execute();
  const moved = lines.filter(
    (l) => l.price !== l.quoted_price || l.discounted_price !== l.quoted_discounted,
  );
  for (const line of moved)
    await trx
      .updateTable('order_items')
      .set({ price: line.price, discounted_price: line.discounted_price, ...quoteOf(line) })
      .where('id', '=', line.id)
      .execute();
  const totals = await trx
    .selectFrom('order_items')
    .select((eb) => [
      eb.fn.sum<string>(eb('price', '*', eb.ref('quantity'))).as('price'),
      eb.fn.sum<string>(eb('discounted_price', '*', eb.ref('quantity'))).as('discounted'),
    ])
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  const price = Number(totals.price);
  const discounted = Number(totals.discounted);
  if (price > MAX_CART_TOTAL) throw conflict(CART_TOTAL_MESSAGE);
  await trx
    .updateTable('orders')
    .set({
      quoted_at: now,
      total_price: price,
      total_discounted_price: discounted,
      discount: price - discounted,
      updated_at: now,
    })
    .where('id', '=', order.id)
    .execute();
  if (discounted === order.total_discounted_price) return null;
  const requote = { from: order.total_discounted_price, to: discounted };
  await trx
    .insertInto('order_events')
    .values({
      order_id: order.id,
      actor: 'customer',
      actor_user_id: order.user_id,
      from_status: 'PENDING',
      to_status: 'PENDING',
      note: `Re-quoted at today's rates for a new payment link: ${formatRupees(requote.from)} → ${formatRupees(requote.to)}`,
      request_id: currentRequestId() ?? null,
    })
    .execute();
  return requote;
}
