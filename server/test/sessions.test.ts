import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@kanak/server';
import { SEED_ACCOUNTS } from '@kanak/db';
import { FORGOT_PASSWORD_ANSWER } from '@kanak/shared';
import {
  httpClient,
  openEventStream,
  startTestServer,
  trpcCalls,
  type TestServer,
} from '@kanak/testkit';
import { eventually, login, newCustomer } from './pipeline-support';

/** Sessions that can be ended, checked on REST, tRPC and the event stream of two servers. */
describe('sessions end with a reset, a change, logout-all, a demotion or a removal', () => {
  let server: TestServer;
  let second: { baseUrl: string; close(): Promise<void> };
  const db = () => server.database.db;
  const servers = () => [server.baseUrl, second.baseUrl];

  beforeAll(async () => {
    server = await startTestServer({
      SESSION_RECHECK_MS: 300,
      RATE_LIMIT_PASSWORD_RESETS_PER_HOUR: 1000,
      RATE_LIMIT_RESET_MAILS_PER_EMAIL_PER_HOUR: 1000,
    });
    const { app } = await buildApp(server.config);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    second = {
      baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      close: () => app.close(),
    };
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  /** 200 or 401 for the token on REST and tRPC of both servers (all four must agree). */
  async function answers(token: string) {
    const statuses = new Set<number>();
    for (const base of servers()) {
      statuses.add((await httpClient(base).get('/api/users/profile', { token })).status);
      statuses.add(
        (await trpcCalls(() => httpClient(base)).query('users.me', undefined, token)).status,
      );
    }
    expect(statuses.size).toBe(1);
    return [...statuses][0];
  }

  /** An open live-events stream (on the second server) for the token. */
  async function stream(token: string) {
    const t = await httpClient(server.baseUrl).post<{ result: { data: { ticket: string } } }>(
      '/trpc/live.ticket',
      {},
      { token },
    );
    const url = new URL(`${second.baseUrl}/trpc/live.orders`);
    url.searchParams.set('connectionParams', JSON.stringify({ ticket: t.body.result.data.ticket }));
    const s = await openEventStream(url.toString());
    await s.next((e) => e.event === 'connected');
    return s;
  }

  const resetToken = async (email: string, after = 0) => {
    const row = await eventually(() =>
      db()
        .selectFrom('notifications')
        .select('payload')
        .where('kind', '=', 'password-reset')
        .where('recipient', '=', email)
        .where('id', '>', after)
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    );
    return new URL((row.payload as { link: string }).link).searchParams.get('token')!;
  };

  it('a change of password ends every other token (REST, tRPC, stream) and answers a new one', async () => {
    const c = await newCustomer(server, 'Changer');
    const other = await login(server, c.email, 'Tester@123');
    expect(await answers(other)).toBe(200);
    const live = await stream(other);
    const http = httpClient(second.baseUrl);
    expect(
      (
        await http.put(
          '/api/users/password',
          { currentPassword: 'Wrong@1234', newPassword: 'Newpass@12' },
          { token: c.token },
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await http.put(
          '/api/users/password',
          { currentPassword: 'Tester@123', newPassword: 'short' },
          { token: c.token },
        )
      ).status,
    ).toBe(400);
    const changed = await http.put<{ jwt: string }>(
      '/api/users/password',
      { currentPassword: 'Tester@123', newPassword: 'Newpass@12' },
      { token: c.token },
    );
    expect(changed.status).toBe(200);
    await live.ended; // within SESSION_RECHECK_MS
    expect(await answers(c.token)).toBe(401);
    expect(await answers(other)).toBe(401);
    expect(await answers(changed.body.jwt)).toBe(200);
    expect(await login(server, c.email, 'Newpass@12')).toBeTruthy();
    const mails = await db()
      .selectFrom('notifications')
      .select('kind')
      .where('recipient', '=', c.email)
      .execute();
    expect(mails.map((m) => m.kind)).toEqual(['password-changed']);
  });

  it('"log out of all devices" ends every token, its own too', async () => {
    const c = await newCustomer(server, 'Leaver');
    const other = await login(server, c.email, 'Tester@123');
    const live = await stream(other);
    expect(
      (await httpClient(server.baseUrl).post('/auth/logout-all', undefined, { token: c.token }))
        .status,
    ).toBe(204);
    await live.ended;
    expect(await answers(c.token)).toBe(401);
    expect(await answers(other)).toBe(401);
    expect((await httpClient(server.baseUrl).post('/auth/logout-all', undefined, {})).status).toBe(
      401,
    );
  });

  it('a demotion or a removal ends the tokens too', async () => {
    const demoted = await newCustomer(server, 'Demoted');
    await db().updateTable('users').set({ role: 'ADMIN' }).where('id', '=', demoted.id).execute();
    const adminToken = await login(server, demoted.email, 'Tester@123');
    expect((await httpClient(server.baseUrl).get('/api/users', { token: adminToken })).status).toBe(
      200,
    );
    await db()
      .updateTable('users')
      .set({ role: 'CUSTOMER' })
      .where('id', '=', demoted.id)
      .execute();
    expect(await answers(adminToken)).toBe(401);

    const removed = await newCustomer(server, 'Removed');
    const live = await stream(removed.token);
    const admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
    expect(
      (
        await httpClient(server.baseUrl).delete(`/api/users/profile/${removed.id}`, {
          token: admin,
        })
      ).status,
    ).toBe(200);
    await live.ended;
    expect(await answers(removed.token)).toBe(401);
  });

  it('reset: one answer for any e-mail; used, expired, superseded and made-up links refused', async () => {
    const c = await newCustomer(server, 'Forgetful');
    const old = c.token;
    const http = httpClient(server.baseUrl);
    // Same status and body with and without an account; the times are printed, not asserted.
    const timed = async (email: string) => {
      const start = performance.now();
      const res = await http.post('/auth/forgot-password', { email });
      return { res, ms: performance.now() - start };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      const a = await timed(c.email);
      const b = await timed(`nobody-${i}@example.com`);
      expect(a.res.status).toBe(202);
      expect(b.res.status).toBe(202);
      expect(a.res.body).toEqual({ message: FORGOT_PASSWORD_ANSWER });
      expect(b.res.body).toEqual(a.res.body);
      known.push(a.ms);
      unknown.push(b.ms);
    }
    const median = (xs: number[]) =>
      xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!.toFixed(1);
    console.log(
      `forgot-password median ms: account ${median(known)}, no account ${median(unknown)}`,
    );

    const superseded = await resetToken(c.email);
    const lastId = async () =>
      (
        await db()
          .selectFrom('notifications')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id ?? 0;
    // The mail row is written just after the answer: wait for all five before asking again.
    await eventually(
      async () =>
        (
          await db()
            .selectFrom('notifications')
            .select('id')
            .where('recipient', '=', c.email)
            .where('kind', '=', 'password-reset')
            .execute()
        ).length === 5,
    );
    let seen = Number(await lastId());
    await http.post('/auth/forgot-password', { email: c.email });
    const latest = await resetToken(c.email, seen);
    expect(latest).not.toBe(superseded);
    expect(
      (await http.post('/auth/reset-password', { token: superseded, password: 'Reset@1234' }))
        .status,
    ).toBe(400);
    expect(
      (await http.post('/auth/reset-password', { token: 'made-up-token', password: 'Reset@1234' }))
        .status,
    ).toBe(400);
    expect(
      (await http.post('/auth/reset-password', { token: latest, password: 'weak' })).status,
    ).toBe(400);
    const reset = await http.post<{ jwt: string }>('/auth/reset-password', {
      token: latest,
      password: 'Reset@1234',
    });
    expect(reset.status).toBe(200);
    expect(await answers(old)).toBe(401);
    expect(await answers(reset.body.jwt)).toBe(200);
    // Used: the same link again.
    const used = await http.post<{ message: string }>('/auth/reset-password', {
      token: latest,
      password: 'Again@1234',
    });
    expect(used.status).toBe(400);
    expect(used.body.message).toMatch(/not valid any more/);
    // Expired.
    seen = Number(await lastId());
    await http.post('/auth/forgot-password', { email: c.email });
    const expiring = await resetToken(c.email, seen);
    await db()
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect(
      (await http.post('/auth/reset-password', { token: expiring, password: 'Late@12345' })).status,
    ).toBe(400);
    expect(await login(server, c.email, 'Reset@1234')).toBeTruthy();
  });

  it('limits hold: per address 429, per e-mail the same answer and no more mails', async () => {
    const limited = await startTestServer({
      RATE_LIMIT_PASSWORD_RESETS_PER_HOUR: 4,
      RATE_LIMIT_RESET_MAILS_PER_EMAIL_PER_HOUR: 2,
    });
    try {
      const http = httpClient(limited.baseUrl);
      const email = SEED_ACCOUNTS.customer.email;
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await http.post('/auth/forgot-password', { email })).status);
      expect(statuses).toEqual([202, 202, 202, 202, 429]);
      const mails = () =>
        limited.database.db
          .selectFrom('notifications')
          .select('id')
          .where('kind', '=', 'password-reset')
          .execute();
      await eventually(async () => (await mails()).length === 2);
      // Nothing more comes (the other two were refused before any write).
      await new Promise((r) => setTimeout(r, 500));
      expect(await mails()).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});
