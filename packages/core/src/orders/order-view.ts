import type { Kysely } from 'kysely';
import type { Database, OrderRow } from '@kanak/db';
import {
  measureValue,
  needsHuid,
  needsPan,
  OPEN_RETURN_STATES,
  type RefundState,
} from '@kanak/shared';
import { REFUND_DUE_PURPOSE } from '../common';
import { PRODUCT_COLUMNS, toProductViews } from '../catalog';
import type { OrderItemView, OrderView } from '@kanak/shared';
import { shipmentViews } from '../shipments';
import { tenderViews } from '../tenders';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { OrderItemView, OrderView };

const iso = (value: Date | string) => new Date(value).toISOString();

/** An order with several refunds shows the one that needs the owner most (failed, not asked…). */
const STATE_RANK = ['failed', null, 'processing', 'processed'] as const;
const worstState = (a: RefundState | null, b: RefundState | null) =>
  STATE_RANK.indexOf(a) <= STATE_RANK.indexOf(b) ? a : b;

/** Loads users, items and their products for a set of orders in a handful of queries. */
export async function toOrderViews(
  db: Kysely<Database>,
  orders: OrderRow[],
  viewer: 'shopper' | 'admin' = 'shopper',
): Promise<OrderView[]> {
  if (orders.length === 0) return [];
  const orderIds = orders.map((o) => o.id);
  const [
    users,
    items,
    refunds,
    huids,
    invoices,
    shipments,
    tenders,
    links,
    codOrders,
    refused,
    returns,
  ] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email'])
      .where('id', 'in', [...new Set(orders.map((o) => o.user_id))])
      .execute(),
    db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', 'in', orderIds)
      .orderBy('order_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('payments')
      .leftJoin('refunds', (join) =>
        join
          .onRef('refunds.payment_id', '=', 'payments.id')
          .on('refunds.purpose', '=', REFUND_DUE_PURPOSE),
      )
      .select([
        'payments.order_id',
        'payments.amount',
        'payments.refund_reason',
        'refunds.state',
        'refunds.provider_refund_id',
        'refunds.failure',
      ])
      .where('payments.order_id', 'in', orderIds)
      .where('payments.status', '=', 'REFUND_PENDING')
      .orderBy('payments.created_at')
      .orderBy('payments.id')
      .execute(),
    db
      .selectFrom('order_item_huids')
      .select(['order_item_id', 'huid'])
      .where('order_id', 'in', orderIds)
      .orderBy('created_at')
      .orderBy('huid')
      .execute(),
    db
      .selectFrom('invoices')
      .select(['order_id', 'kind', 'number'])
      .where('order_id', 'in', orderIds)
      // The latest credit note first (a second return of a line's rest has a note of its own).
      .orderBy('issued_at', 'desc')
      .orderBy('number', 'desc')
      .execute(),
    shipmentViews(db, orderIds),
    tenderViews(db, orderIds),
    // Which provider took (or was asked to take) each order's payment.
    db
      .selectFrom('payments')
      .select(['order_id', 'provider', 'status'])
      .where('order_id', 'in', orderIds)
      .orderBy('created_at')
      .execute(),
    // Orders paid (or to be paid) in cash on delivery.
    db
      .selectFrom('cod_orders')
      .select(['order_id', 'remittance_difference', 'difference_resolved_at', 'difference_note'])
      .where('order_id', 'in', orderIds)
      .execute(),
    // A return's refund the provider refused: owed until a later try is confirmed.
    db
      .selectFrom('refunds')
      .select('order_id')
      .where('order_id', 'in', orderIds)
      .where('purpose', '!=', REFUND_DUE_PURPOSE)
      .where((eb) =>
        eb.or([
          eb('state', '=', 'failed'),
          eb.and([eb('state', '=', 'processing'), eb('failure', 'is not', null)]),
        ]),
      )
      .execute(),
    // A return not finished: the order is not plainly delivered while it is open.
    db
      .selectFrom('return_requests')
      .select(['id', 'order_id', 'state', 'kind'])
      .where('order_id', 'in', orderIds)
      .where('state', 'in', [...OPEN_RETURN_STATES])
      .execute(),
  ]);
  const openReturnOf = new Map(
    returns.map((r) => [r.order_id, { id: r.id, state: r.state, kind: r.kind }]),
  );
  const cashOnDelivery = new Set(codOrders.map((c) => c.order_id));
  // The carrier's remittance differed from the cash due: the owner's to see and resolve.
  const remittanceOf = (orderId: string) => {
    const cod = codOrders.find((c) => c.order_id === orderId);
    if (!cod || cod.remittance_difference === null || cod.remittance_difference === 0) return null;
    return {
      difference: cod.remittance_difference,
      resolved: cod.difference_resolved_at !== null,
      note: cod.difference_note,
    };
  };
  const paymentOf = (orderId: string) =>
    cashOnDelivery.has(orderId)
      ? {
          method: 'cod' as const,
          // The carrier's remittance, once recorded.
          provider: links.some((l) => l.order_id === orderId && l.provider === 'cod')
            ? 'cod'
            : null,
        }
      : { method: 'online' as const, provider: providerOf(orderId) };
  const providerOf = (orderId: string) => {
    const own = links.filter((l) => l.order_id === orderId);
    return (own.find((l) => l.status === 'PAID') ?? own.at(-1))?.provider ?? null;
  };
  const huidsOf = (itemId: string) =>
    huids.filter((h) => h.order_item_id === itemId).map((h) => h.huid);
  const documentOf = (orderId: string, kind: 'INVOICE' | 'CREDIT_NOTE') => {
    const row = invoices.find((i) => i.order_id === orderId && i.kind === kind);
    const file = kind === 'INVOICE' ? 'invoice' : 'credit-note';
    return row ? { number: row.number, url: `/api/orders/${orderId}/${file}` } : null;
  };
  // Every credit note of an order, oldest first, each downloaded by its own number (the plain
  // path answers the latest only).
  const creditNotesOf = (orderId: string) =>
    invoices
      .filter((i) => i.order_id === orderId && i.kind === 'CREDIT_NOTE')
      .reverse()
      .map((row) => ({
        number: row.number,
        url: `/api/orders/${orderId}/credit-note?number=${encodeURIComponent(row.number)}`,
      }));
  const refundOf = new Map<string, NonNullable<OrderView['refund']>>();
  // A return's refund no provider could pay (cash on delivery), not yet paid by bank transfer.
  const dueByHand = await db
    .selectFrom('return_requests')
    .select('order_id')
    .where('order_id', 'in', orderIds)
    .where('refund_status', '=', 'due')
    .execute();
  const owedBy = new Set([...refused, ...dueByHand].map((r) => r.order_id));
  for (const r of refunds) {
    const sum = refundOf.get(r.order_id);
    // Rows from before migration 006 carry no reason: the order's state tells the likeliest.
    const reason = sum?.reason ?? r.refund_reason ?? 'ORDER_NOT_PENDING';
    // Not asked, or refused by the provider: still owed (see stillOwed).
    if (r.state === null || r.state === 'failed' || (r.state === 'processing' && r.failure))
      owedBy.add(r.order_id);
    refundOf.set(r.order_id, {
      reason,
      amount: (sum?.amount ?? 0) + r.amount,
      state: sum ? worstState(sum.state ?? null, r.state) : r.state,
      providerRefundId: sum?.providerRefundId ?? r.provider_refund_id,
    });
  }
  const productIds = [
    ...new Set(items.map((i) => i.product_id).filter((id): id is string => id !== null)),
  ];
  const productRows = productIds.length
    ? await db
        .selectFrom('products')
        .select(PRODUCT_COLUMNS)
        .where('products.id', 'in', productIds)
        .execute()
    : [];
  const products = new Map((await toProductViews(db, productRows)).map((p) => [p._id, p]));
  const hallmarkOf = new Map(productRows.map((p) => [p.id, p.hallmark]));
  const userBy = new Map(users.map((u) => [u.id, u]));

  return orders.map((order) => {
    const user = userBy.get(order.user_id);
    return {
      _id: order.id,
      user: {
        _id: order.user_id,
        firstName: user?.first_name ?? '',
        lastName: user?.last_name ?? '',
        email: user?.email ?? '',
      },
      shippingAddress: {
        firstName: order.ship_first_name,
        lastName: order.ship_last_name,
        streetAddress: order.ship_street_address,
        city: order.ship_city,
        state: order.ship_state,
        zipCode: order.ship_zip_code,
        mobile: order.ship_mobile,
      },
      orderItems: items
        .filter((i) => i.order_id === order.id)
        .map((i) => ({
          _id: i.id,
          product: (i.product_id && products.get(i.product_id)) || null,
          title: i.title,
          brand: i.brand,
          imageUrl: i.image_url,
          weight: i.weight,
          size: i.size,
          width: i.size ? measureValue(i.size) : null,
          quantity: i.quantity,
          price: i.price * i.quantity,
          discountedPrice: i.discounted_price * i.quantity,
          priceBreakup: i.price_breakup ?? null,
          hallmark: (i.product_id && hallmarkOf.get(i.product_id)) || null,
          huids: huidsOf(i.id),
          needsHuid: needsHuid({
            hallmark: (i.product_id && hallmarkOf.get(i.product_id)) || null,
            weight: i.weight,
          }),
        })),
      totalItem: order.total_item,
      totalPrice: order.total_price,
      discount: order.discount,
      totalDiscountedPrice: order.total_discounted_price,
      orderDate: iso(order.order_date),
      orderStatus: order.status,
      deliveryDate: order.delivered_at ? iso(order.delivered_at) : null,
      statusNote: order.status_note,
      refundDue: owedBy.has(order.id),
      refund: refundOf.get(order.id) ?? null,
      invoice: documentOf(order.id, 'INVOICE'),
      creditNote: documentOf(order.id, 'CREDIT_NOTE'),
      creditNotes: creditNotesOf(order.id),
      panNeeded:
        needsPan(order.total_discounted_price) && !order.buyer_pan && order.status !== 'CANCELLED',
      panRecorded: order.buyer_pan !== null,
      shipment: shipments.get(order.id) ?? null,
      tenders: tenders.get(order.id) ?? [],
      payment: paymentOf(order.id),
      openReturn: openReturnOf.get(order.id) ?? null,
      ...(viewer === 'admin' ? { codRemittance: remittanceOf(order.id) } : {}),
    };
  });
}

export async function toOrderView(
  db: Kysely<Database>,
  order: OrderRow,
  viewer: 'shopper' | 'admin' = 'shopper',
): Promise<OrderView> {
  return (await toOrderViews(db, [order], viewer))[0]!;
}
