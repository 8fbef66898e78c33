import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '@kanak/db';
import { startTestServer, type TestServer } from '@kanak/testkit';
import { login } from './pipeline-support';

describe('queue dashboard (bull-board) at /admin/queues', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const session = (token?: string) =>
    fetch(`${server.baseUrl}/admin/queues/session`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('is shown to admins only, through a session cookie scoped to its path', async () => {
    expect((await fetch(`${server.baseUrl}/admin/queues`)).status).toBe(401);
    expect((await session()).status).toBe(401);
    const customer = await login(
      server,
      SEED_ACCOUNTS.customer.email,
      SEED_ACCOUNTS.customer.password,
    );
    expect((await session(customer)).status).toBe(403);
    expect(
      (
        await fetch(`${server.baseUrl}/admin/queues/api/queues`, {
          headers: { authorization: `Bearer ${customer}` },
        })
      ).status,
    ).toBe(403);

    const admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
    const opened = await session(admin);
    expect(opened.status).toBe(204);
    const cookie = opened.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/admin\/queues/);

    const page = await fetch(`${server.baseUrl}/admin/queues`, {
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Kanak queues');
    const api = await fetch(`${server.baseUrl}/admin/queues/api/queues`, {
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(api.status).toBe(200);
    const body = (await api.json()) as { queues: { name: string }[] };
    expect(body.queues.map((q) => q.name).sort()).toEqual(['order-moves', 'payment-confirmations']);
    expect(
      (
        await fetch(`${server.baseUrl}/admin/queues`, {
          headers: { cookie: 'kanak_queue_board=forged' },
        })
      ).status,
    ).toBe(401);
  });
});
