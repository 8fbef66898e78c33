import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beatWorker, QUEUES } from '@kanak/core';
import { SEED_ACCOUNTS, type NotificationStatus } from '@kanak/db';
import type { AdminMessagesView, AdminSystemView } from '@kanak/shared';
import {
  freePort,
  httpClient,
  startTestServer,
  TEST_REDIS_URL,
  trpcCalls,
  type TestServer,
} from '@kanak/testkit';

// The admin's Messages and System pages (issues 24 and 25) over real PostgreSQL and Redis: rows
// written straight to the tables and Redis move the counts the pages show.
describe('admin Messages and System pages', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  let redis: Redis;
  let customer: string;
  let admin: string;
  const { query } = trpcCalls(() => http);
  const later = new Date(Date.now() + 3600_000);

  const addMails = (status: NotificationStatus, count: number, extra = {}) =>
    server.database.db
      .insertInto('notifications')
      .values(
        Array.from({ length: count }, (_, i) => ({
          idempotency_key: `test:${status}:${i}:${Math.random()}`,
          kind: 'order-placed',
          recipient: `${status}${i}@example.in`,
          payload: '{}',
          status,
          // Out of any relay's reach: the rows stay as written.
          next_attempt_at: later,
          ...extra,
        })),
      )
      .execute();

  beforeAll(async () => {
    server = await startTestServer();
    http = httpClient(server.baseUrl);
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    customer = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.customer)).body.jwt;
    admin = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin)).body.jwt;
  });
  afterAll(async () => {
    redis.disconnect();
    await server.close();
  });

  it('refuses visitors (401) and customers (403) on REST and tRPC', async () => {
    for (const path of ['/api/admin/messages', '/api/admin/system']) {
      expect((await http.get(path)).status, path).toBe(401);
      expect((await http.get(path, { token: customer })).status, path).toBe(403);
    }
    expect((await query('system.status', undefined, customer)).status).toBe(403);
  });

  it('counts mails by status group and pages through them, newest first', async () => {
    const before = await http.get<AdminMessagesView>('/api/admin/messages', { token: admin });
    expect(before.status).toBe(200);
    await addMails('sent', 3, { sent_at: new Date(), subject: 'Your order is placed' });
    await addMails('failed', 2, { attempts: 5, last_error: '550 mailbox unavailable' });
    await addMails('pending', 1);
    await addMails('queued', 1);
    await addMails('connecting', 1);
    await addMails('unknown', 1);
    const after = await http.get<AdminMessagesView>('/api/admin/messages', { token: admin });
    expect(after.body.counts).toEqual({
      sent: before.body.counts.sent + 3,
      failed: before.body.counts.failed + 2,
      pending: before.body.counts.pending + 3,
      unknown: before.body.counts.unknown + 1,
    });

    const failed = await http.get<AdminMessagesView>('/api/admin/messages?status=failed', {
      token: admin,
    });
    expect(failed.body.total).toBe(before.body.counts.failed + 2);
    expect(failed.body.messages.every((m) => m.group === 'failed')).toBe(true);
    const mine = failed.body.messages.filter((m) => m.recipient.startsWith('failed'));
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ attempts: 5, lastError: '550 mailbox unavailable' });

    const pending = await query<AdminMessagesView>(
      'notifications.adminList',
      { status: 'pending' },
      admin,
    );
    expect(new Set(pending.body.result.data.messages.map((m) => m.status))).toEqual(
      new Set(['pending', 'queued', 'connecting']),
    );

    // 30 more: a second page, which holds what the first did not.
    await addMails('sent', 30, { sent_at: new Date() });
    const page1 = await http.get<AdminMessagesView>('/api/admin/messages?status=sent', {
      token: admin,
    });
    const page2 = await http.get<AdminMessagesView>('/api/admin/messages?status=sent&page=2', {
      token: admin,
    });
    expect(page1.body.totalPages).toBeGreaterThanOrEqual(2);
    expect(page2.body.page).toBe(2);
    const ids = new Set(page1.body.messages.map((m) => m.id));
    expect(page2.body.messages.some((m) => ids.has(m.id))).toBe(false);
    expect(page1.body.messages.length + page2.body.messages.length).toBe(
      Math.min(page1.body.total, 50),
    );
  });

  it('answers 400 with a message to a bad filter or page', async () => {
    const bad = await http.get<{ message: string }>('/api/admin/messages?status=lost', {
      token: admin,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/status/);
    expect((await http.get('/api/admin/messages?page=0', { token: admin })).status).toBe(400);
  });

  it('shows dependencies, workers, queue depths, outbox age and mails pending', async () => {
    const before = await http.get<AdminSystemView>('/api/admin/system', { token: admin });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      postgres: 'up',
      redis: 'up',
      queueBoardPath: '/admin/queues',
    });
    const prefix = server.config.QUEUE_PREFIX;
    await beatWorker(redis, prefix, 'worker-test-1');
    const queue = new Queue(QUEUES.notifications, { connection: redis, prefix });
    await queue.add('mail', { id: 1 }, { delay: 3600_000 });
    await queue.close();
    await server.database.db
      .insertInto('outbox')
      .values({
        queue: 'test-nowhere',
        job_key: `system-test-${Date.now()}`,
        payload: '{}',
        available_at: later,
        created_at: new Date(Date.now() - 600_000),
      })
      .execute();
    await addMails('pending', 2);

    const after = await http.get<AdminSystemView>('/api/admin/system', { token: admin });
    expect(after.body.workers?.find((w) => w.id === 'worker-test-1')?.stale).toBe(false);
    const mails = after.body.queues?.find((q) => q.name === QUEUES.notifications);
    const mailsBefore = before.body.queues?.find((q) => q.name === QUEUES.notifications);
    expect(mails?.delayed).toBe((mailsBefore?.delayed ?? 0) + 1);
    expect(after.body.queues?.map((q) => q.name)).toEqual(
      expect.arrayContaining([QUEUES.paymentConfirmations, QUEUES.orderMoves]),
    );
    expect(after.body.outbox?.pending).toBe((before.body.outbox?.pending ?? 0) + 1);
    expect(after.body.outbox?.oldestUnsentSeconds).toBeGreaterThanOrEqual(600);
    expect(after.body.mailsPending).toBe((before.body.mailsPending ?? 0) + 2);
  });

  it('shows Redis as down instead of failing when it cannot be reached', async () => {
    const cut = await startTestServer({
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      HEALTH_CHECK_TIMEOUT_MS: 300,
    });
    try {
      const client = httpClient(cut.baseUrl);
      const login = await client.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin);
      expect(login.status).toBe(200);
      const system = await client.get<AdminSystemView>('/api/admin/system', {
        token: login.body.jwt,
      });
      expect(system.status).toBe(200);
      expect(system.body).toMatchObject({ postgres: 'up', redis: 'down', queues: null });
      expect(system.body.outbox).not.toBeNull();
    } finally {
      await cut.close();
    }
  });
});
