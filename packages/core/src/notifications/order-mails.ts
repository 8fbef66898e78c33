import type { Transaction } from 'kysely';
import type { Database, OrderRow } from '@kanak/db';
import type { OrderStatus } from '@kanak/shared';
import type { NotificationKind } from '../mail-queue';
import { queueNotifications } from '../mail-queue';

/**
 * Which mail an order's move sends: a paid order that is cancelled (by the shop, or sold out
 * when the payment came) owes money back; an unpaid one is only cancelled. CONFIRMED tells the
 * shopper the shop has accepted the order and is preparing it.
 */
export function orderMailKind(
  from: OrderStatus,
  to: OrderStatus,
  paymentCaptured: boolean,
): NotificationKind | null {
  if (to === 'PLACED') return 'order-placed';
  if (to === 'CONFIRMED') return 'order-confirmed';
  if (to === 'SHIPPED') return 'shipped';
  if (to === 'DELIVERED') return 'delivered';
  if (to === 'CANCELLED') return from !== 'PENDING' || paymentCaptured ? 'refund-due' : 'cancelled';
  return null;
}

/** An order's move to write the owner's mail for. */
export interface OrderMail {
  order: Pick<OrderRow, 'id' | 'user_id' | 'status'>;
  event: { id: string | number; to: OrderStatus; note: string | null; paymentCaptured: boolean };
}

/**
 * The ledger's hook, once per order event and in its transaction: the owner's mail for the
 * move (idempotency key: the order event + recipient + kind). A batch of one (queueOrderMails).
 */
export async function queueOrderMail(
  trx: Transaction<Database>,
  order: OrderMail['order'],
  event: OrderMail['event'],
): Promise<void> {
  await queueOrderMails(trx, [{ order, event }]);
}

/**
 * The owners' mails for these order events, the one path for one or many: the owners read at
 * once, the mails written at once. A cash-on-delivery order cancelled before its cash was
 * collected owes nothing back: its mail says cancelled, not refund due.
 */
export async function queueOrderMails(
  trx: Transaction<Database>,
  mails: readonly OrderMail[],
): Promise<void> {
  const wanted: Array<OrderMail & { kind: NotificationKind }> = [];
  for (const { order, event } of mails) {
    let kind = orderMailKind(order.status, event.to, event.paymentCaptured);
    if (!kind) continue;
    if (kind === 'refund-due' && !event.paymentCaptured && (await unpaidCod(trx, order.id)))
      kind = 'cancelled';
    wanted.push({ order, event, kind });
  }
  if (wanted.length === 0) return;
  const owners = await trx
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', [...new Set(wanted.map((w) => w.order.user_id))])
    .where('removed_at', 'is', null)
    .execute();
  const emailOf = new Map(owners.map((o) => [o.id, o.email]));
  await queueNotifications(
    trx,
    wanted.flatMap(({ order, event, kind }) => {
      const recipient = emailOf.get(order.user_id);
      if (!recipient) return [];
      return [
        {
          kind,
          recipient,
          eventKey: `order-event:${event.id}`,
          userId: order.user_id,
          orderId: order.id,
          payload: { status: event.to, note: event.note },
        },
      ];
    }),
  );
}

async function unpaidCod(trx: Transaction<Database>, orderId: string): Promise<boolean> {
  const cod = await trx
    .selectFrom('cod_orders')
    .select('order_id')
    .where('order_id', '=', orderId)
    .where('confirmed_at', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payments')
            .select('payments.id')
            .where('payments.order_id', '=', orderId)
            .where('payments.provider_payment_id', 'is not', null),
        ),
      ),
    )
    .executeTakeFirst();
  return Boolean(cod);
}
