import type { Transaction } from 'kysely';
import type { Database } from '@kanak/db';

/**
 * Records the HUIDs found on each returned piece and compares them with those sold for its
 * line (order_item_huids): answers what differs ("Ring: read ZZ99ZZ, sold with AB12CD"), or
 * null when every piece matches. A line sold without HUIDs (silver, under 2 g) is not checked.
 * Some pieces of a line returned: as many HUIDs as pieces, each one of those sold with it and
 * none that came back in the order's earlier return of the same line.
 */
export async function huidMismatch(
  trx: Transaction<Database>,
  returnId: string,
  received: Record<string, string[]>,
): Promise<string | null> {
  const items = await trx
    .selectFrom('return_items')
    .innerJoin('order_items', 'order_items.id', 'return_items.order_item_id')
    .select([
      'return_items.order_item_id',
      'return_items.quantity',
      'order_items.quantity as line_quantity',
      'order_items.title',
    ])
    .where('return_items.return_id', '=', returnId)
    .execute();
  const sold = await trx
    .selectFrom('order_item_huids')
    .select(['order_item_id', 'huid'])
    .where(
      'order_item_id',
      'in',
      items.map((i) => i.order_item_id),
    )
    .execute();
  // Pieces of these lines that came back in the order's other returns (not refused): a second
  // return of a line's rest must bring the other pieces, not one already returned.
  const returnedBefore = await trx
    .selectFrom('return_items')
    .innerJoin('return_requests', 'return_requests.id', 'return_items.return_id')
    .select(['return_items.order_item_id', 'return_items.received_huids'])
    .where(
      'return_items.order_item_id',
      'in',
      items.map((i) => i.order_item_id),
    )
    .where('return_items.return_id', '<>', returnId)
    .where('return_requests.state', '<>', 'refused')
    .execute();
  const problems: string[] = [];
  for (const item of items) {
    const got = [
      ...new Set(
        (received[item.order_item_id] ?? []).map((h) => h.trim().toUpperCase()).filter(Boolean),
      ),
    ].sort();
    await trx
      .updateTable('return_items')
      .set({ received_huids: got })
      .where('return_id', '=', returnId)
      .where('order_item_id', '=', item.order_item_id)
      .execute();
    const want = sold
      .filter((s) => s.order_item_id === item.order_item_id)
      .map((s) => s.huid)
      .sort();
    if (want.length === 0) continue;
    const before = new Set(
      returnedBefore
        .filter((r) => r.order_item_id === item.order_item_id)
        .flatMap((r) => r.received_huids ?? []),
    );
    const again = got.filter((h) => before.has(h));
    if (again.length) {
      problems.push(`${item.title}: ${again.join(', ')} came back in an earlier return`);
      continue;
    }
    const part = item.quantity < item.line_quantity;
    const matches = part
      ? got.length === item.quantity &&
        new Set(got).size === got.length &&
        got.every((h) => want.includes(h))
      : want.join() === got.join();
    if (!matches)
      problems.push(
        `${item.title}: read ${got.join(', ') || 'none'}, sold with ${want.join(', ')}${part ? ` (${item.quantity} returned)` : ''}`,
      );
  }
  return problems.length ? problems.join('; ') : null;
}
