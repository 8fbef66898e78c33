import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyAdminMove,
  getOrderFor,
  moveReturn,
  orderReturns,
  requestReturn,
  storeCreditOf,
  type AuthUser,
  type MoveReturnDeps,
} from '@kanak/core';
import type { OrderView } from '@kanak/shared';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import {
  expectRefusal,
  line,
  newCustomer,
  paidOrder,
  seededUser,
  stockedSize,
  stockOf,
  type SizeRow,
} from './support';

const DAY = 86_400_000;

/**
 * Returns and exchanges (issue 33, item 4) against a real database, with the clock moved
 * instead of waiting: the window from delivery, the HUID check on receipt, and the refund made
 * once (credit note once, stock back once, credit once) under a double click.
 */
describe('returns and exchanges (core)', () => {
  let database: TestDatabase;
  let admin: AuthUser;
  let now = new Date();
  const db = () => database.db;
  const deps = (): MoveReturnDeps => ({ db: db(), clock: () => now, windowDays: 15 });

  /** A delivered order of one piece of `size`, and its delivery time. */
  async function delivered(user: AuthUser, size: SizeRow, quantity = 1) {
    const order = await paidOrder(db(), user, [line(size, quantity)]);
    for (const to of ['SHIPPED', 'DELIVERED'] as const)
      await applyAdminMove(db(), {
        orderId: order._id,
        to,
        actorUserId: admin.id,
        jobKey: `t-${to}-${order._id}`,
      });
    const row = await db()
      .selectFrom('orders')
      .select('delivered_at')
      .where('id', '=', order._id)
      .executeTakeFirstOrThrow();
    return { order: await getOrderFor(db(), user, order._id), deliveredAt: row.delivered_at! };
  }
  const itemsOf = (order: OrderView) => order.orderItems.map((i) => ({ orderItemId: i._id }));

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await seededUser(db(), 'admin');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('refuses a request before delivery, and after the window with its end date; takes one inside it', async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 5);
    const placed = await paidOrder(db(), user, [line(size)]);
    now = new Date();
    await expectRefusal(
      requestReturn(deps(), user, {
        orderId: placed._id,
        kind: 'return',
        reason: 'Too small',
        items: itemsOf(placed),
      }),
      'CONFLICT',
      /once the order is delivered/,
    );

    const { order, deliveredAt } = await delivered(user, await stockedSize(db(), 5));
    const end = new Date(new Date(deliveredAt).getTime() + 15 * DAY);
    now = new Date(end.getTime() + 60_000);
    const late = await expectRefusal(
      requestReturn(deps(), user, {
        orderId: order._id,
        kind: 'return',
        reason: 'Too small',
        items: itemsOf(order),
      }),
      'CONFLICT',
    );
    const endsOn = new Date(end.getTime() + 330 * 60_000).toISOString().slice(0, 10);
    expect(late.message).toContain(`ended on ${endsOn}`);
    expect(late.details).toEqual({ windowEndsOn: endsOn });

    // Another shopper's order is not there for them.
    now = new Date(end.getTime() - 60_000);
    const stranger = await newCustomer(db(), 'stranger');
    await expectRefusal(
      requestReturn(deps(), stranger, {
        orderId: order._id,
        kind: 'return',
        reason: 'Not mine',
        items: itemsOf(order),
      }),
      'NOT_FOUND',
    );
    const asked = await requestReturn(deps(), user, {
      orderId: order._id,
      kind: 'return',
      reason: 'Too small',
      items: itemsOf(order),
    });
    expect(asked).toMatchObject({
      state: 'requested',
      kind: 'return',
      amount: order.totalDiscountedPrice,
      windowEndsOn: endsOn,
    });
    expect(asked.events).toMatchObject([{ to: 'requested', actor: 'customer' }]);
    // One live request per order.
    await expectRefusal(
      requestReturn(deps(), user, {
        orderId: order._id,
        kind: 'exchange',
        reason: 'Again',
        items: itemsOf(order),
      }),
      'CONFLICT',
    );
    // The shopper's mail for the step, in the outbox of mails.
    const mails = await db()
      .selectFrom('notifications')
      .select(['kind', 'recipient'])
      .where('order_id', '=', order._id)
      .where('kind', '=', 'return-update')
      .execute();
    expect(mails).toEqual([{ kind: 'return-update', recipient: user.email }]);
  });

  it('flags a HUID mismatch on receipt and blocks the refund', async () => {
    const user = await newCustomer(db());
    const { order, deliveredAt } = await delivered(user, await stockedSize(db(), 5));
    const item = order.orderItems[0]!;
    await db()
      .insertInto('order_item_huids')
      .values({ huid: 'AB12CD', order_item_id: item._id, order_id: order._id })
      .execute();
    now = new Date(new Date(deliveredAt).getTime() + 3 * DAY);
    const asked = await requestReturn(deps(), user, {
      orderId: order._id,
      kind: 'return',
      reason: 'Changed my mind',
      items: itemsOf(order),
    });
    await moveReturn(deps(), admin.id, { returnId: asked.id, action: 'approve' });
    const received = await moveReturn(deps(), admin.id, {
      returnId: asked.id,
      action: 'receive',
      huids: { [item._id]: ['ZZ99ZZ'] },
    });
    expect(received.state).toBe('received');
    expect(received.huidMismatch).toContain('sold AB12CD, received ZZ99ZZ');
    expect(received.items[0]).toMatchObject({ huidsSold: ['AB12CD'], huidsReceived: ['ZZ99ZZ'] });
    await expectRefusal(
      moveReturn(deps(), admin.id, { returnId: asked.id, action: 'refund' }),
      'CONFLICT',
      /do not match.*blocked/,
    );
    const view = await getOrderFor(db(), user, order._id);
    expect(view.creditNote).toBeNull();
  });

  it('refunds once under a double click: one credit note, stock back once, one ledger entry per move', async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 5);
    const { order, deliveredAt } = await delivered(user, size, 2);
    const item = order.orderItems[0]!;
    expect(await stockOf(db(), size.id)).toBe(3);
    await db()
      .insertInto('order_item_huids')
      .values([
        { huid: 'QW12ER', order_item_id: item._id, order_id: order._id },
        { huid: 'QW12ES', order_item_id: item._id, order_id: order._id },
      ])
      .execute();
    now = new Date(new Date(deliveredAt).getTime() + 14 * DAY);
    const asked = await requestReturn(deps(), user, {
      orderId: order._id,
      kind: 'return',
      reason: 'Not as pictured',
      items: itemsOf(order),
    });
    await moveReturn(deps(), admin.id, { returnId: asked.id, action: 'approve' });
    // Refunding before receipt is a wrong move.
    await expectRefusal(
      moveReturn(deps(), admin.id, { returnId: asked.id, action: 'refund' }),
      'CONFLICT',
      /Cannot refund a return that is approved/,
    );
    await moveReturn(deps(), admin.id, {
      returnId: asked.id,
      action: 'receive',
      huids: { [item._id]: ['qw12es', 'QW12ER'] },
    });
    const clicks = await Promise.all(
      [1, 2, 3].map(() => moveReturn(deps(), admin.id, { returnId: asked.id, action: 'refund' })),
    );
    for (const answer of clicks)
      expect(answer).toMatchObject({
        state: 'refunded',
        refundStatus: 'asked',
        huidMismatch: null,
      });
    // Once more, later: nothing again.
    await moveReturn(deps(), admin.id, { returnId: asked.id, action: 'refund' });

    expect(await stockOf(db(), size.id)).toBe(5);
    // One provider refund of the returned lines, asked once (its purpose names the return).
    const refunds = await db()
      .selectFrom('refunds')
      .select(['amount', 'purpose', 'reason', 'state'])
      .where('order_id', '=', order._id)
      .execute();
    expect(refunds).toEqual([
      {
        amount: order.totalDiscountedPrice,
        purpose: `return-${asked.id}`,
        reason: 'RETURNED',
        state: 'processing',
      },
    ]);
    const notes = await db()
      .selectFrom('invoices')
      .select(['number', 'document'])
      .where('order_id', '=', order._id)
      .where('kind', '=', 'CREDIT_NOTE')
      .execute();
    expect(notes).toHaveLength(1);
    expect((notes[0]!.document as { totals: { total: number } }).totals.total).toBe(
      order.totalDiscountedPrice,
    );
    const [view] = await orderReturns(db(), user, order._id);
    expect(view!.events.map((e) => [e.to, e.actor])).toEqual([
      ['requested', 'customer'],
      ['approved', 'admin'],
      ['received', 'admin'],
      ['refunded', 'admin'],
    ]);
    expect(view!.events.at(-1)!.note).toContain(notes[0]!.number);
    const mails = await db()
      .selectFrom('notifications')
      .select('payload')
      .where('order_id', '=', order._id)
      .where('kind', '=', 'return-update')
      .execute();
    expect(mails.map((m) => (m.payload as { state: string }).state).sort()).toEqual(
      ['approved', 'received', 'refunded', 'requested'].sort(),
    );
  });

  it('turns an exchange into store credit, once; a refusal carries its reason', async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 4);
    const { order, deliveredAt } = await delivered(user, size);
    now = new Date(new Date(deliveredAt).getTime() + DAY);
    const first = await requestReturn(deps(), user, {
      orderId: order._id,
      kind: 'exchange',
      reason: 'Want another size',
      items: itemsOf(order),
    });
    await expectRefusal(
      moveReturn(deps(), admin.id, { returnId: first.id, action: 'refuse' }),
      'BAD_REQUEST',
    );
    const refused = await moveReturn(deps(), admin.id, {
      returnId: first.id,
      action: 'refuse',
      reason: 'Worn piece',
    });
    expect(refused).toMatchObject({ state: 'refused', refusedReason: 'Worn piece' });
    // Refused: the shopper may ask again.
    const again = await requestReturn(deps(), user, {
      orderId: order._id,
      kind: 'exchange',
      reason: 'Want another size, unworn',
      items: itemsOf(order),
    });
    await moveReturn(deps(), admin.id, { returnId: again.id, action: 'approve' });
    await moveReturn(deps(), admin.id, { returnId: again.id, action: 'receive', huids: {} });
    await Promise.all(
      [1, 2].map(() => moveReturn(deps(), admin.id, { returnId: again.id, action: 'refund' })),
    );
    const credit = await storeCreditOf(db(), user.id);
    expect(credit.balance).toBe(order.totalDiscountedPrice);
    expect(credit.entries).toHaveLength(1);
    const [done] = (await orderReturns(db(), user, order._id)).filter((r) => r.id === again.id);
    expect(done).toMatchObject({ state: 'refunded', refundStatus: 'credited' });
    expect(await stockOf(db(), size.id)).toBe(4);
  });

  it('refuses a cash return of an order a balance paid part of; an exchange (store credit) is taken', async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 4);
    const { order, deliveredAt } = await delivered(user, size);
    // Part of it was paid from store credit (as payOrder records a spent tender).
    await db()
      .insertInto('order_tenders')
      .values({
        order_id: order._id,
        user_id: user.id,
        kind: 'store_credit',
        amount_paise: 100_000,
        status: 'SPENT',
      })
      .execute();
    now = new Date(new Date(deliveredAt).getTime() + DAY);
    const ask = (kind: 'return' | 'exchange') =>
      requestReturn(deps(), user, {
        orderId: order._id,
        kind,
        reason: 'Changed my mind',
        items: itemsOf(order),
      });
    await expectRefusal(ask('return'), 'CONFLICT', /never paid out as cash/);
    expect(await ask('exchange')).toMatchObject({ state: 'requested', kind: 'exchange' });
  });
});
