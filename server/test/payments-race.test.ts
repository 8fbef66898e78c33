// The database-level guarantees under true concurrency, without the queue's job-id dedupe in front.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyAdminMove,
  confirmPayment,
  createOrderFromCart,
  createPaymentLink,
  createSandboxProvider,
  type AuthUser,
} from '@kanak/core';
import { createTestDatabase, NO_LIMITS, type TestDatabase } from '@kanak/testkit';
import { ADDRESS, fillCart, pickSizes } from './pipeline-support';

describe('confirmPayment and applyAdminMove racing themselves', () => {
  let database: TestDatabase;
  const provider = createSandboxProvider('race-test-secret');
  const origins = { server: 'http://shop.test', web: 'http://shop.test' };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  async function customer(email: string): Promise<AuthUser> {
    const row = await database.db
      .insertInto('users')
      .values({ first_name: 'Race', last_name: 'Tester', email, password_hash: 'x' })
      .returning(['id', 'role'])
      .executeTakeFirstOrThrow();
    return { id: row.id, role: row.role };
  }

  it('applies one payment once when eight confirmations run at the same moment', async () => {
    const user = await customer('race-one@example.com');
    const [size] = await pickSizes(database.db, 1, 50);
    await fillCart(database.db, user.id, [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 2 },
    ]);
    const order = await createOrderFromCart({
      db: database.db,
      userId: user.id,
      address: ADDRESS,
      limits: NO_LIMITS,
    });
    const link = await createPaymentLink({
      db: database.db,
      provider,
      user,
      orderId: order._id,
      origins,
    });
    const paymentId = provider.paymentIdFor(link.payment_link_id, 'paid');

    // They queue on the order row's lock; each later one finds the payment recorded.
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () =>
        confirmPayment(database.db, provider, {
          orderId: order._id,
          paymentId,
          source: 'return',
        }).then((c) => c.outcome),
      ),
    );
    for (const o of outcomes) expect(o).toMatchObject({ result: 'PAID', orderStatus: 'PLACED' });
    expect(
      (
        await confirmPayment(database.db, provider, {
          orderId: order._id,
          paymentId,
          source: 'webhook',
        })
      ).outcome,
    ).toMatchObject({ result: 'PAID' });

    const stock = await database.db
      .selectFrom('product_sizes')
      .select('stock')
      .where('id', '=', size!.sizeId)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(size!.stock - 2);
    expect(
      await database.db
        .selectFrom('order_events')
        .select('id')
        .where('order_id', '=', order._id)
        .where('to_status', '=', 'PLACED')
        .execute(),
    ).toHaveLength(1);
  });

  it('never sells more than the stock when many orders pay for the last pieces at once', async () => {
    const [size] = await pickSizes(database.db, 1, 52);
    await database.db
      .updateTable('product_sizes')
      .set({ stock: 3 })
      .where('id', '=', size!.sizeId)
      .execute();
    const buyers = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const user = await customer(`race-many-${i}@example.com`);
        await fillCart(database.db, user.id, [
          { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
        ]);
        const order = await createOrderFromCart({
          db: database.db,
          userId: user.id,
          address: ADDRESS,
          limits: NO_LIMITS,
        });
        const link = await createPaymentLink({
          db: database.db,
          provider,
          user,
          orderId: order._id,
          origins,
        });
        return { order, paymentId: provider.paymentIdFor(link.payment_link_id, 'paid') };
      }),
    );
    const outcomes = await Promise.all(
      buyers.map((b) =>
        confirmPayment(database.db, provider, {
          orderId: b.order._id,
          paymentId: b.paymentId,
          source: 'return',
        }).then((c) => c.outcome),
      ),
    );
    expect(outcomes.filter((o) => o.result === 'PAID')).toHaveLength(3);
    expect(
      outcomes.filter((o) => o.result === 'REFUND_PENDING' && o.orderStatus === 'CANCELLED'),
    ).toHaveLength(3);
    const stock = await database.db
      .selectFrom('product_sizes')
      .select('stock')
      .where('id', '=', size!.sizeId)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(0);
  });

  it('applies one admin move per job key, and serialises two different moves', async () => {
    const order = await database.db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'PLACED')
      .executeTakeFirstOrThrow();
    const admin = await database.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'ADMIN')
      .executeTakeFirstOrThrow();
    const move = (to: 'CONFIRMED' | 'SHIPPED', jobKey: string) =>
      applyAdminMove(database.db, {
        orderId: order.id,
        to,
        actorUserId: admin.id,
        jobKey,
      }).catch((e: Error) => e);
    const same = await Promise.all([
      move('CONFIRMED', 'job-1'),
      move('CONFIRMED', 'job-1'),
      move('CONFIRMED', 'job-1'),
    ]);
    for (const o of same) expect(o).not.toBeInstanceOf(Error);
    const events = await database.db
      .selectFrom('order_events')
      .select('to_status')
      .where('order_id', '=', order.id)
      .where('actor', '=', 'admin')
      .execute();
    expect(events).toEqual([{ to_status: 'CONFIRMED' }]);
    const [ship, confirmAgain] = await Promise.all([
      move('SHIPPED', 'job-2'),
      move('CONFIRMED', 'job-3'),
    ]);
    expect(ship).not.toBeInstanceOf(Error);
    // Whichever takes the row lock first, confirming again is refused and the order ends SHIPPED.
    expect((confirmAgain as Error).message).toMatch(
      /^Cannot move order from (CONFIRMED|SHIPPED) to CONFIRMED$/,
    );
    const row = await database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('SHIPPED');
  });
});
