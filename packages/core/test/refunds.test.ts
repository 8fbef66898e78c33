import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyAdminMove,
  createSandboxProvider,
  failNextSandboxRefund,
  getOrderFor,
  isUnavailable,
  processRefund,
  ProviderUnavailable,
  refundPayment,
  requestOrderRefund,
  sandboxRefundStore,
  settleProcessingRefunds,
  type AuthUser,
  type OutboxDeps,
  type PaymentProvider,
  type RefundJob,
} from '@kanak/core';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import { expectRefusal, line, newCustomer, paidOrder, seededUser, stockedSize } from './support';

/**
 * Refunds paid, not just owed: the owner's refund goes through the provider
 * once per payment however often it is asked or its job runs, a credit note reverses the invoice
 * once, and a refund the provider fails stays owed.
 */
describe('refunds through the provider', () => {
  let database: TestDatabase;
  let admin: AuthUser;
  let provider: PaymentProvider;
  const db = () => database.db;
  // No relay: the tests run the queued jobs themselves (as the worker would, any number of times).
  const deps = (): OutboxDeps => ({
    db: db(),
    relay: { wake: () => undefined, connected: () => false },
    waitMs: 0,
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await seededUser(db(), 'admin');
    // The core tests' sandbox secret (support.ts), with the refund record in this database.
    provider = createSandboxProvider(
      'core-tests-sandbox-secret',
      sandboxRefundStore(db(), 'core-tests-sandbox-secret'),
    );
  });
  afterAll(() => database.drop());

  /** A paid order the shop then cancelled: its payment owed back, its invoice credited. */
  async function cancelledPaidOrder() {
    const user = await newCustomer(db());
    const order = await paidOrder(db(), user, [line(await stockedSize(db(), 5))]);
    await applyAdminMove(db(), {
      orderId: order._id,
      to: 'CANCELLED',
      actorUserId: admin.id,
      jobKey: `cancel:${order._id}`,
    });
    const payment = await db()
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', order._id)
      .where('status', '=', 'REFUND_PENDING')
      .executeTakeFirstOrThrow();
    return { user, orderId: order._id, payment };
  }

  /** The refund jobs queued for an order, as the relay would send them. */
  const jobsOf = async (orderId: string): Promise<RefundJob[]> => {
    const rows = await db()
      .selectFrom('outbox')
      .select(['id', 'generation', 'payload'])
      .where('queue', '=', 'refunds')
      .orderBy('id')
      .execute();
    return rows
      .map((r) => ({ ...(r.payload as RefundJob), outboxId: r.id, generation: r.generation }))
      .filter((j) => j.orderId === orderId);
  };
  const sandboxRefundsOf = (providerPaymentId: string) =>
    db()
      .selectFrom('sandbox_refunds')
      .selectAll()
      .where('payment_id', '=', providerPaymentId)
      .orderBy('created_at')
      .execute();
  const creditNotesOf = async (orderId: string) =>
    (
      await db()
        .selectFrom('invoices')
        .select('number')
        .where('order_id', '=', orderId)
        .where('kind', '=', 'CREDIT_NOTE')
        .execute()
    ).length;
  const viewOf = (orderId: string) => getOrderFor(db(), admin, orderId);

  it('a double click asks once; the job run again (a crash) refunds once; one credit note', async () => {
    const { orderId, payment } = await cancelledPaidOrder();
    expect(await creditNotesOf(orderId)).toBe(1);
    const before = await viewOf(orderId);
    expect(before).toMatchObject({
      refundDue: true,
      refund: { reason: 'CANCELLED_BY_SHOP', amount: payment.amount, state: null },
    });

    const clicks = await Promise.all([
      requestOrderRefund(deps(), admin, orderId),
      requestOrderRefund(deps(), admin, orderId),
    ]);
    expect(clicks.map((c) => c.asked).sort()).toEqual([0, 1]);
    const jobs = await jobsOf(orderId);
    expect(jobs).toHaveLength(1);
    expect(await viewOf(orderId)).toMatchObject({
      refundDue: false,
      refund: { state: 'processing', providerRefundId: null, amount: payment.amount },
    });

    // The worker runs the job, is killed before recording, and the job runs again twice.
    await expect(
      processRefund(db(), {
        provider,
        job: jobs[0]!,
        beforeRecord: async () => {
          throw new Error('SIGKILL');
        },
      }),
    ).rejects.toThrow('SIGKILL');
    const first = await processRefund(db(), { provider, job: jobs[0]! });
    const again = await processRefund(db(), { provider, job: jobs[0]! });
    expect(first).toMatchObject({ state: 'processed', orderId });
    expect(again).toEqual(first);

    const recorded = await sandboxRefundsOf(payment.provider_payment_id!);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ amount: payment.amount, status: 'processed', calls: 2 });
    expect(await viewOf(orderId)).toMatchObject({
      refundDue: false,
      refund: { state: 'processed', providerRefundId: recorded[0]!.refund_id },
    });
    // Asked again once done: nothing changes, no second job, no second credit note.
    expect((await requestOrderRefund(deps(), admin, orderId)).asked).toBe(0);
    expect(await jobsOf(orderId)).toHaveLength(1);
    expect(await creditNotesOf(orderId)).toBe(1);
  });

  it('a refund the provider fails stays owed; asking again is a new attempt that pays once', async () => {
    const { orderId, payment } = await cancelledPaidOrder();
    await failNextSandboxRefund(db(), payment.provider_payment_id!);
    await requestOrderRefund(deps(), admin, orderId);
    const [job] = await jobsOf(orderId);
    expect(await processRefund(db(), { provider, job: job! })).toMatchObject({ state: 'failed' });
    expect(await viewOf(orderId)).toMatchObject({
      refundDue: true,
      refund: { state: 'failed', amount: payment.amount },
    });

    expect((await requestOrderRefund(deps(), admin, orderId)).asked).toBe(1);
    const jobs = await jobsOf(orderId);
    expect(jobs.map((j) => j.attempt)).toEqual([1, 2]);
    // The first attempt's job, run late, does not ask again.
    expect(await processRefund(db(), { provider, job: jobs[0]! })).toMatchObject({
      state: 'processing',
    });
    expect(await processRefund(db(), { provider, job: jobs[1]! })).toMatchObject({
      state: 'processed',
    });
    const recorded = await sandboxRefundsOf(payment.provider_payment_id!);
    expect(recorded.map((r) => r.status)).toEqual(['failed', 'processed']);
    expect(await viewOf(orderId)).toMatchObject({
      refundDue: false,
      refund: { state: 'processed' },
    });
    expect(await creditNotesOf(orderId)).toBe(1);
  });

  it('a provider that cannot be reached leaves the refund processing, for the job to run again', async () => {
    const { orderId } = await cancelledPaidOrder();
    await requestOrderRefund(deps(), admin, orderId);
    const [job] = await jobsOf(orderId);
    const down: PaymentProvider = {
      ...provider,
      refund: async () => {
        throw new ProviderUnavailable('Razorpay refund not asked: fetch failed');
      },
    };
    const error = await processRefund(db(), { provider: down, job: job! }).catch((e: unknown) => e);
    // The worker defers such a job without spending an attempt (outageDeferralMs).
    expect(isUnavailable(error)).toBe(true);
    expect(await viewOf(orderId)).toMatchObject({
      refundDue: false,
      refund: { state: 'processing' },
    });
    expect(await processRefund(db(), { provider, job: job! })).toMatchObject({
      state: 'processed',
    });
  });

  /** A Razorpay-like provider whose refunds are accepted pending and settle as `later` says. */
  const slowProvider = (later: { state: 'processed' | 'failed' }) => {
    let made = 0;
    const slow: PaymentProvider = {
      ...provider,
      refund: async (request) => ({
        id: `rfnd_slow_${request.idempotencyKey}_${++made}`,
        status: 'processing',
        failure: null,
      }),
      fetchRefund: async (_p, id) => ({
        id,
        status: later.state,
        failure: later.state === 'failed' ? 'Bank account closed' : null,
      }),
    };
    return slow;
  };
  const refundRowOf = (orderId: string) =>
    db()
      .selectFrom('refunds')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();

  it('a refund the provider accepted and later failed is asked for again, never twice', async () => {
    const { orderId } = await cancelledPaidOrder();
    await requestOrderRefund(deps(), admin, orderId);
    const [job] = await jobsOf(orderId);
    const later = { state: 'failed' as 'processed' | 'failed' };
    const slow = slowProvider(later);
    const accepted = await processRefund(db(), { provider: slow, job: job! });
    expect(accepted).toMatchObject({
      state: 'processing',
      providerRefundId: expect.stringMatching(/^rfnd_slow_/),
    });
    // Recorded: a re-run does not ask again.
    expect(await processRefund(db(), { provider, job: job! })).toMatchObject({
      state: 'processing',
    });
    expect(await viewOf(orderId)).toMatchObject({ refundDue: false });

    // The reconciliation reads it failed: owed again, and a new attempt queued, once for two runs.
    const at = new Date('2026-12-07T10:00:00+05:30');
    const [report, twin] = await Promise.all([
      settleProcessingRefunds(db(), slow, { clock: () => at }),
      settleProcessingRefunds(db(), slow, { clock: () => at }),
    ]);
    const asked = [...report.askedAgain, ...twin.askedAgain];
    expect(asked).toEqual([{ refundId: accepted.refundId, attempt: 2, as: 'queued' }]);
    const row = await refundRowOf(orderId);
    expect(row).toMatchObject({
      state: 'processing',
      attempt: 2,
      tries: 1,
      provider_refund_id: null,
    });
    expect(row.failure).toMatch(/rfnd_slow_.*failed after it was accepted: Bank account closed/);
    expect(row.updated_at).toEqual(at);
    expect(await viewOf(orderId)).toMatchObject({ refundDue: true });
    const jobs = await jobsOf(orderId);
    expect(jobs.map((j) => j.attempt)).toEqual([1, 2]);

    // The old attempt's job run again changes nothing; the new one asks under a fresh key.
    expect(await processRefund(db(), { provider, job: jobs[0]! })).toMatchObject({
      state: 'processing',
    });
    expect(await processRefund(db(), { provider, job: jobs[1]! })).toMatchObject({
      state: 'processed',
    });
    expect(await viewOf(orderId)).toMatchObject({
      refundDue: false,
      refund: { state: 'processed' },
    });
    const payment = await db()
      .selectFrom('payments')
      .select('provider_payment_id')
      .where('id', '=', row.payment_id)
      .executeTakeFirstOrThrow();
    expect(await sandboxRefundsOf(payment.provider_payment_id!)).toHaveLength(1);
    // Settled: the next run has nothing to ask about.
    expect((await settleProcessingRefunds(db(), slow)).askedAgain).toEqual([]);
  });

  it('a refund that fails after acceptance at every attempt is dead-lettered; its Retry asks again', async () => {
    const { orderId } = await cancelledPaidOrder();
    await requestOrderRefund(deps(), admin, orderId);
    const slow = slowProvider({ state: 'failed' });
    for (let attempt = 1; attempt <= 5; attempt++) {
      const job = (await jobsOf(orderId)).at(-1)!;
      expect(job.attempt).toBe(attempt);
      expect(await processRefund(db(), { provider: slow, job })).toMatchObject({
        state: 'processing',
      });
      const report = await settleProcessingRefunds(db(), slow);
      expect(report.askedAgain.filter((a) => a.refundId === job.refundId)).toEqual([
        {
          refundId: job.refundId,
          attempt: attempt + 1,
          as: attempt < 5 ? 'queued' : 'dead-lettered',
        },
      ]);
    }
    expect(await refundRowOf(orderId)).toMatchObject({ state: 'failed', attempt: 6 });
    expect(await viewOf(orderId)).toMatchObject({ refundDue: true, refund: { state: 'failed' } });
    const letter = await db()
      .selectFrom('dead_letters')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(letter).toMatchObject({ queue: 'refunds', attempts: 5, resolution: null });
    // Not sent: the relay finds the job's row finished; the Retry sends it again.
    const last = (await jobsOf(orderId)).at(-1)!;
    const outbox = await db()
      .selectFrom('outbox')
      .select(['finished_at', 'outcome'])
      .where('id', '=', last.outboxId)
      .executeTakeFirstOrThrow();
    expect(outbox.finished_at).not.toBeNull();
    expect(outbox.outcome).toMatchObject({ kind: 'fault' });
    expect(letter.payload).toMatchObject({
      refundId: last.refundId,
      attempt: 6,
      outboxId: last.outboxId,
    });
    expect(await processRefund(db(), { provider, job: last })).toMatchObject({
      state: 'processed',
    });
    expect(await viewOf(orderId)).toMatchObject({ refundDue: false });
  });

  it('refundPayment refuses more than the payment has left, and an order owing nothing is a 409', async () => {
    const { orderId, payment } = await cancelledPaidOrder();
    await expectRefusal(
      db()
        .transaction()
        .execute((trx) =>
          refundPayment(trx, {
            paymentId: payment.id,
            amount: payment.amount + 1,
            reason: 'CANCELLED_BY_SHOP',
            purpose: 'return-test',
            requestedBy: admin.id,
          }),
        ),
      'CONFLICT',
      /left to refund/,
    );
    const user = await newCustomer(db());
    const placed = await paidOrder(db(), user, [line(await stockedSize(db(), 5))]);
    await expectRefusal(requestOrderRefund(deps(), admin, placed._id), 'CONFLICT', /no refund due/);
    expect(await jobsOf(orderId)).toHaveLength(0);
  });
});
