// A job that fails after its attempts for a reason other than an outage is a dead
// letter the System page lists (queue, order, reason, time); an admin retries or dismisses it,
// both recorded. Refusals (an unknown payment, an illegal move) are counted apart, not as
// failures. A real worker process runs the jobs; the fault is a real PostgreSQL error (a trigger
// refusing the order's update), not an outage, so its attempts are spent.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '@kanak/db';
import type { AdminSystemView, DeadLetterRow, DeadLettersView } from '@kanak/shared';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';
import {
  eventually,
  login,
  newCustomer,
  orderStatus,
  pickSizes,
  placedEvents,
  sandboxPaidOrder,
  startWorkerProcess,
  type WorkerProcess,
} from './pipeline-support';

const FAULT = 'ledger check failed for this order';

describe('dead letters and refusals on the System page', () => {
  let server: TestServer;
  let worker: WorkerProcess;
  let http: ReturnType<typeof httpClient>;
  let admin: string;
  let customer: string;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer({ ORDER_WAIT_MS: 0 });
    worker = await startWorkerProcess(server);
    http = httpClient(server.baseUrl);
    admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
    customer = (await newCustomer(server, 'Nosy')).token;
  });
  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await server?.close();
  });

  const deadLetters = async () => {
    const res = await http.get<DeadLettersView>('/api/admin/system/dead-letters', {
      token: admin,
    });
    expect(res.status).toBe(200);
    return res.body;
  };
  const queueRow = async (name: string) => {
    const res = await http.get<AdminSystemView>('/api/admin/system', { token: admin });
    expect(res.status).toBe(200);
    return res.body.queues!.find((q) => q.name === name)!;
  };

  it('is for admins only, on REST and tRPC', async () => {
    const paths: [string, string][] = [
      ['GET', '/api/admin/system/dead-letters'],
      ['POST', '/api/admin/system/dead-letters/1/retry'],
      ['POST', '/api/admin/system/dead-letters/1/dismiss'],
      ['GET', '/trpc/system.deadLetters'],
      ['POST', '/trpc/system.retryDeadLetter'],
      ['POST', '/trpc/system.dismissDeadLetter'],
    ];
    for (const [method, path] of paths) {
      const call = (token?: string) =>
        method === 'GET'
          ? http.get(path, token ? { token } : {})
          : http.post(path, path.startsWith('/trpc') ? { deadLetterId: '1' } : undefined, {
              ...(token ? { token } : {}),
            });
      expect([path, (await call()).status]).toEqual([path, 401]);
      expect([path, (await call(customer)).status]).toEqual([path, 403]);
    }
    // Bad input is a 400 with a message, a missing one a 404.
    const bad = await http.post<{ message: string }>(
      '/api/admin/system/dead-letters/abc/retry',
      undefined,
      { token: admin },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/deadLetterId must be a positive whole number/);
    expect(
      (
        await http.post('/api/admin/system/dead-letters/999999/dismiss', undefined, {
          token: admin,
        })
      ).status,
    ).toBe(404);
  });

  it('lists a job that failed its attempts with its queue, order, reason and time; a retry completes it', async () => {
    const [size] = await pickSizes(db(), 1, 11);
    const pay = await sandboxPaidOrder(server, size!, 1);
    // A real fault of PostgreSQL's for this order only: every attempt fails, none is an outage.
    await sql
      .raw(
        `CREATE FUNCTION refuse_test_order() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN IF NEW.id = '${pay.order._id}' THEN RAISE EXCEPTION '${FAULT}'; END IF; RETURN NEW; END $$;
         CREATE TRIGGER refuse_test_order BEFORE UPDATE ON orders
           FOR EACH ROW EXECUTE FUNCTION refuse_test_order();`,
      )
      .execute(db());
    const before = Date.now();
    expect((await http.get(pay.returnPath, { token: pay.shopper.token })).status).toBe(200);

    // Five attempts (0.5 + 1 + 2 + 4 s of backoff), then the dead letter.
    const letter = await eventually(async () => {
      const { open } = await deadLetters();
      return open.find((d) => d.orderId === pay.order._id);
    }, 40_000);
    expect(letter).toMatchObject({
      queue: 'payment-confirmations',
      orderId: pay.order._id,
      attempts: 5,
      resolution: null,
      resolvedBy: null,
    });
    expect(letter.reason).toContain(FAULT);
    expect(new Date(letter.failedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await orderStatus(db(), pay.order._id)).toBe('PENDING');
    expect((await queueRow('payment-confirmations')).failed).toBe(1);

    await sql`DROP TRIGGER refuse_test_order ON orders`.execute(db());
    await sql`DROP FUNCTION refuse_test_order()`.execute(db());
    const retried = await http.post<DeadLetterRow>(
      `/api/admin/system/dead-letters/${letter.id}/retry`,
      undefined,
      { token: admin },
    );
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({
      id: letter.id,
      resolution: 'retried',
      resolvedBy: { email: SEED_ACCOUNTS.admin.email },
    });
    // Sent again through its outbox row, under the row's next generation.
    const failedJob = await db()
      .selectFrom('dead_letters')
      .select('job_id')
      .where('id', '=', letter.id)
      .executeTakeFirstOrThrow();
    const [, outboxId, generation] = /^ob-(\d+)-(\d+)$/.exec(failedJob.job_id)!;
    expect(retried.body.retryJobId).toBe(`ob-${outboxId}-${Number(generation) + 1}`);
    expect(retried.body.resolvedAt).not.toBeNull();

    await eventually(async () => (await orderStatus(db(), pay.order._id)) === 'PLACED', 20_000);
    expect(await placedEvents(db(), pay.order._id)).toHaveLength(1);
    const after = await deadLetters();
    expect(after.open.find((d) => d.id === letter.id)).toBeUndefined();
    expect(after.resolved.find((d) => d.id === letter.id)?.resolution).toBe('retried');
    expect((await queueRow('payment-confirmations')).failed).toBe(0);
    // Once resolved, it is not retried twice nor dismissed.
    const again = await http.post<{ message: string }>(
      `/api/admin/system/dead-letters/${letter.id}/retry`,
      undefined,
      { token: admin },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(`already retried by ${SEED_ACCOUNTS.admin.email}`);
  }, 90_000);

  it('dead-letters a job whose payload does not parse at once, with the parse error, never running it', async () => {
    // Rows a damaged Redis or a newer release could leave: a move naming no real status, and a
    // repricing written as a version this worker does not read.
    const rows = await db()
      .insertInto('outbox')
      .values([
        {
          queue: 'order-moves',
          job_key: 'move-bad-payload',
          payload: JSON.stringify({ orderId: 42, to: 'NOWHERE', actorUserId: 'someone' }),
        },
        {
          queue: 'metal-repricing',
          job_key: 'reprice-newer-version',
          payload: JSON.stringify({ publicationId: 1, v: 99 }),
        },
      ])
      .returning('id')
      .execute();
    const letters = await eventually(async () => {
      const { open } = await deadLetters();
      const move = open.find((d) => d.queue === 'order-moves');
      const reprice = open.find((d) => d.queue === 'metal-repricing');
      return move && reprice ? { move, reprice } : undefined;
    }, 30_000);
    // Refused on its first attempt: a payload that does not parse will not parse on a retry.
    expect(letters.move.attempts).toBe(1);
    expect(letters.move.reason).toMatch(/order-move v1 payload refused/);
    expect(letters.move.reason).toMatch(/orderId/);
    expect(letters.move.reason).toMatch(/to/);
    expect(letters.reprice.reason).toBe(
      'metal-repricing payload of version 99: this worker reads up to version 1',
    );
    // The outbox rows record the fault, so a later write of the same key sends it again.
    const outcomes = await db()
      .selectFrom('outbox')
      .select(['outcome'])
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    expect(outcomes.map((o) => (o.outcome as { kind: string } | null)?.kind)).toEqual([
      'fault',
      'fault',
    ]);
    // Dismissed, as an operator would once the release that reads them is out.
    for (const letter of [letters.move, letters.reprice])
      expect(
        (
          await http.post(`/api/admin/system/dead-letters/${letter.id}/dismiss`, undefined, {
            token: admin,
          })
        ).status,
      ).toBe(200);
  }, 60_000);

  it('dismisses one over tRPC, recording who and when', async () => {
    // A mail job the worker gave up on (its row as the worker writes it).
    const row = await db()
      .insertInto('dead_letters')
      .values({
        queue: 'notifications',
        job_id: 'mail-1',
        payload: JSON.stringify({ notificationId: 1 }),
        error: 'SMTP said 554: rejected',
        attempts: 5,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await queueRow('notifications')).failed).toBe(1);
    const res = await http.post<{ result: { data: DeadLetterRow } }>(
      '/trpc/system.dismissDeadLetter',
      { deadLetterId: String(row.id) },
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.result.data).toMatchObject({
      queue: 'notifications',
      orderId: null,
      reason: 'SMTP said 554: rejected',
      resolution: 'dismissed',
      resolvedBy: { email: SEED_ACCOUNTS.admin.email },
    });
    const stored = await db()
      .selectFrom('dead_letters')
      .select(['resolution', 'resolved_by', 'resolved_at'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(stored.resolution).toBe('dismissed');
    expect(stored.resolved_at).not.toBeNull();
    expect((await queueRow('notifications')).failed).toBe(0);
  });

  it('counts an unknown payment and an illegal move as refused, apart from failures', async () => {
    const deadBefore = (await deadLetters()).open.length;
    const [size] = await pickSizes(db(), 1, 12);
    const pay = await sandboxPaidOrder(server, size!, 1);
    const madeUp = await http.get(
      `/api/payment?payment_id=pay_MadeUp1234567&order_id=${pay.order._id}`,
      { token: pay.shopper.token },
    );
    expect(madeUp.status).toBeLessThan(500);
    const delivered = await db()
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'DELIVERED')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const illegal = await http.put(`/api/admin/orders/${delivered.id}/confirmed`, undefined, {
      token: admin,
    });
    expect([202, 409]).toContain(illegal.status);

    await eventually(
      async () =>
        ((await queueRow('payment-confirmations')).refused ?? 0) >= 1 &&
        ((await queueRow('order-moves')).refused ?? 0) >= 1,
      20_000,
    );
    for (const name of ['payment-confirmations', 'order-moves']) {
      const row = await queueRow(name);
      expect([name, row.failed]).toEqual([name, 0]);
    }
    expect((await deadLetters()).open).toHaveLength(deadBefore);
    expect(await orderStatus(db(), delivered.id)).toBe('DELIVERED');
    expect(await orderStatus(db(), pay.order._id)).toBe('PENDING');
  }, 60_000);
});
