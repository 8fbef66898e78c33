// The shopper's passbook lists refunds due and done: an order's payment owed back, then refunded
// through the provider; an instalment owed back, then refunded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyAdminMove,
  createSandboxProvider,
  myRefunds,
  processRefund,
  requestOrderRefund,
  sandboxRefundStore,
  type AuthUser,
  type OutboxDeps,
  type RefundJob,
} from '@kanak/core';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import { insertEnrolment, line, newCustomer, paidOrder, seededUser, stockedSize } from './support';

describe("the passbook's refunds", () => {
  let database: TestDatabase;
  let admin: AuthUser;
  const db = () => database.db;
  const deps = (): OutboxDeps => ({
    db: db(),
    relay: { wake: () => undefined, connected: () => false },
    waitMs: 0,
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await seededUser(db(), 'admin');
  });
  afterAll(() => database.drop());

  it("lists an order's refund due, then done; an instalment owed back due, then done; only the shopper's own", async () => {
    const provider = createSandboxProvider(
      'core-tests-sandbox-secret',
      sandboxRefundStore(db(), 'core-tests-sandbox-secret'),
    );
    const user = await newCustomer(db(), 'passbook');
    const stranger = await newCustomer(db(), 'stranger');
    expect(await myRefunds(db(), user.id)).toEqual([]);
    const order = await paidOrder(db(), user, [line(await stockedSize(db(), 5))]);
    await applyAdminMove(db(), {
      orderId: order._id,
      to: 'CANCELLED',
      actorUserId: admin.id,
      jobKey: `cancel:${order._id}`,
    });
    const ref = order._id.slice(0, 8).toUpperCase();
    const due = await myRefunds(db(), user.id);
    expect(due).toEqual([
      expect.objectContaining({
        kind: 'order',
        refersTo: order._id,
        label: `Order ${ref}, refund`,
        amount: order.totalDiscountedPrice,
        state: 'due',
        providerRefundId: null,
      }),
    ]);
    expect(await myRefunds(db(), stranger.id)).toEqual([]);

    await requestOrderRefund(deps(), admin, order._id);
    expect((await myRefunds(db(), user.id)).map((r) => r.state)).toEqual(['processing']);
    const job = await db()
      .selectFrom('outbox')
      .select(['id', 'generation', 'payload'])
      .where('queue', '=', 'refunds')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const refundJob: RefundJob = {
      ...(job.payload as RefundJob),
      outboxId: job.id,
      generation: job.generation,
    };
    await processRefund(db(), { provider, job: refundJob });
    const done = await myRefunds(db(), user.id);
    expect(done).toEqual([
      expect.objectContaining({
        kind: 'order',
        refersTo: order._id,
        amount: order.totalDiscountedPrice,
        state: 'done',
        providerRefundId: expect.any(String),
      }),
    ]);

    // An instalment paid twice is owed back; its refund processed moves it to done.
    const { id: enrolmentId, planName } = await insertEnrolment(db(), user.id, {
      holderName: 'Test Passbook',
      state: 'ACTIVE',
      startedOn: '2026-11-07',
    });
    const owed = await db()
      .insertInto('scheme_payments')
      .values({
        enrolment_id: enrolmentId,
        n: 1,
        provider: 'sandbox',
        payment_link_id: `plink_twice_${enrolmentId}`,
        payment_link_url: 'http://unused.test',
        provider_payment_id: `pay_twice_${enrolmentId.slice(0, 8)}`,
        status: 'REFUND_PENDING',
        amount: 1000,
        note: 'Instalment 1 was already paid: refund due',
        paid_at: new Date('2026-11-07T06:00:00Z'),
        expires_at: new Date('2026-11-07T12:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const instalment = async () =>
      (await myRefunds(db(), user.id)).find((r) => r.kind === 'instalment');
    expect(await instalment()).toMatchObject({
      refersTo: enrolmentId,
      label: `${planName}, instalment 1`,
      amount: 1000,
      state: 'due',
    });
    const processedAt = new Date('2026-12-07T06:30:00Z');
    await db()
      .insertInto('instalment_refunds')
      .values({
        scheme_payment_id: owed.id,
        enrolment_id: enrolmentId,
        amount: 1000,
        state: 'processed',
        provider: 'sandbox',
        provider_payment_id: `pay_twice_${enrolmentId.slice(0, 8)}`,
        provider_refund_id: 'rfnd_sbx_test',
        processed_at: processedAt,
      })
      .execute();
    expect(await instalment()).toMatchObject({
      state: 'done',
      at: processedAt.toISOString(),
      providerRefundId: 'rfnd_sbx_test',
    });
  });
});
