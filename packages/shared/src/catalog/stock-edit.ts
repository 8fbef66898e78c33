// What an admin's save does to a size row's stock when payments (or cancellations) may have moved
// it since the form was loaded: the admin's number is written only where it cannot undo a sale.

/** A size row as the product form sends it: the stock wanted and, from a form, the stock it loaded. */
export interface StockEditRow {
  stock: number;
  /** The stock the form showed when it was loaded; absent from clients that send no precondition. */
  loadedStock?: number;
}

export type StockEdit =
  | { kind: 'keep' }
  | { kind: 'set'; stock: number }
  /** The admin changed a stock that also moved meanwhile: neither number can be trusted alone. */
  | { kind: 'moved'; loaded: number; current: number };

/**
 * The write a save makes to one stored size row.
 *
 * Without `loadedStock` the number is the new absolute stock, as the spec's PUT has always meant:
 * such a client (an inventory feed, a script) says how many pieces there are, and it told us
 * nothing to guess a difference from. With it, a stock the admin left alone never overwrites the
 * stored one (a title fix after three sales keeps the three sales), and a stock the admin changed
 * while it moved is refused so they decide again with the current figure in front of them.
 */
export function stockEdit(stored: number, row: StockEditRow): StockEdit {
  if (row.stock === stored) return { kind: 'keep' };
  if (row.loadedStock === undefined || row.loadedStock === stored)
    return { kind: 'set', stock: row.stock };
  if (row.stock === row.loadedStock) return { kind: 'keep' };
  return { kind: 'moved', loaded: row.loadedStock, current: stored };
}

/** A refused stock edit, named by the size row's weight ("5 g"). */
export interface StockMove {
  weight: string;
  loaded: number;
  current: number;
}

/** The 409 message for stock edits refused because the stock moved while the form was open. */
export function stockMovedMessage(moves: readonly StockMove[]): string {
  const changes = moves
    .map(
      (m, i) =>
        `${i === 0 ? 'Stock' : 'stock'} of ${m.weight} changed from ${m.loaded} to ${m.current}`,
    )
    .join(' and ');
  return `${changes} while you were editing; nothing was saved. Check the stock and save again.`;
}
