import { sql, type Transaction } from 'kysely';
import type { Database, OrderRow } from '@kanak/db';
import { canMoveOrder, type OrderStatus } from '@kanak/shared';
import { DomainError } from '../common';
import { removeBoughtFromCarts } from '../cart';
import { invoiceLine } from '../invoices';
import { issueInvoices } from '../invoices';
import { queueOrderMails } from '../notifications';
import { currentRequestId } from '../operations';
import { rearmStockAlerts } from '../stock-alerts';
import { orderEvent, type LedgerEntry, type Placement } from './order-ledger';
import { settleTenders } from '../tenders';
import { productIdsOf, shortOf, wantedOf, type StockLine } from './stock';

/**
 * placePaidOrder for a batch of paid orders (the worker's confirmation batches), with the same
 * rules and the same rows written, in statements per batch instead of per order: the orders'
 * lines are read and their size rows locked (id order) with their stock at once, each order is
 * placed or found short in memory, one after another against the stock the earlier ones left,
 * then every table is written once for the whole batch (invoices, stock, orders, order events,
 * mails, carts).
 */

/** An order line as the batch reads it: for the stock and for the invoice. */
export type BatchLine = StockLine & Parameters<typeof invoiceLine>[0] & { order_id: string };

/** What the batch's orders hold, read once: their lines, and their size rows' stock (locked). */
export interface BatchStock {
  linesOf: Map<string, BatchLine[]>;
  stock: Map<string, number>;
}

/**
 * Reads the lines of these orders and locks the size rows they take, in id order, FOR NO KEY
 * UPDATE (as takeOrderStock, and for the same reason: a checkout's foreign-key checks are not
 * waited for). The caller holds the invoice counter, the orders and their links already.
 */
export async function readBatchStock(
  trx: Transaction<Database>,
  orderIds: readonly string[],
): Promise<BatchStock> {
  const linesOf = new Map<string, BatchLine[]>();
  const stock = new Map<string, number>();
  if (orderIds.length === 0) return { linesOf, stock };
  const lines = await trx
    .selectFrom('order_items')
    .leftJoin('products', 'products.id', 'order_items.product_id')
    .select([
      'order_items.order_id',
      'order_items.id',
      'order_items.size_id',
      'order_items.product_id',
      'order_items.title',
      'order_items.weight',
      'order_items.quantity',
      'order_items.price',
      'order_items.discounted_price',
      'order_items.price_breakup',
      'products.hallmark',
      'products.type',
    ])
    .where('order_items.order_id', 'in', orderIds)
    .orderBy('order_items.order_id')
    .orderBy('order_items.position')
    .execute();
  for (const line of lines)
    linesOf.set(line.order_id, [...(linesOf.get(line.order_id) ?? []), line]);
  const sizeIds = [...new Set(lines.flatMap((l) => (l.size_id ? [l.size_id] : [])))];
  if (sizeIds.length) {
    const rows = await trx
      .selectFrom('product_sizes')
      .select(['id', 'stock'])
      .where('id', 'in', sizeIds)
      .orderBy('id')
      .forNoKeyUpdate()
      .execute();
    for (const row of rows) stock.set(row.id, row.stock);
  }
  return { linesOf, stock };
}

/** A paid order to place, and the words its move and a sold-out refund are written with. */
export interface PaidOrder {
  order: OrderRow;
  reason: string;
  refundNote: (short: string) => string;
}

/** An order placed or found short in memory, to be written with the rest of the batch. */
export interface PlannedPlacement {
  paid: PaidOrder;
  lines: BatchLine[];
  /** Taken per size row (placed), or why it cannot be filled. */
  result:
    | { placed: true; taken: Map<string, number>; productIds: string[] }
    | { placed: false; note: string };
}

/**
 * Places one paid order against the stock the batch's earlier orders left (`stock` is taken
 * from here): placed when every line fits, else the first short line (nothing taken), as
 * takeOrderStock decides it.
 */
export function planPlacement(paid: PaidOrder, batch: BatchStock): PlannedPlacement {
  const lines = batch.linesOf.get(paid.order.id) ?? [];
  const { wanted, gone } = wantedOf(lines);
  const short = gone ?? shortOf(wanted, batch.stock);
  if (short) return { paid, lines, result: { placed: false, note: paid.refundNote(short) } };
  const taken = new Map<string, number>();
  for (const [sizeId, want] of wanted) {
    batch.stock.set(sizeId, batch.stock.get(sizeId)! - want.quantity);
    taken.set(sizeId, want.quantity);
  }
  return { paid, lines, result: { placed: true, taken, productIds: productIdsOf(wanted) } };
}

