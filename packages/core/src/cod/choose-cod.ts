import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { formatIndiaDateTime, formatRupees, type PaymentLinkAnswer } from '@kanak/shared';
import type { AuthUser } from '../auth';
import { conflict, lockPayableOrder } from '../common';
import { requireId } from '../common';
import { systemClock, type Clock } from '../common';
import { closeOpenLinks } from '../ledger';
import { requoteIfStale } from '../ledger';
import { queueNotification } from '../mail-queue';
import { codAvailability } from './cod-availability';
import { codCodeHash, newCodCode } from './cod-code';
import type { CodSettings } from './cod-settings';

/** A second ask this soon after a code was mailed answers the same code (a double click). */
const SAME_CODE_WITHIN_MS = 60_000;

export interface CodChoice {
  answer: PaymentLinkAnswer & { cod: { confirmBy: string } };
  /** Online links closed by choosing cash (to cancel at their provider). */
  closedLinks: string[];
}

/** The owner's choice of cash on delivery for an order, and the shop's settings for it. */
export interface ChooseCashOnDeliveryOptions {
  db: Kysely<Database>;
  settings: CodSettings & { quoteHoldMs: number };
  user: AuthUser;
  /** As the request named it: checked here. */
  orderId: unknown;
  clock?: Clock;
}

/**
 * The owner chooses cash on delivery for a PENDING order: when the order may have it
 * (codAvailability, else 409 with the reason), its open online links are closed and a one-time
 * code is mailed (with a link that fills it in); the order stays PENDING until the code is
 * given back before `confirmBy`, else the unpaid-order sweep cancels it. Asking again mails a
 * fresh code (the old one stops working), except within a minute of the last.
 */
export async function chooseCashOnDelivery({
  db,
  settings,
  user,
  orderId: orderIdInput,
  clock = systemClock,
}: ChooseCashOnDeliveryOptions): Promise<CodChoice> {
  const orderId = requireId(orderIdInput, 'Order');
  return db.transaction().execute(async (trx) => {
    const now = clock();
    const order = await lockPayableOrder(trx, orderId, user.id);
    const requote = await requoteIfStale(trx, { order, holdMs: settings.quoteHoldMs, now });
    const total = requote ? requote.to : order.total_discounted_price;
    const offer = await codAvailability(trx, {
      order: { ...order, total_discounted_price: total },
      settings,
      now,
    });
    if (!offer.available) throw conflict(offer.reason);
    const existing = await trx
      .selectFrom('cod_orders')
      .select(['confirm_by', 'created_at', 'confirmed_at'])
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    if (
      existing &&
      !existing.confirmed_at &&
      now.getTime() - existing.created_at.getTime() < SAME_CODE_WITHIN_MS &&
      existing.confirm_by > now
    )
      return answerOf(existing.confirm_by, [], requote);
    const closedLinks = await closeOpenLinks(trx, orderId, 'Replaced: cash on delivery chosen');
    const code = newCodCode();
    const confirmBy = new Date(now.getTime() + settings.confirmMinutes * 60_000);
    const row = {
      user_id: order.user_id,
      code_hash: codCodeHash(orderId, code),
      confirm_by: confirmBy,
      attempts: 0,
      fee_rupees: settings.feeRupees,
      created_at: now,
    };
    await trx
      .insertInto('cod_orders')
      .values({ order_id: orderId, ...row })
      .onConflict((oc) => oc.column('order_id').doUpdateSet(row))
      .execute();
    await queueNotification(trx, {
      kind: 'cod-confirm',
      recipient: order.email,
      eventKey: `cod-confirm:${orderId}:${now.getTime()}`,
      userId: order.user_id,
      orderId,
      payload: {
        orderId,
        code,
        amount: formatRupees(total + settings.feeRupees),
        confirmBy: formatIndiaDateTime(confirmBy),
      },
    });
    return answerOf(confirmBy, closedLinks, requote);
  });
}

function answerOf(
  confirmBy: Date,
  closedLinks: string[],
  requote: { from: number; to: number } | null,
): CodChoice {
  return {
    answer: {
      orderStatus: 'PENDING',
      cod: { confirmBy: confirmBy.toISOString() },
      ...(requote ? { requote } : {}),
    },
    closedLinks,
  };
}
