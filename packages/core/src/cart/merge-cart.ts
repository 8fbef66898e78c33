import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { MAX_CART_QUANTITY, type GuestCartInput } from '@kanak/shared';
import { isId } from '../common';
import { findSize, lineOfSize, saveLine } from './cart-lines';
import { MAX_CART_TOTAL, totalWith } from './cart-total';
import type { CartView } from './cart-view';
import { changeCart } from './change-cart';

/**
 * The browser's guest cart merged at login: lines add to the account's lines, quantities are
 * capped at stock, and lines whose product or weight vanished (or are sold out) are skipped.
 */
export async function mergeCart(
  db: Kysely<Database>,
  userId: string,
  input: GuestCartInput,
): Promise<CartView> {
  return changeCart(db, userId, async (trx, cartId) => {
    for (const item of input.items) {
      if (!isId(item.productId)) continue;
      const size = await findSize(trx, item.productId.toLowerCase(), item.weight);
      // Sold out, or no longer sold (a draft or an archived piece).
      if (!size || size.stock === 0 || size.status !== 'live') continue;
      const existing = await lineOfSize(trx, cartId, size.id);
      const quantity = Math.min(
        size.stock,
        MAX_CART_QUANTITY,
        (existing?.quantity ?? 0) + (item.quantity ?? 1),
      );
      // A guest line that would take the cart past what one order holds is skipped too.
      if ((await totalWith(trx, { cartId, sizeId: size.id, quantity })) > MAX_CART_TOTAL) continue;
      const line = { productId: item.productId.toLowerCase(), sizeId: size.id, quantity };
      await saveLine(trx, { cartId, existing, line, reprice: false });
    }
  });
}
