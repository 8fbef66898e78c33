import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { cartQuantityRefusal, type AddToCartInput } from '@kanak/shared';
import { conflict, DomainError, notFound } from '../common';
import { requireId } from '../common';
import { findSize, lineOfSize, saveLine } from './cart-lines';
import { CART_TOTAL_MESSAGE, MAX_CART_TOTAL, totalWith } from './cart-total';
import type { CartView } from './cart-view';
import { changeCart } from './change-cart';

/** Why an archived piece cannot be bought. */
export const NOT_SOLD_MESSAGE = 'This piece is no longer sold';

/** PUT /api/cart/add: adds a line or raises its quantity; at most the size row's stock. */
export async function addToCart(
  db: Kysely<Database>,
  userId: string,
  input: AddToCartInput,
): Promise<CartView> {
  const productId = requireId(input.productId, 'Product');
  return changeCart(db, userId, async (trx, cartId) => {
    const product = await trx
      .selectFrom('products')
      .select(['id', 'status'])
      .where('id', '=', productId)
      .executeTakeFirst();
    // A draft is not there for shoppers; an archived piece keeps its page but is not sold.
    if (!product || product.status === 'draft') throw notFound('Product');
    if (product.status !== 'live') throw conflict(NOT_SOLD_MESSAGE);
    const size = await findSize(trx, productId, input.weight);
    if (!size)
      throw new DomainError('NOT_FOUND', `This product has no size of weight ${input.weight}`);
    const existing = await lineOfSize(trx, cartId, size.id);
    const quantity = (existing?.quantity ?? 0) + (input.quantity ?? 1);
    const refusal = cartQuantityRefusal(quantity, size.stock);
    if (refusal) throw conflict(refusal);
    if ((await totalWith(trx, { cartId, sizeId: size.id, quantity })) > MAX_CART_TOTAL)
      throw conflict(CART_TOTAL_MESSAGE);
    await saveLine(trx, {
      cartId,
      existing,
      line: { productId, sizeId: size.id, quantity },
      reprice: true,
    });
  });
}
