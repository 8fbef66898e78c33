import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAdminMove, getAdminOrderDetail, listAdminOrders } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { adminOrdersQuery } from '@kanak/shared';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import {
  ADDRESS,
  expectRefusal,
  line,
  MISSING_ID,
  newCustomer,
  paidOrder,
  placeOrder,
  seededUser,
  stockedSize,
} from './support';

describe('the admin order detail and list filters (core)', () => {
  let database: TestDatabase;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('shows a paid order with its customer, address, items, payment and every move with who made it', async () => {
    const admin = await seededUser(db(), 'admin');
    const user = await newCustomer(db(), 'detail');
    const size = await stockedSize(db(), 5);
    const order = await paidOrder(db(), user, [line(size, 2)]);
    await applyAdminMove(db(), {
      orderId: order._id,
      to: 'CONFIRMED',
      actorUserId: admin.id,
      jobKey: `outbox:${randomUUID()}`,
    });

    const detail = await getAdminOrderDetail(db(), order._id);
    expect(detail.orderNumber).toBe(order._id.slice(0, 8).toUpperCase());
    expect(detail.order.orderStatus).toBe('CONFIRMED');
    expect(detail.order.shippingAddress).toEqual(ADDRESS);
    expect(detail.order.orderItems.map((i) => [i.size, i.weight, i.quantity])).toEqual([
      [size.size, size.weight, 2],
    ]);
    expect(detail.customer).toMatchObject({ _id: user.id, email: user.email });
    expect(detail.payments).toHaveLength(1);
    expect(detail.payments[0]).toMatchObject({
      provider: 'sandbox',
      status: 'PAID',
      amount: order.totalDiscountedPrice,
      refundReason: null,
    });
    expect(detail.payments[0]!.paymentLinkId).toBeTruthy();
    expect(detail.payments[0]!.providerPaymentId).toBeTruthy();
    expect(detail.events.map((e) => [e.actor, e.from, e.to])).toEqual([
      ['customer', null, 'PENDING'],
      ['payment', 'PENDING', 'PLACED'],
      ['admin', 'PLACED', 'CONFIRMED'],
    ]);
    const adminName = `${SEED_ACCOUNTS.admin.firstName} ${SEED_ACCOUNTS.admin.lastName}`.trim();
    expect(detail.events[2]!.actorName).toBe(adminName);
    // The payment is the shopper's: the ledger records them as its actor.
    expect(detail.events[1]!.actorName).toBe('Test detail');
    expect(detail.paidAt).toBe(detail.events[1]!.at);
  });

  it('shows a refund owed with its reason once a paid order is cancelled', async () => {
    const admin = await seededUser(db(), 'admin');
    const order = await paidOrder(db(), await newCustomer(db()), [
      line(await stockedSize(db(), 5)),
    ]);
    await applyAdminMove(db(), {
      orderId: order._id,
      to: 'CANCELLED',
      actorUserId: admin.id,
      jobKey: `outbox:${randomUUID()}`,
    });
    const detail = await getAdminOrderDetail(db(), order._id);
    // Owed, not yet asked of the provider: no refund state or id yet.
    expect(detail.order.refund).toEqual({
      reason: 'CANCELLED_BY_SHOP',
      amount: order.totalDiscountedPrice,
      state: null,
      providerRefundId: null,
    });
    expect(detail.payments.map((p) => [p.status, p.refundReason])).toEqual([
      ['REFUND_PENDING', 'CANCELLED_BY_SHOP'],
    ]);
  });

  it('an unknown order is a 404 and a malformed id a 400', async () => {
    await expectRefusal(getAdminOrderDetail(db(), MISSING_ID), 'NOT_FOUND', 'Order not found');
    await expectRefusal(getAdminOrderDetail(db(), 'not-an-id'), 'BAD_REQUEST');
  });

  it('the list finds an order by its delivery phone, its whole id, and the day it was placed', async () => {
    const user = await newCustomer(db(), 'phone');
    const order = await placeOrder(db(), user, [line(await stockedSize(db(), 5))]);
    const mobile = '9123405678';
    await db()
      .updateTable('orders')
      .set({ ship_mobile: mobile })
      .where('id', '=', order._id)
      .execute();

    const ids = async (search: string) =>
      (await listAdminOrders(db(), { search })).content.map((o) => o._id);
    expect(await ids(mobile)).toEqual([order._id]);
    expect(await ids('+91 91234 05678')).toEqual([order._id]);
    expect(await ids('05678')).toContain(order._id);
    expect(await ids(order._id)).toEqual([order._id]);
    expect(await ids(order._id.slice(0, 8).toUpperCase())).toContain(order._id);

    const day = order.orderDate.slice(0, 10);
    const that = await listAdminOrders(db(), { from: day, to: day, pageSize: 500 });
    expect(that.content.map((o) => o._id)).toContain(order._id);
    expect(that.content.every((o) => o.orderDate.slice(0, 10) === day)).toBe(true);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect((await listAdminOrders(db(), { from: next })).content.map((o) => o._id)).not.toContain(
      order._id,
    );
    expect((await listAdminOrders(db(), { to: '2000-01-01' })).totalCount).toBe(0);
  });

  it('the list query refuses a date that is not a real day', () => {
    expect(adminOrdersQuery.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(adminOrdersQuery.safeParse({ to: 'yesterday' }).success).toBe(false);
    expect(adminOrdersQuery.safeParse({ from: '2026-02-28', to: '2026-03-01' }).success).toBe(true);
  });
});
