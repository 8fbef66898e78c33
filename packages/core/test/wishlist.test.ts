import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToWishlist,
  getWishlist,
  removeFromWishlist,
  removeProduct,
  wishlistProductIds,
} from '@kanak/core';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import { expectRefusal, MISSING_ID, newCustomer, stockedSize } from './support';

describe('wishlist rules (core)', () => {
  let database: TestDatabase;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('adding the same product twice keeps one item and answers it both times', async () => {
    const user = await newCustomer(db());
    const { productId } = await stockedSize(db(), 5);
    const first = await addToWishlist(db(), user.id, productId);
    const second = await addToWishlist(db(), user.id, productId);
    expect(second._id).toBe(first._id);
    expect(second.product._id).toBe(productId);
    expect((await getWishlist(db(), user.id)).wishItems).toHaveLength(1);
  });

  it('a missing product is a 404 and a malformed id a 400', async () => {
    const user = await newCustomer(db());
    await expectRefusal(addToWishlist(db(), user.id, MISSING_ID), 'NOT_FOUND', 'Product not found');
    await expectRefusal(addToWishlist(db(), user.id, 'nope'), 'BAD_REQUEST');
  });

  it('removes by product id, and a product not in the wishlist is a 404', async () => {
    const user = await newCustomer(db());
    const { productId } = await stockedSize(db(), 5);
    await addToWishlist(db(), user.id, productId);
    expect(await removeFromWishlist(db(), user.id, productId.toUpperCase())).toEqual({
      message: 'Removed from wishlist',
      productId,
    });
    expect(await wishlistProductIds(db(), user.id)).toEqual([]);
    await expectRefusal(removeFromWishlist(db(), user.id, productId), 'NOT_FOUND');
  });

  it("removing leaves another user's wishlist alone", async () => {
    const owner = await newCustomer(db(), 'owner');
    const other = await newCustomer(db(), 'other');
    const { productId } = await stockedSize(db(), 5);
    await addToWishlist(db(), owner.id, productId);
    await expectRefusal(removeFromWishlist(db(), other.id, productId), 'NOT_FOUND');
    expect(await wishlistProductIds(db(), owner.id)).toEqual([productId]);
  });

  it('lists product ids and items newest first', async () => {
    const user = await newCustomer(db());
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const { productId } = await stockedSize(db(), 5);
      await addToWishlist(db(), user.id, productId);
      ids.push(productId);
    }
    const newestFirst = [...ids].reverse();
    expect(await wishlistProductIds(db(), user.id)).toEqual(newestFirst);
    const wishlist = await getWishlist(db(), user.id);
    expect(wishlist._id).toBe(user.id);
    expect(wishlist.wishItems.map((w) => w.product._id)).toEqual(newestFirst);
  });

  it('a deleted product leaves the wishlist with it', async () => {
    const user = await newCustomer(db());
    const { productId } = await stockedSize(db(), 5);
    await addToWishlist(db(), user.id, productId);
    await removeProduct(db(), productId);
    expect(await wishlistProductIds(db(), user.id)).toEqual([]);
  });
});
