import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '@kanak/db';
import type { OrderView } from '@kanak/core';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';
import {
  eventually,
  login,
  orderStatus,
  pickSizes,
  sandboxPaidOrder,
  startWorkerProcess,
  type WorkerFaults,
  type WorkerProcess,
} from './pipeline-support';

// Short locks so a killed worker's refund job is taken up again within a couple of seconds.
const FAST_RECOVERY = { WORKER_LOCK_DURATION_MS: '1500', WORKER_STALLED_INTERVAL_MS: '500' };

/**
 * POST /api/admin/orders/{id}/refund with a real worker process: a paid order
 * the shop cancelled is refunded through the sandbox once, under a double click and a worker
 * SIGKILLed after the provider answered and before the answer was recorded; one credit note.
 */
describe('refunding an order through the provider', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  let admin: string;
  const workers: WorkerProcess[] = [];
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer({ ORDER_WAIT_MS: 0 });
    http = httpClient(server.baseUrl);
    admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
  });
  afterAll(async () => {
    for (const w of workers) await w.stop('SIGKILL');
    await server?.close();
  });
  const start = async (env: Record<string, string>, faults?: WorkerFaults) => {
    const worker = await startWorkerProcess(server, env, { faults });
    workers.push(worker);
    return worker;
  };

  it('refunds once under a double click and a worker SIGKILL, with one credit note; 401/403', async () => {
    // Worker A holds between the provider's answer and its record: the kill lands there.
    const a = await start(FAST_RECOVERY, { holdRefundRecord: true });
    const [size] = await pickSizes(db(), 1, 3);
    const pay = await sandboxPaidOrder(server, size!, 1);
    await http.get(pay.returnPath, { token: pay.shopper.token });
    await eventually(async () => (await orderStatus(db(), pay.order._id)) === 'PLACED');
    const cancel = await http.put(`/api/admin/orders/${pay.order._id}/cancel`, undefined, {
      token: admin,
    });
    expect([200, 202]).toContain(cancel.status);
    await eventually(async () => (await orderStatus(db(), pay.order._id)) === 'CANCELLED');
    const path = `/api/admin/orders/${pay.order._id}/refund`;
    const owed = await http.get<OrderView>(`/api/orders/${pay.order._id}`, { token: admin });
    expect(owed.body).toMatchObject({
      refundDue: true,
      refund: { reason: 'CANCELLED_BY_SHOP', state: null },
    });

    // Who may ask: nobody without a token, no customer (not even the order's own shopper).
    expect((await http.post(path)).status).toBe(401);
    expect((await http.post(path, undefined, { token: pay.shopper.token })).status).toBe(403);

    const clicks = await Promise.all([
      http.post<OrderView>(path, undefined, { token: admin }),
      http.post<OrderView>(path, undefined, { token: admin }),
    ]);
    for (const click of clicks) {
      expect(click.status).toBe(200);
      expect(click.body).toMatchObject({
        refundDue: false,
        refund: { reason: 'CANCELLED_BY_SHOP', amount: pay.order.totalDiscountedPrice },
      });
    }
    const paymentId = pay.paymentId;
    const sandboxRows = () =>
      db().selectFrom('sandbox_refunds').selectAll().where('payment_id', '=', paymentId).execute();
    // The provider has refunded; worker A has not recorded it yet, and dies.
    await a.waitFor(/fault point: holding a refund the provider answered/);
    expect(await sandboxRows()).toHaveLength(1);
    expect(await a.stop('SIGKILL')).toBeNull();
    const mid = await http.get<OrderView>(`/api/orders/${pay.order._id}`, { token: admin });
    expect(mid.body.refund).toMatchObject({ state: 'processing', providerRefundId: null });

    // Worker B takes the stalled job up, asks again with the same key, and records one refund.
    await start(FAST_RECOVERY);
    const done = await eventually(async () => {
      const view = await http.get<OrderView>(`/api/orders/${pay.order._id}`, { token: admin });
      return view.body.refund?.state === 'processed' ? view.body : null;
    }, 30_000);
    const rows = await sandboxRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.calls).toBe(2);
    expect(done).toMatchObject({
      refundDue: false,
      refund: { state: 'processed', providerRefundId: rows[0]!.refund_id },
    });
    const refunds = await db()
      .selectFrom('refunds')
      .select(['state', 'attempt'])
      .where('order_id', '=', pay.order._id)
      .execute();
    expect(refunds).toEqual([{ state: 'processed', attempt: 1 }]);
    const creditNotes = await db()
      .selectFrom('invoices')
      .select('number')
      .where('order_id', '=', pay.order._id)
      .where('kind', '=', 'CREDIT_NOTE')
      .execute();
    expect(creditNotes).toHaveLength(1);

    // Asked again once done: the same order, nothing new.
    const again = await http.post<OrderView>(path, undefined, { token: admin });
    expect(again.status).toBe(200);
    expect(again.body.refund).toMatchObject({ state: 'processed' });
    expect(await sandboxRows()).toHaveLength(1);
  }, 120_000);
});
