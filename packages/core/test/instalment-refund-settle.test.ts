// An instalment refund the provider accepted pending is settled by the reconciliation run, as an
// order's refund is: processed is recorded paid; failed after acceptance is owed again and the
// owner's Refund asks anew under a fresh key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSandboxProvider,
  instalmentsOwedBack,
  processInstalmentRefund,
  refundInstalment,
  sandboxRefundStore,
  settleProcessingRefunds,
  type AuthUser,
  type InstalmentRefundJob,
  type OutboxDeps,
  type PaymentProvider,
} from '@kanak/core';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import { insertEnrolment, newCustomer, seededUser } from './support';

describe('instalment refunds the provider accepted pending', () => {
  let database: TestDatabase;
  let admin: AuthUser;
  let provider: PaymentProvider;
  const db = () => database.db;
  // No relay: the test runs the queued jobs itself, as the worker would.
  const deps = (): OutboxDeps => ({
    db: db(),
    relay: { wake: () => undefined, connected: () => false },
    waitMs: 0,
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await seededUser(db(), 'admin');
    provider = createSandboxProvider(
      'core-tests-sandbox-secret',
      sandboxRefundStore(db(), 'core-tests-sandbox-secret'),
    );
  });
  afterAll(() => database.drop());

  /** An instalment paid twice: its second payment recorded as owed back. */
  async function owedInstalment(tag: string) {
    const user = await newCustomer(db(), tag);
    const { id: enrolmentId } = await insertEnrolment(db(), user.id, {
      holderName: 'Test Holder',
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
    return owed.id;
  }

  /** The latest instalment-refund job queued, as the relay would send it. */
  const lastJob = async (): Promise<InstalmentRefundJob> => {
    const row = await db()
      .selectFrom('outbox')
      .select(['id', 'generation', 'payload'])
      .where('queue', '=', 'refunds')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return {
      ...(row.payload as InstalmentRefundJob),
      outboxId: row.id,
      generation: row.generation,
    };
  };

  /** The idempotency key of each refund asked of the provider, in order. */
  const keys: string[] = [];
  /** A Razorpay-like provider: refunds accepted pending, settling as `later` says. */
  const slowProvider = (later: { state: 'processed' | 'failed' }): PaymentProvider => {
    return {
      ...provider,
      refund: async (request) => {
        keys.push(request.idempotencyKey);
        return { id: `rfnd_slow_${request.idempotencyKey}`, status: 'processing', failure: null };
      },
      fetchRefund: async (_p, id) => ({
        id,
        status: later.state,
        failure: later.state === 'failed' ? 'Bank account closed' : null,
      }),
    };
  };
  const refundRow = (schemePaymentId: string) =>
    db()
      .selectFrom('instalment_refunds')
      .selectAll()
      .where('scheme_payment_id', '=', schemePaymentId)
      .executeTakeFirstOrThrow();
  const stillOwed = async (schemePaymentId: string) =>
    (await instalmentsOwedBack(db(), { unpaidOnly: true })).some(
      (i) => i.schemePaymentId === schemePaymentId,
    );

  it('accepted pending, then processed: the run records it paid, once for two runs', async () => {
    const id = await owedInstalment('inst-settle-ok');
    const later = { state: 'processed' as const };
    const slow = slowProvider(later);
    await refundInstalment(deps(), admin, id);
    await processInstalmentRefund(db(), { provider: slow, job: await lastJob() });
    expect(await refundRow(id)).toMatchObject({ state: 'processing', processed_at: null });
    expect(await stillOwed(id)).toBe(false);

    const at = new Date('2026-12-07T10:00:00+05:30');
    const [a, b] = await Promise.all([
      settleProcessingRefunds(db(), slow, { clock: () => at }),
      settleProcessingRefunds(db(), slow, { clock: () => at }),
    ]);
    const row = await refundRow(id);
    expect([...a.instalments, ...b.instalments]).toEqual([
      { instalmentRefundId: row.id, state: 'processed' },
    ]);
    expect(row).toMatchObject({ state: 'processed', processed_at: at, failure: null });
    expect((await settleProcessingRefunds(db(), slow)).instalments).toEqual([]);
  });

  it('accepted pending, then failed: owed again, and the owner’s Refund asks anew under a fresh key', async () => {
    const id = await owedInstalment('inst-settle-failed');
    const later = { state: 'failed' as 'processed' | 'failed' };
    const slow = slowProvider(later);
    await refundInstalment(deps(), admin, id);
    await processInstalmentRefund(db(), { provider: slow, job: await lastJob() });
    const accepted = await refundRow(id);

    const report = await settleProcessingRefunds(db(), slow);
    expect(report.instalments).toEqual([{ instalmentRefundId: accepted.id, state: 'failed' }]);
    const failed = await refundRow(id);
    expect(failed.state).toBe('failed');
    expect(failed.failure).toMatch(/failed after it was accepted: Bank account closed/);
    expect(await stillOwed(id)).toBe(true);

    later.state = 'processed';
    expect(await refundInstalment(deps(), admin, id)).toMatchObject({ state: 'processing' });
    await processInstalmentRefund(db(), { provider: slow, job: await lastJob() });
    const again = await refundRow(id);
    expect(again.tries).toBe(accepted.tries + 1);
    // Asked anew under a fresh key (the provider would answer the old key with the failed refund).
    expect(again.provider_refund_id).not.toBe(accepted.provider_refund_id);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(keys.length);
    await settleProcessingRefunds(db(), slow);
    expect(await refundRow(id)).toMatchObject({ state: 'processed' });
    expect(await stillOwed(id)).toBe(false);
  });
});
