import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { AuthUser } from '../auth';
import { badRequest, conflict, lockOrder, notFound } from '../common';
import { requireId } from '../common';
import { systemClock, type Clock } from '../common';
import { placePaidOrder, type LedgerEntry } from '../ledger';
import { codCodeMatches } from './cod-code';
import { COD_CODE_TRIES } from './cod-settings';

export interface CodConfirmation {
  orderId: string;
  /** The ledger's entry when the order was placed here; null when it was placed before (a re-send). */
  entry: LedgerEntry | null;
}

export interface ConfirmCashOnDeliveryOptions {
  user: AuthUser;
  input: { orderId: unknown; code: string };
  clock?: Clock;
}

/**
 * The owner gives back the mailed code: the order is placed through the ledger exactly as a paid
 * one is (its stock taken, the cart emptied of it, the placed mail), without a payment and without
 * an invoice yet (it is issued at dispatch). A wrong code is a 400 and counts; after
 * COD_CODE_TRIES wrong ones, or past `confirm_by`, the code no longer works (409). A piece sold out
 * meanwhile cancels the order instead, as for a payment. The right code again answers the order.
 */
export async function confirmCashOnDelivery(
  db: Kysely<Database>,
  { user, input, clock = systemClock }: ConfirmCashOnDeliveryOptions,
): Promise<CodConfirmation> {
  const orderId = requireId(input.orderId, 'Order');
  const outcome = await db.transaction().execute(async (trx) => {
    const now = clock();
    const order = await lockOrder(trx, orderId);
    if (order.user_id !== user.id) throw notFound('Order');
    const cod = await trx
      .selectFrom('cod_orders')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    if (!cod) throw conflict('Cash on delivery was not chosen for this order');
    // Counted under the order's lock, in the transaction that read the count: parallel guesses
    // queue on the lock and each sees the ones before it, so no more than COD_CODE_TRIES are tried.
    const countWrong = async () => {
      const counted = await trx
        .updateTable('cod_orders')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('order_id', '=', orderId)
        .returning('attempts')
        .executeTakeFirstOrThrow();
      return { wrong: counted.attempts } as const;
    };
    if (cod.confirmed_at) {
      if (!codCodeMatches(orderId, input.code, cod.code_hash)) return countWrong();
      return { entry: null };
    }
    if (order.status !== 'PENDING')
      throw conflict(`Order is already ${order.status}: it can no longer be confirmed`);
    if (cod.attempts >= COD_CODE_TRIES)
      throw conflict('Too many wrong codes: choose cash on delivery again for a new code');
    if (cod.confirm_by <= now)
      throw conflict('This code has expired: choose cash on delivery again for a new code');
    if (!codCodeMatches(orderId, input.code, cod.code_hash)) return countWrong();
    await trx
      .updateTable('cod_orders')
      .set({ confirmed_at: now })
      .where('order_id', '=', orderId)
      .execute();
    const placement = await placePaidOrder(trx, order, {
      reason: 'Cash on delivery: confirmed with the code mailed to the shopper',
      refundNote: (short) => `Cancelled: ${short} when it was confirmed. Nothing was paid.`,
      cashOnDelivery: true,
    });
    return { entry: placement.entry };
  });
  if (!('wrong' in outcome)) return { orderId, ...outcome };
  const left = Math.max(0, COD_CODE_TRIES - outcome.wrong);
  throw badRequest(
    left > 0
      ? `That code is not right: ${left} ${left === 1 ? 'try' : 'tries'} left`
      : 'That code is not right, and it no longer works: choose cash on delivery again for a new code',
  );
}
