import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { takeOrderStock } from '@kanak/core';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import { line, newCustomer, placeOrder, stockedSize, stockOf } from './support';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

// The chaos soak found a checkout answered 500 "deadlock detected": its order lines' foreign-key
// checks lock size rows FOR KEY SHARE in the cart's order, while a payment batch held them FOR
// UPDATE in id order. Taking stock now locks FOR NO KEY UPDATE, which a key-share lock never waits
// for (and the reverse): a checkout in progress does not hold up a payment, so no cycle can form.
it("takes an order's stock while a checkout holding a foreign key to the same size is open", async () => {
  const { db } = database;
  const size = await stockedSize(db, 10);
  const buyer = await newCustomer(db, 'payer');
  const order = await placeOrder(db, buyer, [line(size, 2)]);
  const shopper = await newCustomer(db, 'shopper');
  const cart = await db
    .insertInto('carts')
    .values({ user_id: shopper.id })
    .returning('id')
    .executeTakeFirstOrThrow();

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const keyShared = new Promise<void>((resolve) => (locked = resolve));
  // Another shopper's checkout, mid-transaction: a line referencing the size (FOR KEY SHARE on it).
  const checkout = db.transaction().execute(async (trx) => {
    await trx
      .insertInto('cart_items')
      .values({ cart_id: cart.id, product_id: size.productId, size_id: size.id, quantity: 1 })
      .execute();
    locked();
    await held;
  });
  try {
    await keyShared;
    // The payment: refused at once (lock_timeout) if it had to wait for the checkout.
    const taken = await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL lock_timeout = '3s'`.execute(trx);
      return takeOrderStock(trx, order._id);
    });
    expect(taken.taken).toBe(true);
  } finally {
    release();
    await checkout;
  }
  expect(await stockOf(db, size.id)).toBe(8);
});
