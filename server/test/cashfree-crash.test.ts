// A Cashfree payment confirmed by a worker that is SIGKILLed after applying it and before
// acknowledging the job: a restarted worker re-runs it, and nothing is applied twice.
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, QUEUES, type OrderView } from '@kanak/core';
import {
  httpClient,
  startTestServer,
  startTestSmtp,
  type TestServer,
  type TestSmtp,
} from '@kanak/testkit';
import {
  ADDRESS,
  eventually,
  fillCart,
  newCustomer,
  orderStatus,
  paymentJobId,
  pickSizes,
  placedEvents,
  startWorkerProcess,
  type WorkerFaults,
  type WorkerProcess,
} from './pipeline-support';
import { startFakeCashfree, type FakeCashfree } from './cashfree-fake';

const CF = { id: 'cf_test_crash', secret: 'cf-client-secret-crash' };
// Short locks so the killed worker's job is seen as stalled within seconds; a mail lease long
// enough for one SMTP conversation on a loaded machine (see worker/test/notifications.test.ts).
const FAST = {
  WORKER_LOCK_DURATION_MS: '1500',
  WORKER_STALLED_INTERVAL_MS: '500',
  MAIL_SEND_LEASE_MS: '10000',
  MAIL_POLL_MS: '200',
};

describe('a Cashfree payment and a worker SIGKILLed mid-confirmation', () => {
  let cf: FakeCashfree;
  let smtp: TestSmtp;
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  let confirmations: Queue;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    cf = await startFakeCashfree(CF.id, CF.secret);
    smtp = await startTestSmtp();
    server = await startTestServer({
      PAYMENT_PROVIDERS: 'cashfree',
      CASHFREE_CLIENT_ID: CF.id,
      CASHFREE_CLIENT_SECRET: CF.secret,
      CASHFREE_API_URL: cf.url,
    });
    http = httpClient(server.baseUrl);
    confirmations = new Queue(QUEUES.paymentConfirmations, {
      connection: createRedis(server.config.REDIS_URL),
      prefix: server.config.QUEUE_PREFIX,
    });
  });
  afterAll(async () => {
    for (const w of workers) await w.stop('SIGKILL');
    await confirmations?.close();
    await server?.close();
    await smtp?.close();
    await cf?.close();
  });

  const db = () => server.database.db;
  const start = async (env: Record<string, string>, faults?: WorkerFaults) => {
    const worker = await startWorkerProcess(server, { ...FAST, ...env }, { faults });
    workers.push(worker);
    return worker;
  };

  it('places the order once (one payment, one invoice, stock taken once, one placed mail), return or webhook first', async () => {
    let offset = 60;
    for (const first of ['return', 'webhook'] as const) {
      // No mail server here: the placed mail waits for the worker that comes back.
      const doomed = await start(
        {},
        { holdAck: { queues: [QUEUES.paymentConfirmations], until: 'kill' } },
      );
      const [size] = await pickSizes(db(), 1, offset++);
      const shopper = await newCustomer(server, `Crash${first}`);
      await fillCart(db(), shopper.id, [
        { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
      ]);
      const order = (await http.post<OrderView>('/api/orders/', ADDRESS, { token: shopper.token }))
        .body;
      const link = await http.post<{ payment_link_url: string; payment_link_id: string }>(
        `/api/payment/${order._id}`,
        undefined,
        { token: shopper.token },
      );
      expect(link.body.payment_link_url).toBe(`${cf.url}/cf/${link.body.payment_link_id}`);
      const linkId = link.body.payment_link_id;
      const paymentId = cf.pay(linkId);
      // The shopper's return, with the parameters Cashfree's return URL carries.
      const back = new URL(cf.links.get(linkId)!.link_meta.return_url!);
      const returnPath = `/api/payment?payment_id=${back.searchParams.get('razorpay_payment_id')}&order_id=${order._id}&razorpay_payment_link_id=${back.searchParams.get('razorpay_payment_link_id')}`;
      const arrive = {
        return: () => http.get<{ status: string }>(returnPath, { token: shopper.token }),
        webhook: () => {
          const { body, headers } = cf.webhook(linkId, paymentId);
          return http.post<{ status: string }>('/api/payment/webhook/cashfree', body, { headers });
        },
      };
      const second = first === 'return' ? 'webhook' : 'return';

      // The first arrival's job is applied, then held unacknowledged; the second comes meanwhile.
      const firstAnswer = arrive[first]();
      await doomed.waitFor(/fault point: holding one payment-confirmations job/, 60_000);
      expect(await orderStatus(db(), order._id)).toBe('PLACED');
      // A Cashfree return names the link for the payment: its job is keyed by the link id.
      const heldJob = await paymentJobId(db(), order._id, first === 'return' ? linkId : paymentId);
      expect(await confirmations.getJobState(heldJob)).toBe('active');
      const secondAnswer = arrive[second]();
      expect(await doomed.stop('SIGKILL')).toBeNull();

      // Back with a mail server: the stalled job runs again, and nothing is applied twice.
      await start({ SMTP_URL: smtp.url });
      const answers = await Promise.all([firstAnswer, secondAnswer]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      await eventually(async () => (await confirmations.getJobState(heldJob)) === 'completed');
      await eventually(async () => {
        const jobs = await db()
          .selectFrom('outbox')
          .select('finished_at')
          .where('job_key', 'like', `pay-${order._id}-%`)
          .execute();
        return jobs.length > 0 && jobs.every((j) => j.finished_at);
      });
      const again = await arrive.return();
      expect(again.body.status).toBe('PAID');
      await eventually(async () => {
        const mail = await db()
          .selectFrom('notifications')
          .select('status')
          .where('order_id', '=', order._id)
          .where('kind', '=', 'order-placed')
          .executeTakeFirst();
        return mail?.status === 'sent';
      });

      expect(await orderStatus(db(), order._id)).toBe('PLACED');
      expect(await placedEvents(db(), order._id)).toHaveLength(1);
      expect(
        await db()
          .selectFrom('payments')
          .select(['provider', 'status', 'provider_payment_id'])
          .where('order_id', '=', order._id)
          .execute(),
      ).toEqual([{ provider: 'cashfree', status: 'PAID', provider_payment_id: paymentId }]);
      expect(
        await db()
          .selectFrom('invoices')
          .select('kind')
          .where('order_id', '=', order._id)
          .execute(),
      ).toEqual([{ kind: 'INVOICE' }]);
      const stock = await db()
        .selectFrom('product_sizes')
        .select('stock')
        .where('id', '=', size!.sizeId)
        .executeTakeFirstOrThrow();
      expect(stock.stock).toBe(size!.stock - 1);
      expect(
        await db()
          .selectFrom('notifications')
          .select('kind')
          .where('order_id', '=', order._id)
          .execute(),
      ).toEqual([{ kind: 'order-placed' }]);
      const placedMails = smtp.mails.filter(
        (m) => m.to === shopper.email && m.key.includes('order-placed'),
      );
      expect(placedMails).toHaveLength(1);
      expect(await db().selectFrom('dead_letters').selectAll().execute()).toEqual([]);

      for (const w of workers.splice(0)) await w.stop('SIGKILL');
    }
  }, 240_000);
});
