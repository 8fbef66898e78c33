import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
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
 * Returns and exchanges against a real database, with the clock moved
 * instead of waiting: the window from delivery, the HUID check on receipt, and the refund made
 * once (credit note once, stock back once, credit once) under a double click.
 */
describe('returns and exchanges (core)', () => {
  let database: TestDatabase;
  let admin: AuthUser;
  let now = new Date();
  const db = () => database.db;
  const deps = (): MoveReturnDeps => ({
    db: db(),
    clock: () => now,
    windowDays: 15,
    returnAddress: '12 Residency Road, Bengaluru, Karnataka 560025',
  });

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

  it('flags a HUID mismatch on receipt and blocks the refund until the owner corrects it; the shopper reads "under inspection"', async () => {
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
      huids: { [item._id]: ['AB12C0'] },
    });
    expect(received).toMatchObject({ state: 'received', underInspection: true });
    expect(received.huidMismatch).toContain('read AB12C0, sold with AB12CD');
    expect(received.items[0]).toMatchObject({ huidsSold: ['AB12CD'], huidsReceived: ['AB12C0'] });
    await expectRefusal(
      moveReturn(deps(), admin.id, { returnId: asked.id, action: 'refund' }),
      'CONFLICT',
      /HUID check has not passed/,
    );
    expect((await getOrderFor(db(), user, order._id)).creditNote).toBeNull();
    // The shopper's view: under inspection, no check details, no HUID read off the piece.
    const [mine] = await orderReturns(db(), user, order._id);
    expect(mine).toMatchObject({ underInspection: true, huidMismatch: null, holdReason: null });
    expect(JSON.stringify(mine)).not.toMatch(/AB12C0|sold with/);

    // Held, then corrected (the owner misread it): the check passes and the refund proceeds.
    const held = await moveReturn(deps(), admin.id, {
      returnId: asked.id,
      action: 'hold',
      reason: 'Checking with the hallmarking centre',
    });
    expect(held).toMatchObject({
      state: 'on_hold',
      holdReason: 'Checking with the hallmarking centre',
    });
    await expectRefusal(
      moveReturn(deps(), admin.id, { returnId: asked.id, action: 'refund' }),
      'CONFLICT',
      /Cannot refund a return that is on hold/,
    );
    const corrected = await moveReturn(deps(), admin.id, {
      returnId: asked.id,
      action: 'correct',
      huids: { [item._id]: ['ab12cd'] },
    });
    expect(corrected).toMatchObject({
      state: 'received',
      huidMismatch: null,
      underInspection: false,
    });
    const refunded = await moveReturn(deps(), admin.id, { returnId: asked.id, action: 'refund' });
    expect(refunded).toMatchObject({ state: 'refunded', refundStatus: 'asked' });
    expect(refunded.events.map((e) => e.to)).toEqual([
      'requested',
      'approved',
      'received',
      'on_hold',
      'received',
      'refunded',
    ]);
    // The shopper's mails: under inspection once, then the check passed, then "being processed".
    const steps = await db()
      .selectFrom('notifications')
      .select(sql<string>`payload->>'step'`.as('step'))
      .where('order_id', '=', order._id)
      .where('kind', '=', 'return-update')
      .orderBy('id')
      .execute();
    expect(steps.map((r) => r.step)).toEqual([
      'requested',
      'approved',
      'inspection',
      'received',
      'refund-processing',
    ]);
  });

  it('refuses a return after receipt with a reason the shopper is mailed; nothing is refunded', async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 5);
    const { order, deliveredAt } = await delivered(user, size);
    const item = order.orderItems[0]!;
    await db()
      .insertInto('order_item_huids')
      .values({ huid: 'RF12US', order_item_id: item._id, order_id: order._id })
      .execute();
    now = new Date(new Date(deliveredAt).getTime() + 2 * DAY);
    const asked = await requestReturn(deps(), user, {
      orderId: order._id,
      kind: 'return',
      reason: 'Changed my mind',
      items: itemsOf(order),
    });
    await moveReturn(deps(), admin.id, { returnId: asked.id, action: 'approve' });
    await moveReturn(deps(), admin.id, {
      returnId: asked.id,
      action: 'receive',
      huids: { [item._id]: ['XX00XX'] },
    });
    await expectRefusal(
      moveReturn(deps(), admin.id, { returnId: asked.id, action: 'refuse' }),
      'BAD_REQUEST',
    );
    const reason = 'The piece returned is not the one we sold; we are sending it back to you';
    const refused = await Promise.all(
      [1, 2].map(() =>
        moveReturn(deps(), admin.id, { returnId: asked.id, action: 'refuse', reason }),
      ),
    );
    for (const r of refused) expect(r).toMatchObject({ state: 'refused', refusedReason: reason });
    await expectRefusal(
      moveReturn(deps(), admin.id, { returnId: asked.id, action: 'refund' }),
      'CONFLICT',
      /Cannot refund a return that is refused/,
    );
    expect(await stockOf(db(), size.id)).toBe(4);
    expect(
      await db().selectFrom('refunds').select('id').where('order_id', '=', order._id).execute(),
    ).toEqual([]);
    const mail = await db()
      .selectFrom('notifications')
      .select(['payload'])
      .where('order_id', '=', order._id)
      .where(sql<boolean>`payload->>'step' = 'refused'`)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.payload).toMatchObject({ note: reason });
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

  it('refunds a return of an order a balance paid part of: the online part through the provider, the rest back to the store credit, one credit note', async () => {
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
    const payment = await db()
      .selectFrom('payments')
      .select(['amount'])
      .where('order_id', '=', order._id)
      .where('status', '=', 'PAID')
      .executeTakeFirstOrThrow();
    now = new Date(new Date(deliveredAt).getTime() + DAY);
    const asked = await requestReturn(deps(), user, {
      orderId: order._id,
      kind: 'return',
      reason: 'Changed my mind',
      items: itemsOf(order),
    });
    expect(asked).toMatchObject({ state: 'requested', kind: 'return' });
    await moveReturn(deps(), admin.id, { returnId: asked.id, action: 'approve' });
    await moveReturn(deps(), admin.id, { returnId: asked.id, action: 'receive', huids: {} });
    const before = (await storeCreditOf(db(), user.id)).balance;
    const done = await Promise.all(
      [1, 2].map(() => moveReturn(deps(), admin.id, { returnId: asked.id, action: 'refund' })),
    );
    // The order's total was paid online and ₹1,000 more from credit: each part gets its share.
    const total = order.totalDiscountedPrice;
    const online = Math.round((total * payment.amount) / (payment.amount + 1000));
    for (const d of done)
      expect(d.refundParts).toEqual([
        { to: 'payment', amount: online, state: 'asked' },
        { to: 'store_credit', amount: total - online, state: 'credited' },
      ]);
    const refunds = await db()
      .selectFrom('refunds')
      .select(['amount', 'purpose'])
      .where('order_id', '=', order._id)
      .execute();
    expect(refunds).toEqual([{ amount: online, purpose: `return-${asked.id}` }]);
    expect((await storeCreditOf(db(), user.id)).balance).toBe(before + total - online);
    const notes = await db()
      .selectFrom('invoices')
      .select('number')
      .where('order_id', '=', order._id)
      .where('kind', '=', 'CREDIT_NOTE')
      .execute();
    expect(notes).toHaveLength(1);
  });
});