/** The move a planned placement makes, as placePaidOrder writes it. */
const moveOf = (p: PlannedPlacement) =>
  p.result.placed
    ? {
        to: 'PLACED' as OrderStatus,
        by: 'payment' as const,
        actorUserId: p.paid.order.user_id as string | null,
        note: p.paid.reason,
        statusNote: null as string | null,
      }
    : {
        to: 'CANCELLED' as OrderStatus,
        by: 'system' as const,
        actorUserId: null,
        note: p.result.note,
        statusNote: p.result.note as string | null,
      };

/**
 * Writes the batch's planned placements, each table once: invoices (and credit notes for the
 * short ones), the stock taken, the orders' status, their events, the owners' mails and the
 * carts. Answers each one's placement, in the given order.
 */
export async function writePlacements(
  trx: Transaction<Database>,
  planned: readonly PlannedPlacement[],
  at: Date = new Date(),
): Promise<Placement[]> {
  if (planned.length === 0) return [];
  const moves = planned.map((p) => {
    const move = moveOf(p);
    if (!canMoveOrder(p.paid.order.status, move.to, move.by))
      throw new DomainError(
        'CONFLICT',
        `Cannot move order from ${p.paid.order.status} to ${move.to}`,
      );
    return move;
  });
  // Paid: every tax invoice is numbered now, in this transaction; a short order's is reversed.
  await issueInvoices(
    trx,
    planned.map((p) => ({
      order: p.paid.order,
      lines: p.lines.map((l) => invoiceLine(l, l.price_breakup)),
      creditNote: p.result.placed ? null : p.result.note,
    })),
    at,
  );

  const taken = new Map<string, number>();
  for (const p of planned)
    if (p.result.placed)
      for (const [sizeId, quantity] of p.result.taken)
        taken.set(sizeId, (taken.get(sizeId) ?? 0) + quantity);
  if (taken.size) {
    const sizeIds = [...taken.keys()].sort();
    await sql`UPDATE product_sizes s SET stock = s.stock - v.quantity
      FROM unnest(${sizeIds}::uuid[], ${sizeIds.map((id) => taken.get(id)!)}::int[])
        AS v(id, quantity)
      WHERE s.id = v.id`.execute(trx);
    // A size sold out here: its alerts mail again at the next restock.
    await rearmStockAlerts(trx, sizeIds);
  }

  const ids = planned.map((p) => p.paid.order.id);
  await sql`UPDATE orders o SET status = v.status, status_note = v.note, updated_at = ${at}
    FROM unnest(${ids}::uuid[], ${moves.map((m) => m.to)}::text[],
                ${moves.map((m) => m.statusNote)}::text[]) AS v(id, status, note)
    WHERE o.id = v.id`.execute(trx);
  // Balances paying for these orders move with them (as the ledger's write does one by one).
  await settleTenders(trx, {
    orderIds: planned.flatMap((p) => (p.result.placed ? [p.paid.order.id] : [])),
    to: 'SPENT',
    at,
  });
  await settleTenders(trx, {
    orderIds: planned.flatMap((p) => (p.result.placed ? [] : [p.paid.order.id])),
    to: 'RETURNED',
    at,
  });
  const requestId = currentRequestId() ?? null;
  const logged = await trx
    .insertInto('order_events')
    .values(
      planned.map((p, i) => ({
        order_id: p.paid.order.id,
        actor: moves[i]!.by,
        actor_user_id: moves[i]!.actorUserId,
        from_status: p.paid.order.status,
        to_status: moves[i]!.to,
        note: moves[i]!.note,
        job_key: null,
        request_id: requestId,
      })),
    )
    .returning(['id', 'order_id'])
    .execute();
  const eventOf = new Map(logged.map((e) => [e.order_id, e.id]));
  // The owners' mails for these entries, committed with them (sent by the notifications queue).
  await queueOrderMails(
    trx,
    planned.map((p, i) => ({
      order: p.paid.order,
      event: {
        id: eventOf.get(p.paid.order.id)!,
        to: moves[i]!.to,
        note: moves[i]!.statusNote ?? moves[i]!.note,
        paymentCaptured: true,
      },
    })),
  );
  // Paying takes out of the cart only what the order bought.
  await removeBoughtFromCarts(
    trx,
    planned.flatMap((p) => (p.result.placed ? [p.paid.order.id] : [])),
  );

  return planned.map((p, i): Placement => {
    const status = moves[i]!.to;
    const entry: LedgerEntry = {
      orderId: p.paid.order.id,
      status,
      event: orderEvent(p.paid.order, status, {
        kind: 'payment',
        result: p.result.placed ? 'PAID' : 'REFUND_PENDING',
      }),
      stockOf: p.result.placed ? p.result.productIds : [],
      closedLinks: [],
    };
    return p.result.placed
      ? { placed: true, entry }
      : { placed: false, note: p.result.note, entry };
  });
}
