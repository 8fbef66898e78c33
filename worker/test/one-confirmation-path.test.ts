// Orders' payments and savings schemes' instalments confirm along one path: the worker's
// confirmations processor hands every job, either kind, to one batcher, and a batch carrying
// both applies each once (an order placed, an instalment paid), a repeat joining its first outcome.
import { UnrecoverableError, type Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enrol,
  instalmentJobKey,
  JOBS,
  paymentJobKey,
  QUEUES,
  writeOutbox,
  type OutboxRef,
} from '@kanak/core';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import {
  line,
  newCustomer,
  ORIGINS,
  payable,
  placeOrder,
  sandbox,
  stockedSize,
  stockOf,
} from '../../packages/core/test/support';
import { buildProcessors, type Processor } from '../src/processors';

describe('one confirmation path for orders and instalments', () => {
  let database: TestDatabase;
  const db = () => database.db;
  let confirm: Processor;

  beforeAll(async () => {
    database = await createTestDatabase();
    const processors = buildProcessors(db(), {
      source: sandbox,
      reconcileAfterMs: 0,
      unpaidOrderTtlMs: 3_600_000,
      log: () => {},
      stockMoved: async () => {},
      announce: async () => {},
      // One batch at a time: jobs that arrive while one runs go together in the next.
      confirmBatch: { size: 25, running: 1 },
    });
    confirm = processors[QUEUES.paymentConfirmations];
  });
  afterAll(() => database.drop());

  /** The shopper enrolled in the first open plan, its first instalment's link open. */
  const enrolInFirstPlan = async (shopper: Awaited<ReturnType<typeof newCustomer>>) => {
    const plan = await db()
      .selectFrom('scheme_plans')
      .select('id')
      .where('paused', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return enrol({ db: db(), provider: sandbox, origins: ORIGINS }, shopper, {
      planId: plan.id,
      instalment: 1000,
    });
  };
  const job = (data: object, ref: OutboxRef) => ({ data: { ...data, ...ref } }) as Job;
  const outcomeOf = async (ref: OutboxRef) =>
    (
      await db()
        .selectFrom('outbox')
        .select('outcome')
        .where('id', '=', ref.outboxId)
        .executeTakeFirstOrThrow()
    ).outcome;

  it('applies an order and an instalment in one batch, each once, and a repeat joins the first', async () => {
    const shopper = await newCustomer(db(), 'both');
    // An order waiting for its payment, and one to keep the first batch busy.
    const size = await stockedSize(db(), 5);
    const order = await placeOrder(db(), shopper, [line(size, 2)]);
    const { paid: orderPaid } = await payable(db(), shopper, order._id);
    // Another shopper's: a cart holds lines until its order is paid.
    const neighbour = await newCustomer(db(), 'neighbour');
    const other = await placeOrder(db(), neighbour, [line(await stockedSize(db(), 5))]);
    const { paid: otherPaid } = await payable(db(), neighbour, other._id);
    const enrolment = await enrolInFirstPlan(shopper);
    const link = await db()
      .selectFrom('scheme_payments')
      .select('payment_link_id')
      .where('enrolment_id', '=', enrolment.id)
      .executeTakeFirstOrThrow();
    const instalmentPaid = sandbox.paymentIdFor(link.payment_link_id, 'paid');

    // Each as the return writes it to the outbox (the webhook's write joins the same row).
    const orderJob = { orderId: order._id, paymentId: orderPaid, source: 'return' } as const;
    const orderRef = await writeOutbox(db(), {
      job: JOBS.paymentConfirmation,
      jobKey: paymentJobKey(order._id, orderPaid),
      payload: orderJob,
    });
    const instalmentJob = {
      kind: 'scheme',
      enrolmentId: enrolment.id,
      paymentId: instalmentPaid,
      source: 'return',
    } as const;
    const instalmentRef = await writeOutbox(db(), {
      job: JOBS.instalmentConfirmation,
      jobKey: instalmentJobKey(enrolment.id, instalmentPaid),
      payload: instalmentJob,
    });
    const otherJob = { orderId: other._id, paymentId: otherPaid, source: 'return' } as const;
    const otherRef = await writeOutbox(db(), {
      job: JOBS.paymentConfirmation,
      jobKey: paymentJobKey(other._id, otherPaid),
      payload: otherJob,
    });

    // The first job runs alone; the four that arrive meanwhile go together as one batch: the
    // order and the instalment, each with its repeat (the webhook's, in the same batch).
    const [first, ...together] = await Promise.all([
      confirm(job(otherJob, otherRef)),
      confirm(job(orderJob, orderRef)),
      confirm(job(instalmentJob, instalmentRef)),
      confirm(job({ ...orderJob, source: 'webhook' }, orderRef)),
      confirm(job({ ...instalmentJob, source: 'webhook' }, instalmentRef)),
    ]);
    expect(first).toMatchObject({ result: 'PAID', orderId: other._id, orderStatus: 'PLACED' });
    const placed = { result: 'PAID', orderId: order._id, orderStatus: 'PLACED', note: null };
    const paidFirst = { result: 'PAID', enrolmentId: enrolment.id, n: 1, note: null };
    expect(together).toEqual([placed, paidFirst, placed, paidFirst]);

    // A re-run of each later (a job sent again after a crash) finds the recorded payment.
    expect(await confirm(job({ ...instalmentJob, source: 'reconcile' }, instalmentRef))).toEqual(
      paidFirst,
    );
    expect(await confirm(job({ ...orderJob, source: 'reconcile' }, orderRef))).toEqual(placed);

    // Each applied once: one payment row, one placement, the stock taken once.
    const orderPayments = await db()
      .selectFrom('payments')
      .select(['status', 'provider_payment_id'])
      .where('order_id', '=', order._id)
      .execute();
    expect(orderPayments).toEqual([{ status: 'PAID', provider_payment_id: orderPaid }]);
    const placements = await db()
      .selectFrom('order_events')
      .select('id')
      .where('order_id', '=', order._id)
      .where('to_status', '=', 'PLACED')
      .execute();
    expect(placements).toHaveLength(1);
    expect(await stockOf(db(), size.id)).toBe(3);
    // One instalment paid, one receipt, and the enrolment started by it.
    const instalments = await db()
      .selectFrom('scheme_payments')
      .select(['n', 'status', 'provider_payment_id'])
      .where('enrolment_id', '=', enrolment.id)
      .where('provider_payment_id', 'is not', null)
      .execute();
    expect(instalments).toEqual([{ n: 1, status: 'PAID', provider_payment_id: instalmentPaid }]);
    const receipts = await db()
      .selectFrom('notifications')
      .select('id')
      .where('kind', '=', 'scheme-receipt')
      .where('recipient', '=', shopper.email)
      .execute();
    expect(receipts).toHaveLength(1);
    const state = await db()
      .selectFrom('scheme_enrolments')
      .select('state')
      .where('id', '=', enrolment.id)
      .executeTakeFirstOrThrow();
    expect(state.state).toBe('ACTIVE');

    // Whoever waits on each outbox row reads its outcome there, as before.
    expect(await outcomeOf(orderRef)).toEqual({ kind: 'done', value: placed, settled: true });
    expect(await outcomeOf(instalmentRef)).toEqual({
      kind: 'done',
      value: paidFirst,
      settled: true,
    });
  });
  it("answers each job of a mixed batch on its own: an instalment's refusal leaves the order placed", async () => {
    const shopper = await newCustomer(db(), 'mixed');
    const blocker = await newCustomer(db(), 'blocker');
    const order = await placeOrder(db(), shopper, [line(await stockedSize(db(), 5))]);
    const { paid } = await payable(db(), shopper, order._id);
    const first = await placeOrder(db(), blocker, [line(await stockedSize(db(), 5))]);
    const { paid: firstPaid } = await payable(db(), blocker, first._id);
    const enrolment = await enrolInFirstPlan(shopper);
    // A payment id the provider never made: refused, whoever sends it.
    const unknown = {
      kind: 'scheme',
      enrolmentId: enrolment.id,
      paymentId: 'pay_never_made',
      source: 'return',
    } as const;
    const unknownRef = await writeOutbox(db(), {
      job: JOBS.instalmentConfirmation,
      jobKey: instalmentJobKey(enrolment.id, unknown.paymentId),
      payload: unknown,
    });
    const orderJob = { orderId: order._id, paymentId: paid, source: 'webhook' } as const;
    const orderRef = await writeOutbox(db(), {
      job: JOBS.paymentConfirmation,
      jobKey: paymentJobKey(order._id, paid),
      payload: orderJob,
    });
    const firstJob = { orderId: first._id, paymentId: firstPaid, source: 'return' } as const;
    const firstRef = await writeOutbox(db(), {
      job: JOBS.paymentConfirmation,
      jobKey: paymentJobKey(first._id, firstPaid),
      payload: firstJob,
    });

    const [, refused, placed] = await Promise.allSettled([
      confirm(job(firstJob, firstRef)),
      confirm(job(unknown, unknownRef)),
      confirm(job(orderJob, orderRef)),
    ]);
    expect(refused.status).toBe('rejected');
    // Refused for good (never retried), and the refusal kept where the return waits on it.
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(UnrecoverableError);
    expect(await outcomeOf(unknownRef)).toEqual({
      kind: 'refused',
      error: 'BAD_REQUEST',
      message: 'Payment pay_never_made is not known to the payment provider',
    });
    expect(placed).toEqual({
      status: 'fulfilled',
      value: { result: 'PAID', orderId: order._id, orderStatus: 'PLACED', note: null },
    });
  });
});
