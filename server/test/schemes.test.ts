// Savings schemes: plans, enrolment and instalments paid through the orders' durable
// confirmation path (outbox, worker, exactly once, reconciliation), against the Razorpay fake.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instalmentJobKey, QUEUES } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import type { SchemeEnrolment } from '@kanak/shared';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';
import {
  eventually,
  login,
  newCustomer,
  startWorkerProcess,
  type WorkerProcess,
} from './pipeline-support';
import { startFakeRazorpay, type FakeRazorpay } from './razorpay-fake';

const KEY_ID = 'rzp_test_fakekey';
const KEY_SECRET = 'fake-key-secret-123';
const WEBHOOK_SECRET = 'fake-webhook-secret-456';
const sign = (data: string) => createHmac('sha256', WEBHOOK_SECRET).update(data).digest('hex');

const PLAN = {
  name: 'Test Nidhi',
  minInstalment: 2000,
  step: 1000,
  instalments: 10,
  bonusPercent: 50,
  graceDays: 5,
  missedRule: 'SHRINK_BONUS',
  bonusCutPercent: 20,
  redeemWithinDays: 30,
  terms: 'Ten monthly instalments; half of one as a bonus; jewellery only, never cash.',
};

describe('savings schemes over REST, confirmed by a real worker', () => {
  let fake: FakeRazorpay;
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  let admin: string;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    fake = await startFakeRazorpay(KEY_ID, KEY_SECRET);
    server = await startTestServer({
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_API_URL: fake.url,
      ORDER_WAIT_MS: 10_000,
    });
    http = httpClient(server.baseUrl);
    admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
  });
  afterAll(async () => {
    for (const w of workers) await w.stop('SIGKILL');
    await server?.close();
    await fake?.close();
  });

  const db = () => server.database.db;
  const webhookFor = (linkId: string, enrolmentId: string, paymentId: string, amount: number) =>
    JSON.stringify({
      entity: 'event',
      event: 'payment_link.paid',
      payload: {
        payment_link: { entity: { id: linkId, reference_id: enrolmentId, status: 'paid' } },
        payment: { entity: { id: paymentId, amount: amount * 100, status: 'captured' } },
      },
    });
  const postWebhook = (body: string) =>
    http.post<{ status: string }>('/api/payment/webhook', body, {
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': sign(body) },
    });

  it('plans: the admin creates, edits and pauses; the public list shows open plans in rupees', async () => {
    const seeded = await http.get<{ name: string; instalments: number }[]>('/api/schemes/plans');
    expect(seeded.status).toBe(200);
    expect(seeded.body.some((p) => p.instalments === 10)).toBe(true);

    expect((await http.post('/api/admin/schemes/plans', PLAN)).status).toBe(401);
    const customer = await newCustomer(server, 'Planner');
    expect(
      (await http.post('/api/admin/schemes/plans', PLAN, { token: customer.token })).status,
    ).toBe(403);
    // Over 365 days in all is refused with the reason.
    const tooLong = await http.post<{ message: string }>(
      '/api/admin/schemes/plans',
      { ...PLAN, instalments: 11, redeemWithinDays: 60 },
      { token: admin },
    );
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain('365');

    const created = await http.post<{ id: number; paused: boolean }>(
      '/api/admin/schemes/plans',
      PLAN,
      { token: admin },
    );
    expect(created.status).toBe(201);
    const open =
      await http.get<{ id: number; minInstalment: number; bonusPercent: number }[]>(
        '/api/schemes/plans',
      );
    expect(open.body.find((p) => p.id === created.body.id)).toMatchObject({
      minInstalment: 2000,
      bonusPercent: 50,
      graceDays: 5,
      redeemWithinDays: 30,
      instalments: 10,
      step: 1000,
    });
    const paused = await http.put<{ paused: boolean }>(
      `/api/admin/schemes/plans/${created.body.id}`,
      { ...PLAN, name: 'Paused Nidhi', paused: true },
      { token: admin },
    );
    expect(paused.status).toBe(200);
    expect(paused.body.paused).toBe(true);
    const after = await http.get<{ id: number }[]>('/api/schemes/plans');
    expect(after.body.some((p) => p.id === created.body.id)).toBe(false);
    const refused = await http.post<{ message: string }>(
      '/api/schemes/enrolments',
      { planId: created.body.id, instalment: 2000 },
      { token: customer.token },
    );
    expect(refused.status).toBe(409);
    expect((await http.put(`/api/admin/schemes/plans/99999`, PLAN, { token: admin })).status).toBe(
      404,
    );
  });

  async function enrolled(name: string, instalment = 3000) {
    const plan = await http.post<{ id: number }>('/api/admin/schemes/plans', PLAN, {
      token: admin,
    });
    const shopper = await newCustomer(server, name);
    const bad = await http.post<{ message: string }>(
      '/api/schemes/enrolments',
      { planId: plan.body.id, instalment: 2500 },
      { token: shopper.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('steps of ₹1,000');
    expect(
      (await http.post('/api/schemes/enrolments', { planId: plan.body.id, instalment })).status,
    ).toBe(401);
    const res = await http.post<{ id: string; paymentUrl: string }>(
      '/api/schemes/enrolments',
      { planId: plan.body.id, instalment, nominee: 'Asha' },
      { token: shopper.token },
    );
    expect(res.status).toBe(201);
    const linkId = res.body.paymentUrl.split('/').pop()!;
    expect(fake.links.get(linkId)!.amount).toBe(instalment * 100);
    return { shopper, enrolmentId: res.body.id, linkId, planId: plan.body.id };
  }

  const paidRows = (enrolmentId: string) =>
    db()
      .selectFrom('scheme_payments')
      .select(['n', 'status', 'provider_payment_id'])
      .where('enrolment_id', '=', enrolmentId)
      .where('status', '=', 'PAID')
      .execute();

  it('limits enrolments: 3 open per plan per account under 40 at once, and 10 a day', async () => {
    const newPlan = async () =>
      (await http.post<{ id: number }>('/api/admin/schemes/plans', PLAN, { token: admin })).body.id;
    const shopper = await newCustomer(server, 'Eager');
    const enrolIn = (planId: number) =>
      http.post<{ message: string }>(
        '/api/schemes/enrolments',
        { planId, instalment: 2000 },
        { token: shopper.token },
      );
    const linksBefore = fake.links.size;
    const first = await newPlan();
    const burst = await Promise.all(Array.from({ length: 40 }, () => enrolIn(first)));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = burst.filter((r) => r.status !== 201);
    expect(new Set(refused.map((r) => r.status))).toEqual(new Set([409]));
    expect(refused[0]!.body.message).toMatch(/3 open enrolments in this plan/);
    expect(fake.links.size - linksBefore).toBe(3);
    // Other plans: 3 + 3 + 3 + 1 = 10 in a day, then the eleventh is refused.
    for (const planId of [await newPlan(), await newPlan(), await newPlan()])
      for (let i = 0; i < 3; i++) {
        const res = await enrolIn(planId);
        if (fake.links.size - linksBefore < 10) expect(res.status).toBe(201);
      }
    const last = await newPlan();
    const eleventh = await enrolIn(last);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toMatch(/at most 10 scheme enrolments a day/);
    expect(fake.links.size - linksBefore).toBe(10);
  });

  it('a PAN is asked past ₹2,00,000 in all, as at checkout', async () => {
    const plan = await http.post<{ id: number }>('/api/admin/schemes/plans', PLAN, {
      token: admin,
    });
    const shopper = await newCustomer(server, 'Big');
    const noPan = await http.post<{ message: string }>(
      '/api/schemes/enrolments',
      { planId: plan.body.id, instalment: 21000 },
      { token: shopper.token },
    );
    expect(noPan.status).toBe(400);
    expect(noPan.body.message).toContain('PAN');
    const withPan = await http.post(
      '/api/schemes/enrolments',
      { planId: plan.body.id, instalment: 21000, pan: 'abcde1234f' },
      { token: shopper.token },
    );
    expect(withPan.status).toBe(201);
  });

  // Worker processes start inside these two: 120 s, a ceiling only a hung start reaches.
  it('exactly once under a duplicate return, a webhook and a worker SIGKILL', async () => {
    const { shopper, enrolmentId, linkId } = await enrolled('Saver');
    const paymentId = fake.pay(linkId);
    const webhook = webhookFor(linkId, enrolmentId, paymentId, 3000);
    // A worker that applies and then dies before acknowledging the job.
    const doomed = await startWorkerProcess(
      server,
      { RECONCILE_EVERY_MS: '0' },
      { faults: { holdAck: { queues: [QUEUES.paymentConfirmations], until: 'kill' } } },
    );
    workers.push(doomed);
    expect((await postWebhook(webhook)).body.status).toBe('queued');
    const returnPath = `/api/schemes/enrolments/${enrolmentId}/payment?payment_id=${paymentId}&razorpay_payment_link_id=${linkId}`;
    const first = http.get<{ status: string }>(returnPath, { token: shopper.token });
    await eventually(async () => (await paidRows(enrolmentId)).length === 1);
    expect(await doomed.stop('SIGKILL')).toBeNull();
    const survivor = await startWorkerProcess(server, { RECONCILE_EVERY_MS: '0' });
    workers.push(survivor);
    await first;
    // The same return again, and the webhook again: nothing more is applied.
    const again = await http.get<{ status: string; enrolment: SchemeEnrolment }>(returnPath, {
      token: shopper.token,
    });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('PAID');
    await postWebhook(webhook);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await paidRows(enrolmentId)).toEqual([
      { n: 1, status: 'PAID', provider_payment_id: paymentId },
    ]);
    const all = await db()
      .selectFrom('scheme_payments')
      .select('id')
      .where('enrolment_id', '=', enrolmentId)
      .execute();
    expect(all).toHaveLength(1);
    const outbox = await db()
      .selectFrom('outbox')
      .select('job_key')
      .where('job_key', '=', instalmentJobKey(enrolmentId, paymentId))
      .execute();
    expect(outbox).toHaveLength(1);

    const view = await http.get<SchemeEnrolment>(`/api/schemes/enrolments/${enrolmentId}`, {
      token: shopper.token,
    });
    expect(view.body).toMatchObject({
      id: enrolmentId,
      instalment: 3000,
      state: 'ACTIVE',
      balance: 3000,
      bonus: 1500,
      paid: [{ n: 1, amount: 3000, late: false }],
      due: { n: 2, overdue: false },
    });
    expect(view.body.maturesOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Another shopper sees nothing of it.
    const other = await newCustomer(server, 'Other');
    expect(
      (await http.get(`/api/schemes/enrolments/${enrolmentId}`, { token: other.token })).status,
    ).toBe(404);
    expect((await http.get(returnPath, { token: other.token })).status).toBe(404);
    const list = await http.get<SchemeEnrolment[]>('/api/schemes/enrolments', {
      token: shopper.token,
    });
    expect(list.body.map((e) => e.id)).toEqual([enrolmentId]);

    // The next instalment's link.
    const next = await http.post<{ paymentUrl: string; n: number }>(
      `/api/schemes/enrolments/${enrolmentId}/payment`,
      undefined,
      { token: shopper.token },
    );
    expect(next.status).toBe(200);
    expect(next.body.n).toBe(2);
  }, 120_000);

  it('a lost return and webhook: reconciliation finds the payment', async () => {
    const { enrolmentId, linkId } = await enrolled('Quiet');
    const paymentId = fake.pay(linkId);
    const reconciler = await startWorkerProcess(server, {
      RECONCILE_EVERY_MS: '500',
      RECONCILE_AFTER_MS: '0',
    });
    workers.push(reconciler);
    await eventually(async () => (await paidRows(enrolmentId)).length === 1, 20_000);
    expect(await paidRows(enrolmentId)).toEqual([
      { n: 1, status: 'PAID', provider_payment_id: paymentId },
    ]);
    const enrolment = await db()
      .selectFrom('scheme_enrolments')
      .select(['state', 'started_on'])
      .where('id', '=', enrolmentId)
      .executeTakeFirstOrThrow();
    expect(enrolment.state).toBe('ACTIVE');
    expect(enrolment.started_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await reconciler.stop();
  }, 120_000);
});
