import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyAdminMove,
  getOrderFor,
  listAdminOrders,
  moveReturn,
  renderNotification,
  requestReturn,
  returnEligibility,
  returnsSummary,
  returnViews,
  sellerOf,
  type AuthUser,
  type InvoiceDocument,
  type MoveReturnDeps,
} from '@kanak/core';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import {
  expectRefusal,
  line,
  newCustomer,
  paidOrder,
  seededUser,
  stockedSize,
  stockOf,
} from './support';

const DAY = 86_400_000;
const SHOP = { name: 'Kanak Jewellers', supportEmail: 'care@kanak.test', url: 'http://shop.test' };
const SELLER = sellerOf({
  SELLER_LEGAL_NAME: 'Kanak Jewellers Private Limited',
  SELLER_ADDRESS: '12 Residency Road, Bengaluru, Karnataka 560025',
  SELLER_STATE: 'Karnataka',
  SELLER_GSTIN: '29AAACK1234E1ZY',
});

/**
 * Returns as a customer expects them: the window told before any form, a quantity per line
 * (1 of a line of 2 refunded, credited and restocked as 1 piece), the reverse pickup recorded at
 * approval and mailed, and the owner's lists of open returns.
 */
describe('return quantities, pickups and the owner lists (core)', () => {
  let database: TestDatabase;
  let admin: AuthUser;
  let now = new Date();
  const db = () => database.db;
  const deps = (): MoveReturnDeps => ({
    db: db(),
    clock: () => now,
    windowDays: 15,
    returnAddress: 'Returns desk, 12 Residency Road, Bengaluru 560025',
  });

  async function delivered(user: AuthUser, quantity: number) {
    const size = await stockedSize(db(), 5);
    const placed = await paidOrder(db(), user, [line(size, quantity)]);
    for (const to of ['SHIPPED', 'DELIVERED'] as const)
      await applyAdminMove(db(), {
        orderId: placed._id,
        to,
        actorUserId: admin.id,
        jobKey: `q-${to}-${placed._id}`,
      });
    const row = await db()
      .selectFrom('orders')
      .select('delivered_at')
      .where('id', '=', placed._id)
      .executeTakeFirstOrThrow();
    return {
      order: await getOrderFor(db(), user, placed._id),
      deliveredAt: new Date(row.delivered_at!),
      size,
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await seededUser(db(), 'admin');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('tells whether a return is possible and until when, before any form', async () => {
    const user = await newCustomer(db());
    const { order, deliveredAt } = await delivered(user, 1);
    const end = new Date(deliveredAt.getTime() + 15 * DAY);
    const endsOn = new Date(end.getTime() + 330 * 60_000).toISOString().slice(0, 10);
    const [y, m, d] = endsOn.split('-').map(Number) as [number, number, number];
    const long = `${d} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]} ${y}`;

    now = new Date(end.getTime() - 60_000);
    expect(await returnEligibility(deps(), user, order._id)).toEqual({
      possible: true,
      windowEndsOn: endsOn,
      windowDays: 15,
      message: `Returns accepted until ${long}`,
      lines: [{ orderItemId: order.orderItems[0]!._id, returnable: 1 }],
    });
    now = new Date(end.getTime() + 60_000);
    const late = await returnEligibility(deps(), user, order._id);
    expect(late).toMatchObject({
      possible: false,
      message: `The 15-day return window for this order ended on ${long}`,
    });
    // The server still refuses a late ask.
    await expectRefusal(
      requestReturn(deps(), user, {
        orderId: order._id,
        kind: 'return',
        reason: 'Too late',
        items: [{ orderItemId: order.orderItems[0]!._id }],
      }),
      'CONFLICT',
    );
    const stranger = await newCustomer(db(), 'stranger');
    await expectRefusal(returnEligibility(deps(), stranger, order._id), 'NOT_FOUND');
  });

  it('returns 1 piece of a line of 2: refund, credit note and stock follow the quantity; the pickup is recorded and mailed', async () => {
    const user = await newCustomer(db());
    const { order, deliveredAt, size } = await delivered(user, 2);
    const item = order.orderItems[0]!;
    await db()
      .insertInto('order_item_huids')
      .values([
        { huid: 'PQ12RS', order_item_id: item._id, order_id: order._id },
        { huid: 'PQ12RT', order_item_id: item._id, order_id: order._id },
      ])
      .execute();
    const perPiece = item.discountedPrice / 2;
    const stockBefore = await stockOf(db(), size.id);
    now = new Date(deliveredAt.getTime() + 2 * DAY);

    // More pieces than the line holds: refused with the most that can come back.
    await expectRefusal(
      requestReturn(deps(), user, {
        orderId: order._id,
        kind: 'return',
        reason: 'One is enough',
        items: [{ orderItemId: item._id, quantity: 3 }],
      }),
      'BAD_REQUEST',
      /at most 2 of 2 pieces/,
    );
    const asked = await requestReturn(deps(), user, {
      orderId: order._id,
      kind: 'return',
      reason: 'One is enough',
      items: [{ orderItemId: item._id, quantity: 1 }],
    });
    expect(asked.amount).toBe(perPiece);
    expect(asked.items).toMatchObject([{ orderItemId: item._id, quantity: 1, lineQuantity: 2 }]);
    expect((await returnEligibility(deps(), user, order._id)).lines).toEqual([
      { orderItemId: item._id, returnable: 1 },
    ]);

    // A courier pickup needs its slot, carrier and reverse AWB; the day is from tomorrow.
    await expectRefusal(
      moveReturn(deps(), admin.id, {
        returnId: asked.id,
        action: 'approve',
        pickup: { method: 'courier', carrier: 'Delhivery', awb: 'RVP1234567' },
      }),
      'BAD_REQUEST',
      /pickup day/,
    );
    const tomorrow = new Date(now.getTime() + 330 * 60_000 + DAY).toISOString().slice(0, 10);
    const approved = await moveReturn(deps(), admin.id, {
      returnId: asked.id,
      action: 'approve',
      pickup: {
        method: 'courier',
        slot: { date: tomorrow, window: '10-13' },
        carrier: 'Delhivery',
        awb: 'rvp1234567',
      },
    });
    expect(approved.pickup).toMatchObject({
      method: 'courier',
      carrier: 'Delhivery',
      awb: 'RVP1234567',
      slot: { date: tomorrow, window: '10-13' },
    });
    // The order's delivery address, as the order keeps it.
    expect(approved.pickup!.address).toContain(order.shippingAddress.streetAddress);
    expect(approved.pickup!.address).toContain(order.shippingAddress.zipCode);

    // The approval mail says who collects it, when, from where and under which AWB.
    const mail = await db()
      .selectFrom('notifications')
      .selectAll()
      .where('order_id', '=', order._id)
      .where('kind', '=', 'return-update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const rendered = await renderNotification(db(), mail, { shop: SHOP, seller: SELLER });
    expect(rendered.subject).toMatch(/return is approved/);
    expect(rendered.text).toContain('Delhivery will collect it on');
    expect(rendered.text).toContain('10 am – 1 pm');
    expect(rendered.text).toContain('RVP1234567');
    expect(rendered.text).toContain(order.shippingAddress.streetAddress);
    expect(rendered.text).not.toContain('Our insured courier will collect it');

    // One of the two HUIDs sold comes back: the check passes for a part of the line.
    const received = await moveReturn(deps(), admin.id, {
      returnId: asked.id,
      action: 'receive',
      huids: { [item._id]: ['pq12rt'] },
    });
    expect(received.huidMismatch).toBeNull();
    const refunded = await moveReturn(deps(), admin.id, { returnId: asked.id, action: 'refund' });
    expect(refunded).toMatchObject({ state: 'refunded', amount: perPiece });

    // One piece back on the shelf, one piece refunded and credited.
    expect(await stockOf(db(), size.id)).toBe(stockBefore + 1);
    const refund = await db()
      .selectFrom('refunds')
      .select(['amount', 'purpose'])
      .where('order_id', '=', order._id)
      .executeTakeFirstOrThrow();
    expect(refund).toEqual({ amount: perPiece, purpose: `return-${asked.id}` });
    const docs = await db()
      .selectFrom('invoices')
      .select(['kind', 'document'])
      .where('order_id', '=', order._id)
      .orderBy('kind')
      .execute();
    const invoice = docs.find((d) => d.kind === 'INVOICE')!.document as InvoiceDocument;
    const note = docs.find((d) => d.kind === 'CREDIT_NOTE')!.document as InvoiceDocument;
    expect(invoice.lines[0]!.quantity).toBe(2);
    expect(note.lines).toHaveLength(1);
    expect(note.lines[0]).toMatchObject({ quantity: 1, total: invoice.lines[0]!.total / 2 });
    expect(note.lines[0]!.taxable + note.lines[0]!.gst).toBe(note.lines[0]!.total);
    expect(note.totals.total).toBe(perPiece);
  });

  it('an exchange posted back by the shopper: the mail gives the return address; the owner lists and filters open returns', async () => {
    const user = await newCustomer(db());
    const { order, deliveredAt } = await delivered(user, 1);
    now = new Date(deliveredAt.getTime() + DAY);
    const before = await returnsSummary(db());
    const asked = await requestReturn(deps(), user, {
      orderId: order._id,
      kind: 'exchange',
      reason: 'Another size',
      items: [{ orderItemId: order.orderItems[0]!._id }],
    });
    const after = await returnsSummary(db());
    expect(after.open).toBe(before.open + 1);
    expect(after.byState.requested).toBe(before.byState.requested + 1);

    // The order is not plainly delivered while its return is open, and the filter finds it.
    const listed = await listAdminOrders(db(), { openReturn: true, search: order._id });
    expect(listed.content.map((o) => o._id)).toEqual([order._id]);
    expect(listed.content[0]!.openReturn).toEqual({
      id: asked.id,
      state: 'requested',
      kind: 'exchange',
    });
    expect(listed.openReturns).toBe(after.open);

    const approved = await moveReturn(deps(), admin.id, {
      returnId: asked.id,
      action: 'approve',
    });
    expect(approved.pickup).toMatchObject({ method: 'post', awb: null });
    expect(approved.pickup!.summary).toContain('Returns desk, 12 Residency Road');
    const mail = await db()
      .selectFrom('notifications')
      .selectAll()
      .where('order_id', '=', order._id)
      .where('kind', '=', 'return-update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const rendered = await renderNotification(db(), mail, { shop: SHOP, seller: SELLER });
    expect(rendered.text).toContain('Send it by insured post');
    expect(rendered.text).toContain('Returns desk, 12 Residency Road');

    const open = await returnViews(db(), { open: true });
    expect(open.find((r) => r.id === asked.id)?.state).toBe('approved');
    expect((await returnViews(db(), { state: 'approved' })).map((r) => r.id)).toContain(asked.id);
    expect((await returnViews(db(), { state: 'requested' })).map((r) => r.id)).not.toContain(
      asked.id,
    );
    // Refused: no longer open, the order no longer flagged.
    await moveReturn(deps(), admin.id, { returnId: asked.id, action: 'receive', huids: {} });
    await moveReturn(deps(), admin.id, {
      returnId: asked.id,
      action: 'refuse',
      reason: 'Worn',
    });
    expect((await returnViews(db(), { open: true })).map((r) => r.id)).not.toContain(asked.id);
    const again = await listAdminOrders(db(), { openReturn: true, search: order._id });
    expect(again.content).toEqual([]);
    expect((await getOrderFor(db(), user, order._id)).openReturn).toBeNull();
  });
});
