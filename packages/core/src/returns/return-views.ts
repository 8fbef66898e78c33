import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { indiaDate, OPEN_RETURN_STATES, type ReturnView } from '@kanak/shared';
import { RETURN_REFUND_PREFIX } from '../refunds';
import { pickupRecordOf, pickupSummary } from './return-pickup';

type Db = Kysely<Database> | Transaction<Database>;

type Part = NonNullable<ReturnView['refundParts']>[number];
const PROVIDER_STATE = { processing: 'asked', processed: 'paid', failed: 'due' } as const;

/** Notes of the checking moves are the shop's (a HUID read, a hold's reason): the shopper's words. */
const SHOPPER_NOTES: Partial<Record<ReturnView['state'], string>> = {
  received: 'Received for inspection',
  on_hold: 'Under inspection',
};

/**
 * Returns of some orders (or one request), newest first, as both order pages show them. The
 * shopper (`viewer: 'shopper'`) reads "under inspection" where the owner reads the HUID check's
 * details and a hold's reason. The refund's state is the provider's: asked until it confirms,
 * due again when it refused.
 */
export async function returnViews(
  db: Db,
  filter: { orderId?: string; returnId?: string; state?: ReturnView['state']; open?: boolean },
  viewer: 'shopper' | 'admin' = 'admin',
): Promise<ReturnView[]> {
  let query = db.selectFrom('return_requests').selectAll().orderBy('created_at', 'desc').limit(500);
  if (filter.orderId) query = query.where('order_id', '=', filter.orderId);
  if (filter.returnId) query = query.where('id', '=', filter.returnId);
  if (filter.state) query = query.where('state', '=', filter.state);
  if (filter.open) query = query.where('state', 'in', [...OPEN_RETURN_STATES]);
  const requests = await query.execute();
  if (requests.length === 0) return [];
  const ids = requests.map((r) => r.id);
  const [items, events, sold, refunds, tenders] = await Promise.all([
    db
      .selectFrom('return_items')
      .innerJoin('order_items', 'order_items.id', 'return_items.order_item_id')
      .select([
        'return_items.return_id',
        'return_items.order_item_id',
        'return_items.received_huids',
        'return_items.quantity',
        'order_items.quantity as line_quantity',
        'order_items.title',
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
    db
      .selectFrom('refunds')
      .select(['purpose', 'amount', 'state', 'failure'])
      .where(
        'purpose',
        'in',
        ids.map((id) => `${RETURN_REFUND_PREFIX}${id}`),
      )
      .execute(),
    // A return's balance part: the RETURNED tenders of its (delivered, never cancelled) order.
    db
      .selectFrom('order_tenders')
      .select(['order_id', 'kind', 'amount_paise'])
      .where('order_id', 'in', [...new Set(requests.map((r) => r.order_id))])
      .where('status', '=', 'RETURNED')
      .execute(),
  ]);
  const partsOf = (r: (typeof requests)[number]): Part[] | undefined => {
    if (r.kind !== 'return' || r.state !== 'refunded') return undefined;
    const parts: Part[] = refunds
      .filter((f) => f.purpose === `${RETURN_REFUND_PREFIX}${r.id}`)
      .map((f) => ({
        to: 'payment' as const,
        amount: f.amount,
        // Refused and asked again: due until a try is confirmed.
        state: f.state === 'processing' && f.failure ? 'due' : PROVIDER_STATE[f.state],
      }));
    // No provider to go through (cash on delivery): due until paid by bank transfer.
    if (parts.length === 0 && (r.refund_status === 'due' || r.refund_reference))
      parts.push({
        to: 'payment',
        amount: Math.round(Number(r.refund_paise) / 100),
        state: r.refund_reference ? 'paid' : 'due',
      });
    for (const t of tenders.filter((t) => t.order_id === r.order_id))
      parts.push({
        to: t.kind,
        amount: Math.round(Number(t.amount_paise) / 100),
        state: 'credited',
      });
    return parts;
  };
  const statusOf = (r: (typeof requests)[number], parts: Part[] | undefined) =>
    parts?.find((p) => p.to === 'payment')?.state ?? r.refund_status;
  const soldOf = (itemId: string) => [
    ...new Set(sold.filter((s) => s.order_item_id === itemId).map((s) => s.huid)),
  ];
  const shopper = viewer === 'shopper';
  const pickupOf = (r: (typeof requests)[number]) => {
    const record = pickupRecordOf(r);
    return record && { ...record, summary: pickupSummary(record) };
  };
  return requests.map((r) => {
    const parts = partsOf(r);
    return {
      id: r.id,
      orderId: r.order_id,
      kind: r.kind,
      reason: r.reason,
      state: r.state,
      refusedReason: r.refused_reason,
      holdReason: shopper ? null : r.hold_reason,
      huidMismatch: shopper ? null : r.huid_mismatch,
      underInspection:
        r.state === 'on_hold' || (r.state === 'received' && r.huid_mismatch !== null),
      items: items
        .filter((i) => i.return_id === r.id)
        .map((i) => ({
          orderItemId: i.order_item_id,
          title: i.title,
          quantity: i.quantity,
          lineQuantity: i.line_quantity,
          // The owner's to compare with the piece in hand (the receive form does not print them).
          huidsSold: shopper ? [] : soldOf(i.order_item_id),
          huidsReceived: shopper ? null : i.received_huids,
        })),
      amount: Math.round(Number(r.refund_paise) / 100),
      pickup: pickupOf(r),
      refundStatus: statusOf(r, parts),
      refundParts: parts,
      transfer:
        r.refund_reference && r.refund_paid_at
          ? { reference: r.refund_reference, paidOn: indiaDate(new Date(r.refund_paid_at)) }
          : null,
      windowEndsOn: indiaDate(new Date(r.window_ends_at)),
      createdAt: new Date(r.created_at).toISOString(),
      events: events
        .filter((e) => e.return_id === r.id)
        .map((e) => ({
          to: e.to_state,
          actor: e.actor,
          note: shopper && e.to_state in SHOPPER_NOTES ? SHOPPER_NOTES[e.to_state]! : e.note,
          at: new Date(e.at).toISOString(),
        })),
    };
  });
}
