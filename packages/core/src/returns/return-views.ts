import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { indiaDate, type ReturnView } from '@kanak/shared';

type Db = Kysely<Database> | Transaction<Database>;

/** Returns of some orders (or one request), newest first, as both order pages show them. */
export async function returnViews(
  db: Db,
  filter: { orderId?: string; returnId?: string; state?: ReturnView['state'] },
): Promise<ReturnView[]> {
  let query = db.selectFrom('return_requests').selectAll().orderBy('created_at', 'desc').limit(500);
  if (filter.orderId) query = query.where('order_id', '=', filter.orderId);
  if (filter.returnId) query = query.where('id', '=', filter.returnId);
  if (filter.state) query = query.where('state', '=', filter.state);
  const requests = await query.execute();
  if (requests.length === 0) return [];
  const ids = requests.map((r) => r.id);
  const [items, events, sold] = await Promise.all([
    db
      .selectFrom('return_items')
      .innerJoin('order_items', 'order_items.id', 'return_items.order_item_id')
      .select([
        'return_items.return_id',
        'return_items.order_item_id',
        'return_items.received_huids',
        'order_items.title',
        'order_items.quantity',
        'order_items.position',
      ])
      .where('return_items.return_id', 'in', ids)
      .orderBy('order_items.position')
      .execute(),
    db
      .selectFrom('return_events')
      .select(['return_id', 'to_state', 'actor', 'note', 'at'])
      .where('return_id', 'in', ids)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('order_item_huids')
      .innerJoin('return_items', 'return_items.order_item_id', 'order_item_huids.order_item_id')
      .select(['order_item_huids.order_item_id', 'order_item_huids.huid'])
      .where('return_items.return_id', 'in', ids)
      .orderBy('order_item_huids.huid')
      .execute(),
  ]);
  const soldOf = (itemId: string) => [
    ...new Set(sold.filter((s) => s.order_item_id === itemId).map((s) => s.huid)),
  ];
  return requests.map((r) => ({
    id: r.id,
    orderId: r.order_id,
    kind: r.kind,
    reason: r.reason,
    state: r.state,
    refusedReason: r.refused_reason,
    huidMismatch: r.huid_mismatch,
    items: items
      .filter((i) => i.return_id === r.id)
      .map((i) => ({
        orderItemId: i.order_item_id,
        title: i.title,
        quantity: i.quantity,
        huidsSold: soldOf(i.order_item_id),
        huidsReceived: i.received_huids,
      })),
    amount: Math.round(Number(r.refund_paise) / 100),
    refundStatus: r.refund_status,
    windowEndsOn: indiaDate(new Date(r.window_ends_at)),
    createdAt: new Date(r.created_at).toISOString(),
    events: events
      .filter((e) => e.return_id === r.id)
      .map((e) => ({
        to: e.to_state,
        actor: e.actor,
        note: e.note,
        at: new Date(e.at).toISOString(),
      })),
  }));
}
