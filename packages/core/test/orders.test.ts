import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  createOrderFromCart,
  EMPTY_CART_MESSAGE,
  getCart,
  getOrderFor,
  getProfile,
  listAdminOrders,
  listUserOrders,
  removeOrder,
  tooManyActions,
  type ActionLimits,
} from '@kanak/core';
import { createOrderInput } from '@kanak/shared';
import { createTestDatabase, NO_LIMITS, type TestDatabase } from '@kanak/testkit';
import {
  ADDRESS,
  expectRefusal,
  line,
  MISSING_ID,
  newCustomer,
  placeOrder,
  sandbox,
  seededUser,
  stockedSize,
  stockOf,
} from './support';

describe('order rules (core)', () => {
  let database: TestDatabase;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('checkout copies the cart into a PENDING order with its totals and address', async () => {
    const user = await newCustomer(db());
    const a = await stockedSize(db(), 5);
    const b = await stockedSize(db(), 5);
    const order = await placeOrder(db(), user, [line(a, 2), line(b, 1)]);
    const totalPrice = a.price * 2 + b.price;
    const totalDiscountedPrice = a.discountedPrice * 2 + b.discountedPrice;
    expect(order).toMatchObject({
      orderStatus: 'PENDING',
      user: { _id: user.id, email: user.email },
      shippingAddress: ADDRESS,
      totalItem: 3,
      totalPrice,
      totalDiscountedPrice,
      discount: totalPrice - totalDiscountedPrice,
      deliveryDate: null,
      refundDue: false,
    });
    expect(order.orderItems.map((i) => [i.product?._id, i.weight, i.quantity, i.price])).toEqual([
      [a.productId, a.weight, 2, a.price * 2],
      [b.productId, b.weight, 1, b.price],
    ]);
  });

  it('checkout takes no stock and keeps the cart (both happen at payment)', async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 5);
    await placeOrder(db(), user, [line(size, 2)]);
    expect(await stockOf(db(), size.id)).toBe(5);
    expect((await getCart(db(), user.id)).totalItem).toBe(2);
  });

  it('checkout logs the order as created by the customer', async () => {
    const user = await newCustomer(db());
    const order = await placeOrder(db(), user, [line(await stockedSize(db(), 5))]);
    const events = await database.db
      .selectFrom('order_events')
      .select(['actor', 'actor_user_id', 'from_status', 'to_status'])
      .where('order_id', '=', order._id)
      .execute();
    expect(events).toEqual([
      { actor: 'customer', actor_user_id: user.id, from_status: null, to_status: 'PENDING' },
    ]);
  });

  it('the delivery address joins the address book once, however often it is used', async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 9);
    await placeOrder(db(), user, [line(size)]);
    await placeOrder(db(), user, [line(size)]);
    const profile = await getProfile(db(), user.id);
    expect(profile.address).toHaveLength(1);
    expect(profile.address[0]).toMatchObject(ADDRESS);
  });

  it('an empty cart cannot be checked out, whether or not a cart row exists', async () => {
    const user = await newCustomer(db());
    await expectRefusal(
      createOrderFromCart({ db: db(), userId: user.id, address: ADDRESS, limits: NO_LIMITS }),
      'BAD_REQUEST',
      EMPTY_CART_MESSAGE,
    );
    await getCart(db(), user.id); // creates the (empty) cart row
    await expectRefusal(
      createOrderFromCart({ db: db(), userId: user.id, address: ADDRESS, limits: NO_LIMITS }),
      'BAD_REQUEST',
      EMPTY_CART_MESSAGE,
    );
  });

  it('a line asking for more than is left is refused, naming the piece and what is left', async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 5);
    await addToCart(db(), user.id, line(size, 4));
    await database.db
      .updateTable('product_sizes')
      .set({ stock: 2 })
      .where('id', '=', size.id)
      .execute();
    const refusal = await expectRefusal(
      createOrderFromCart({ db: db(), userId: user.id, address: ADDRESS, limits: NO_LIMITS }),
      'CONFLICT',
      /^Only 2 of .+ left in stock$/,
    );
    expect(refusal.message).toContain(size.weight);
    await database.db
      .updateTable('product_sizes')
      .set({ stock: 0 })
      .where('id', '=', size.id)
      .execute();
    await expectRefusal(
      createOrderFromCart({ db: db(), userId: user.id, address: ADDRESS, limits: NO_LIMITS }),
      'CONFLICT',
      /is out of stock$/,
    );
    expect(await listUserOrders(db(), user.id)).toEqual([]);
  });

  it('the declared checkout input requires every address field', () => {
    expect(createOrderInput.safeParse(ADDRESS).success).toBe(true);
    for (const field of Object.keys(ADDRESS))
      expect(createOrderInput.safeParse({ ...ADDRESS, [field]: ' ' }).success).toBe(false);
  });

  it('each checkout counts against the order limit before anything is written', async () => {
    const user = await newCustomer(db());
    await addToCart(db(), user.id, line(await stockedSize(db(), 5)));
    const counted: string[] = [];
    const refusing: ActionLimits = {
      consume: async (action, key) => {
        counted.push(`${action}:${key}`);
        throw tooManyActions(action, 1000);
      },
    };
    await expectRefusal(
      createOrderFromCart({ db: db(), userId: user.id, address: ADDRESS, limits: refusing }),
      'TOO_MANY_REQUESTS',
      /Too many orders/,
    );
    expect(counted).toEqual([`order:${user.id}`]);
    expect(await listUserOrders(db(), user.id)).toEqual([]);
  });

  it("an order is shown to its owner and to admins; another customer's is a 404", async () => {
    const owner = await newCustomer(db(), 'owner');
    const other = await newCustomer(db(), 'other');
    const order = await placeOrder(db(), owner, [line(await stockedSize(db(), 5))]);
    expect((await getOrderFor(db(), owner, order._id))._id).toBe(order._id);
    expect((await getOrderFor(db(), await seededUser(db(), 'admin'), order._id))._id).toBe(
      order._id,
    );
    await expectRefusal(getOrderFor(db(), other, order._id), 'NOT_FOUND', 'Order not found');
    await expectRefusal(getOrderFor(db(), owner, MISSING_ID), 'NOT_FOUND', 'Order not found');
    await expectRefusal(getOrderFor(db(), owner, 'nope'), 'BAD_REQUEST');
  });

  it("a customer's orders are theirs only, newest first", async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 9);
    const first = await placeOrder(db(), user, [line(size)]);
    const second = await placeOrder(db(), user, [line(size)]);
    await placeOrder(db(), await newCustomer(db(), 'someone-else'), [line(size)]);
    expect((await listUserOrders(db(), user.id)).map((o) => o._id)).toEqual([
      second._id,
      first._id,
    ]);
  });

  it("the admin list pages through every customer's orders, newest first, and filters them", async () => {
    const user = await newCustomer(db());
    const order = await placeOrder(db(), user, [line(await stockedSize(db(), 5))]);
    const first = await listAdminOrders(db(), {});
    expect(first.content[0]!._id).toBe(order._id);
    expect(new Set(first.content.map((o) => o.user._id)).size).toBeGreaterThan(1);
    const dates = first.content.map((o) => o.orderDate);
    expect(dates).toEqual([...dates].sort().reverse());

    // Pages of 3 cover every order once, beyond any fixed cap.
    const total = first.totalCount;
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 3); page++) {
      const p = await listAdminOrders(db(), { page, pageSize: 3 });
      expect(p.currentPage).toBe(page);
      expect(p.totalPages).toBe(Math.ceil(total / 3));
      seen.push(...p.content.map((o) => o._id));
    }
    expect(new Set(seen).size).toBe(total);

    const pending = await listAdminOrders(db(), { status: 'PENDING', pageSize: 500 });
    expect(pending.content.every((o) => o.orderStatus === 'PENDING')).toBe(true);
    expect(pending.content.map((o) => o._id)).toContain(order._id);
    const mine = await listAdminOrders(db(), { search: user.email.toUpperCase() });
    expect(mine.content.map((o) => o._id)).toEqual([order._id]);
    const byNumber = await listAdminOrders(db(), { search: order._id.slice(0, 8) });
    expect(byNumber.content.map((o) => o._id)).toContain(order._id);
    expect((await listAdminOrders(db(), { search: '%' })).totalCount).toBe(0);
    const owed = await listAdminOrders(db(), { refundsDue: true });
    expect(owed.content.every((o) => o.refundDue)).toBe(true);
    expect(owed.totalCount).toBe(first.refundsDue);
  });

  it('removing an unpaid order deletes it with its lines and events; twice is a 404', async () => {
    const user = await newCustomer(db());
    const order = await placeOrder(db(), user, [line(await stockedSize(db(), 5))]);
    expect(await removeOrder(db(), sandbox, order._id)).toEqual({
      message: 'Order deleted successfully',
    });
    await expectRefusal(getOrderFor(db(), user, order._id), 'NOT_FOUND');
    for (const table of ['order_items', 'order_events'] as const) {
      const rows = await database.db
        .selectFrom(table)
        .select('id')
        .where('order_id', '=', order._id)
        .execute();
      expect(rows).toEqual([]);
    }
    await expectRefusal(removeOrder(db(), sandbox, order._id), 'NOT_FOUND', 'Order not found');
  });
});
