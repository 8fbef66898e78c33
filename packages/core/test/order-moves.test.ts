import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAdminMove, getOrderFor, moveOrder, type AuthUser, type AdminMove } from '@kanak/core';
import type { OrderStatus } from '@kanak/shared';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import {
  expectRefusal,
  line,
  MISSING_ID,
  newCustomer,
  paidOrder,
  placeOrder,
  seededUser,
  stockedSize,
  stockOf,
} from './support';

// The worker applies each admin move with applyAdminMove; these call it as the worker does.
describe('order status moves (core)', () => {
  let database: TestDatabase;
  let admin: AuthUser;
  const db = () => database.db;

  /** Applies a move as the worker does (which answers only the new status), then reads the order. */
  const move = async (orderId: string, to: OrderStatus, extra: Partial<AdminMove> = {}) => {
    const { applied } = await applyAdminMove(db(), {
      orderId,
      to,
      actorUserId: admin.id,
      jobKey: `outbox:${randomUUID()}`,
      ...extra,
    });
    const order = await getOrderFor(db(), admin, orderId);
    expect(applied).toEqual({ orderId, orderStatus: order.orderStatus });
    return order;
  };

  const events = (orderId: string) =>
    database.db
      .selectFrom('order_events')
      .select(['actor', 'actor_user_id', 'from_status', 'to_status'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  const paid = async () =>
    paidOrder(db(), await newCustomer(db()), [line(await stockedSize(db(), 5))]);

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await seededUser(db(), 'admin');
  });
  afterAll(() => database.drop());

  it('a paid order moves forward PLACED → CONFIRMED → SHIPPED → DELIVERED, each move logged', async () => {
    const order = await paid();
    expect((await move(order._id, 'CONFIRMED')).orderStatus).toBe('CONFIRMED');
    expect((await move(order._id, 'SHIPPED')).orderStatus).toBe('SHIPPED');
    const delivered = await move(order._id, 'DELIVERED');
    expect(delivered.orderStatus).toBe('DELIVERED');
    expect(delivered.deliveryDate).not.toBeNull();
    const adminMoves = (await events(order._id)).filter((e) => e.actor === 'admin');
    expect(adminMoves).toEqual([
      { actor: 'admin', actor_user_id: admin.id, from_status: 'PLACED', to_status: 'CONFIRMED' },
      { actor: 'admin', actor_user_id: admin.id, from_status: 'CONFIRMED', to_status: 'SHIPPED' },
      { actor: 'admin', actor_user_id: admin.id, from_status: 'SHIPPED', to_status: 'DELIVERED' },
    ]);
  });

  it('a move may skip steps forward (PLACED → DELIVERED)', async () => {
    const order = await paid();
    expect((await move(order._id, 'DELIVERED')).orderStatus).toBe('DELIVERED');
  });

  it('an unpaid order cannot be fulfilled, nor placed by an admin', async () => {
    const order = await placeOrder(db(), await newCustomer(db()), [
      line(await stockedSize(db(), 5)),
    ]);
    await expectRefusal(
      move(order._id, 'CONFIRMED'),
      'CONFLICT',
      'Cannot move order from PENDING to CONFIRMED',
    );
    await expectRefusal(
      move(order._id, 'PLACED'),
      'CONFLICT',
      'Cannot move order from PENDING to PLACED',
    );
    expect(await events(order._id)).toHaveLength(1);
  });

  it('a shipped order cannot be cancelled, and a delivered one moves no more', async () => {
    const order = await paid();
    await move(order._id, 'SHIPPED');
    await expectRefusal(
      move(order._id, 'CANCELLED'),
      'CONFLICT',
      'Cannot move order from SHIPPED to CANCELLED',
    );
    await move(order._id, 'DELIVERED');
    for (const to of ['SHIPPED', 'CONFIRMED', 'CANCELLED'] as const)
      await expectRefusal(
        move(order._id, to),
        'CONFLICT',
        `Cannot move order from DELIVERED to ${to}`,
      );
    expect((await getOrderFor(db(), admin, order._id)).orderStatus).toBe('DELIVERED');
  });

  it('a refused move changes nothing and logs nothing', async () => {
    const order = await paid();
    const before = await events(order._id);
    await expectRefusal(move(order._id, 'PLACED'), 'CONFLICT');
    expect(await events(order._id)).toEqual(before);
    expect((await getOrderFor(db(), admin, order._id)).orderStatus).toBe('PLACED');
  });

  it('the same job applied twice moves once (a re-run after a crash answers the order)', async () => {
    const order = await paid();
    const jobKey = `outbox:${randomUUID()}`;
    await move(order._id, 'CONFIRMED', { jobKey });
    // The same move again would be refused (CONFIRMED → CONFIRMED); the job key says it is done.
    expect((await move(order._id, 'CONFIRMED', { jobKey })).orderStatus).toBe('CONFIRMED');
    const confirmations = (await events(order._id)).filter((e) => e.to_status === 'CONFIRMED');
    expect(confirmations).toHaveLength(1);
  });

  it('cancelling an unpaid order notes who cancelled it and owes nothing back', async () => {
    const size = await stockedSize(db(), 5);
    const order = await placeOrder(db(), await newCustomer(db()), [line(size, 2)]);
    const cancelled = await move(order._id, 'CANCELLED');
    expect(cancelled).toMatchObject({
      orderStatus: 'CANCELLED',
      statusNote: 'Cancelled by the shop',
      refundDue: false,
      refund: null,
    });
    expect(await stockOf(db(), size.id)).toBe(5);
  });

  it('cancelling a paid order gives its pieces back and marks the payment for refund', async () => {
    const size = await stockedSize(db(), 5);
    const order = await paidOrder(db(), await newCustomer(db()), [line(size, 2)]);
    expect(await stockOf(db(), size.id)).toBe(3);
    const cancelled = await move(order._id, 'CANCELLED', { note: 'Customer called' });
    expect(cancelled).toMatchObject({
      orderStatus: 'CANCELLED',
      statusNote: 'Customer called',
      refundDue: true,
      refund: { reason: 'CANCELLED_BY_SHOP', amount: order.totalDiscountedPrice },
    });
    expect(await stockOf(db(), size.id)).toBe(5);
  });

  it('an unknown order is a 404 when queued and when applied', async () => {
    const deps = { db: db(), relay: { wake: () => undefined, connected: () => false }, waitMs: 0 };
    await expectRefusal(
      moveOrder({ deps, admin, orderId: MISSING_ID, action: 'ship' }),
      'NOT_FOUND',
      'Order not found',
    );
    await expectRefusal(moveOrder({ deps, admin, orderId: 'nope', action: 'ship' }), 'BAD_REQUEST');
    await expectRefusal(move(MISSING_ID, 'CONFIRMED'), 'NOT_FOUND', 'Order not found');
  });

  it('an admin move is queued, not applied, when no worker can answer; an unknown order queues nothing', async () => {
    // Redis "down": the move is kept in the outbox and answered at once as not done yet.
    const deps = {
      db: db(),
      relay: { wake: () => undefined, connected: () => false },
      waitMs: 0,
    };
    const queued = async () =>
      Number(
        (
          await database.db
            .selectFrom('outbox')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await queued();
    await expectRefusal(
      moveOrder({ deps, admin, orderId: MISSING_ID, action: 'ship' }),
      'NOT_FOUND',
    );
    expect(await queued()).toBe(before);
    const order = await paid();
    const answer = await moveOrder({ deps, admin, orderId: order._id, action: 'ship' });
    expect(answer.done).toBe(false);
    expect(answer.order.orderStatus).toBe('PLACED');
    expect(await queued()).toBe(before + 1);
  });
});
