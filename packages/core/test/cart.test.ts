import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  getCart,
  mergeCart,
  removeCartItem,
  updateCartItem,
  type AuthUser,
} from '@kanak/core';
import { MAX_CART_QUANTITY, MAX_QUANTITY_MESSAGE, stockMessage } from '@kanak/shared';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import { expectRefusal, line, MISSING_ID, newCustomer, stockedSize } from './support';

describe('cart rules (core)', () => {
  let database: TestDatabase;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('starts empty with zero totals', async () => {
    const user = await newCustomer(db());
    const cart = await getCart(db(), user.id);
    expect(cart).toMatchObject({
      cartItems: [],
      totalItem: 0,
      totalPrice: 0,
      discount: 0,
      totalDiscountedPrice: 0,
    });
  });

  it('adding the same size row again raises its quantity on one line', async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 10);
    await addToCart(db(), user.id, line(size, 2));
    const cart = await addToCart(db(), user.id, line(size, 3));
    expect(cart.cartItems).toHaveLength(1);
    expect(cart.cartItems[0]).toMatchObject({ weight: size.weight, quantity: 5, stock: 10 });
  });

  it('reads the weight however it is written ("5 g", "5g", "5")', async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 10);
    const grams = size.weight.replace(/\s*g$/, '');
    await addToCart(db(), user.id, { ...line(size), weight: `${grams}g` });
    const cart = await addToCart(db(), user.id, { ...line(size), weight: grams });
    expect(cart.cartItems).toHaveLength(1);
    expect(cart.cartItems[0]!.quantity).toBe(2);
  });

  it('refuses adding past the size row stock with the shared stock message', async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 3);
    await addToCart(db(), user.id, line(size, 2));
    await expectRefusal(addToCart(db(), user.id, line(size, 2)), 'CONFLICT', stockMessage(3));
    expect((await getCart(db(), user.id)).cartItems[0]!.quantity).toBe(2);
  });

  it('refuses a sold-out size row', async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 0);
    await expectRefusal(
      addToCart(db(), user.id, line(size)),
      'CONFLICT',
      'This size is out of stock',
    );
  });

  it(`refuses more than ${MAX_CART_QUANTITY} of one size even when stock allows`, async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 500);
    await addToCart(db(), user.id, line(size, MAX_CART_QUANTITY));
    await expectRefusal(addToCart(db(), user.id, line(size, 1)), 'CONFLICT', MAX_QUANTITY_MESSAGE);
  });

  it('refuses an unknown product (404) and a weight the product does not have (404)', async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 5);
    await expectRefusal(
      addToCart(db(), user.id, { productId: MISSING_ID, weight: size.weight }),
      'NOT_FOUND',
      'Product not found',
    );
    await expectRefusal(
      addToCart(db(), user.id, { productId: size.productId, weight: '999.99 g' }),
      'NOT_FOUND',
      /no size of weight/,
    );
    await expectRefusal(
      addToCart(db(), user.id, { productId: 'not-an-id', weight: size.weight }),
      'BAD_REQUEST',
      'Product id is not valid',
    );
  });

  it('totals are list price, discounted price, their difference and the piece count', async () => {
    const user = await newCustomer(db());
    const a = await stockedSize(db(), 10);
    const b = await stockedSize(db(), 10);
    await addToCart(db(), user.id, line(a, 2));
    const cart = await addToCart(db(), user.id, line(b, 3));
    const totalPrice = a.price * 2 + b.price * 3;
    const totalDiscountedPrice = a.discountedPrice * 2 + b.discountedPrice * 3;
    expect(cart).toMatchObject({
      totalItem: 5,
      totalPrice,
      totalDiscountedPrice,
      discount: totalPrice - totalDiscountedPrice,
    });
    // Lines carry their own totals (unit price × quantity), oldest line first.
    expect(cart.cartItems.map((i) => [i.product._id, i.price, i.discountedPrice])).toEqual([
      [a.productId, a.price * 2, a.discountedPrice * 2],
      [b.productId, b.price * 3, b.discountedPrice * 3],
    ]);
  });

  it('totals follow the current product price, not the price when added', async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 10);
    await addToCart(db(), user.id, line(size, 2));
    await db()
      .updateTable('products')
      .set({ price: size.price + 100, discounted_price: size.discountedPrice + 50 })
      .where('id', '=', size.productId)
      .execute();
    // A metal-priced size has its own stored price (what a repricing writes): move it too.
    await db()
      .updateTable('product_sizes')
      .set({ price: size.price + 100, discounted_price: size.discountedPrice + 50 })
      .where('product_id', '=', size.productId)
      .where('price', 'is not', null)
      .execute();
    const cart = await getCart(db(), user.id);
    expect(cart.totalPrice).toBe((size.price + 100) * 2);
    expect(cart.totalDiscountedPrice).toBe((size.discountedPrice + 50) * 2);
  });

  it('setting a quantity is checked against stock; a valid one replaces the old', async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 4);
    const cart = await addToCart(db(), user.id, line(size, 1));
    const cartItemId = cart.cartItems[0]!._id;
    await expectRefusal(
      updateCartItem(db(), user.id, { cartItemId, quantity: 5 }),
      'CONFLICT',
      stockMessage(4),
    );
    const updated = await updateCartItem(db(), user.id, { cartItemId, quantity: 4 });
    expect(updated.cartItems[0]!.quantity).toBe(4);
    expect(updated.totalItem).toBe(4);
  });

  it("another user's cart line is not found, for update and for removal", async () => {
    const owner = await newCustomer(db(), 'owner');
    const other: AuthUser = await newCustomer(db(), 'other');
    const size = await stockedSize(db(), 5);
    const cart = await addToCart(db(), owner.id, line(size, 1));
    const cartItemId = cart.cartItems[0]!._id;
    await expectRefusal(
      updateCartItem(db(), other.id, { cartItemId, quantity: 2 }),
      'NOT_FOUND',
      'Cart item not found',
    );
    await expectRefusal(removeCartItem(db(), other.id, cartItemId), 'NOT_FOUND');
    expect((await getCart(db(), owner.id)).cartItems).toHaveLength(1);
  });

  it('removing a line takes it and its share of the totals away', async () => {
    const user = await newCustomer(db());
    const a = await stockedSize(db(), 5);
    const b = await stockedSize(db(), 5);
    await addToCart(db(), user.id, line(a, 1));
    const cart = await addToCart(db(), user.id, line(b, 2));
    const after = await removeCartItem(db(), user.id, cart.cartItems[0]!._id);
    expect(after.cartItems.map((i) => i.product._id)).toEqual([b.productId]);
    expect(after.totalPrice).toBe(b.price * 2);
    await expectRefusal(removeCartItem(db(), user.id, cart.cartItems[0]!._id), 'NOT_FOUND');
  });

  it('merging a guest cart adds to existing lines, caps at stock and skips what cannot be bought', async () => {
    const user = await newCustomer(db());
    const kept = await stockedSize(db(), 4);
    const fresh = await stockedSize(db(), 10);
    const soldOut = await stockedSize(db(), 0);
    await addToCart(db(), user.id, line(kept, 2));
    const cart = await mergeCart(db(), user.id, {
      items: [
        line(kept, 3), // 2 + 3 > 4: capped at 4
        line(fresh, 2),
        line(soldOut, 1),
        { productId: MISSING_ID, weight: '1 g', quantity: 1 },
        { productId: 'not-an-id', weight: '1 g', quantity: 1 },
        { productId: fresh.productId, weight: '999.99 g', quantity: 1 },
      ],
    });
    expect(cart.cartItems.map((i) => [i.product._id, i.quantity])).toEqual([
      [kept.productId, 4],
      [fresh.productId, 2],
    ]);
    expect(cart.totalItem).toBe(6);
  });
});
