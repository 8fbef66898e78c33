import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import {
  HUID_MESSAGE,
  HUID_PATTERN,
  needsHuid,
  normaliseHuid,
  type HuidsInput,
} from '@kanak/shared';
import { badRequest, conflict } from '../common';
import { lockOrder, orderLinesWithProduct } from '../common';

/** An order line as the hallmark rules read it. */
export interface HuidLine {
  id: string;
  title: string;
  weight: string;
  quantity: number;
  hallmark: string | null;
  huids: string[];
}

/** The order's lines with their product's hallmark mark and the HUIDs recorded for them. */
export async function huidLines(
  db: Kysely<Database> | Transaction<Database>,
  orderId: string,
): Promise<HuidLine[]> {
  const [items, huids] = await Promise.all([
    orderLinesWithProduct(db, orderId)
      .select([
        'order_items.id',
        'order_items.title',
        'order_items.weight',
        'order_items.quantity',
        'products.hallmark',
      ])
      .execute(),
    db
      .selectFrom('order_item_huids')
      .select(['order_item_id', 'huid'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('huid')
      .execute(),
  ]);
  return items.map((i) => ({
    ...i,
    huids: huids.filter((h) => h.order_item_id === i.id).map((h) => h.huid),
  }));
}

/** Lines that need a HUID per unit (hallmarked gold of 2 g or more) and lack some. */
export function linesLackingHuids(lines: readonly HuidLine[]): HuidLine[] {
  return lines.filter((l) => needsHuid(l) && l.huids.length < l.quantity);
}

const PAID_STATUSES = new Set(['PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED']);

/**
 * Records the HUIDs an admin typed for an order's lines, replacing what each named line had.
 * A HUID is sold once in the whole shop: one on another order is a 409 naming that order (the
 * table's key decides under concurrency: a second transaction waits on the first's insert).
 */
export async function recordOrderHuids(
  db: Kysely<Database>,
  orderId: string,
  input: HuidsInput,
): Promise<void> {
  const entries = Object.entries(input).map(
    ([itemId, list]) => [itemId, list.map(normaliseHuid)] as const,
  );
  if (entries.length === 0) return;
  const malformed = entries.flatMap(([, list]) => list).find((h) => !HUID_PATTERN.test(h));
  if (malformed !== undefined) throw badRequest(`${HUID_MESSAGE}: "${malformed}" is not one`);
  const all = entries.flatMap(([, list]) => list);
  const repeated = all.find((h, i) => all.indexOf(h) !== i);
  if (repeated) throw badRequest(`HUID ${repeated} is given twice: each piece has its own`);
  const write = async (trx: Transaction<Database>) => {
    const order = await lockOrder(trx, orderId);
    if (!PAID_STATUSES.has(order.status))
      throw conflict(`HUIDs are recorded on a paid order; this one is ${order.status}`);
    const lines = new Map((await huidLines(trx, orderId)).map((l) => [l.id, l]));
    for (const [itemId, list] of entries) {
      const line = lines.get(itemId);
      if (!line) throw badRequest(`Order item ${itemId} is not on this order`);
      if (!line.hallmark)
        throw badRequest(`"${line.title}" is not hallmarked gold: it takes no HUID`);
      if (list.length > line.quantity)
        throw badRequest(`"${line.title}" has ${line.quantity} piece(s): at most that many HUIDs`);
    }
    const taken = await trx
      .selectFrom('order_item_huids')
      .select(['huid', 'order_id'])
      .where('huid', 'in', all.length ? all : [''])
      .where('order_id', '!=', orderId)
      .executeTakeFirst();
    if (taken) throw huidTaken(taken.huid, taken.order_id);
    await trx
      .deleteFrom('order_item_huids')
      .where('order_id', '=', orderId)
      .where(
        'order_item_id',
        'in',
        entries.map(([id]) => id),
      )
      .execute();
    const rows = entries.flatMap(([itemId, list]) =>
      list.map((huid) => ({ huid, order_item_id: itemId, order_id: orderId })),
    );
    if (rows.length) await trx.insertInto('order_item_huids').values(rows).execute();
  };
  try {
    await db.transaction().execute(write);
  } catch (error) {
    // Another order's transaction took one of these HUIDs between our look and our insert.
    if ((error as { code?: string }).code !== '23505') throw error;
    const holder = await db
      .selectFrom('order_item_huids')
      .select(['huid', 'order_id'])
      .where('huid', 'in', all)
      .where('order_id', '!=', orderId)
      .executeTakeFirst();
    throw holder ? huidTaken(holder.huid, holder.order_id) : conflict('A HUID is already sold');
  }
}

const huidTaken = (huid: string, orderId: string) =>
  conflict(`HUID ${huid} is already recorded on order ${orderId}: a piece is sold once`, {
    huid,
    orderId,
  });

/** 409 naming the lines that lack HUIDs (HUID_REQUIRED_TO_SHIP). */
export async function requireHuids(db: Kysely<Database>, orderId: string): Promise<void> {
  const lacking = linesLackingHuids(await huidLines(db, orderId));
  if (lacking.length)
    throw conflict(
      `HUIDs are needed before shipping (one per hallmarked gold piece of 2 g or more): ${lacking
        .map((l) => `"${l.title}" (item ${l.id}) has ${l.huids.length} of ${l.quantity}`)
        .join('; ')}`,
      {
        lacking: lacking.map((l) => ({
          orderItemId: l.id,
          needed: l.quantity,
          have: l.huids.length,
        })),
      },
    );
}
