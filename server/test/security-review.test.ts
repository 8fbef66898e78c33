// What the security review found, each checked from outside over HTTP against the
// real server: password change guarded by the login limiter, reset links that end with the
// sessions, security mails that never echo a name the address's owner did not confirm, and the
// queue board's cookie holding a board-only token, never the API token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '@kanak/db';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';
import { eventually, login, newCustomer } from './pipeline-support';

const FAILED_PER_EMAIL = 5;

describe('security review', () => {
  let server: TestServer;
  const db = () => server.database.db;
  const http = () => httpClient(server.baseUrl);

  beforeAll(async () => {
    server = await startTestServer({
      AUTH_RATE_LIMIT_PER_MINUTE: 1000,
      AUTH_FAILED_LOGINS_PER_EMAIL: FAILED_PER_EMAIL,
      RATE_LIMIT_PASSWORD_RESETS_PER_HOUR: 1000,
      RATE_LIMIT_RESET_MAILS_PER_EMAIL_PER_HOUR: 1000,
    });
  });
  afterAll(() => server?.close());

  /** The newest reset mail's row for `email` after notification id `after`. */
  const resetMail = (email: string, after = 0) =>
    eventually(() =>
      db()
        .selectFrom('notifications')
        .select(['id', 'payload'])
        .where('kind', '=', 'password-reset')
        .where('recipient', '=', email)
        .where('id', '>', after)
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    );
  const tokenOf = (payload: unknown) =>
    new URL((payload as { link: string }).link).searchParams.get('token')!;
  const askReset = async (email: string, after = 0) => {
    expect((await http().post('/auth/forgot-password', { email })).status).toBe(202);
    return resetMail(email, after);
  };
  const reset = (token: string) =>
    http().post('/auth/reset-password', { token, password: 'Another@12' });

  it('password change: wrong current passwords reach 429 with Retry-After, like logins (finding 2)', async () => {
    const c = await newCustomer(server, 'Guesser');
    const change = (currentPassword: string) =>
      http().put(
        '/api/users/password',
        { currentPassword, newPassword: 'Newpass@12' },
        { token: c.token },
      );
    // Before the fix: 12 wrong guesses in a row, all 400.
    const statuses: number[] = [];
    for (let i = 0; i < FAILED_PER_EMAIL + 2; i++)
      statuses.push((await change(`Wrong@${i}234`)).status);
    expect(statuses.slice(0, FAILED_PER_EMAIL)).toEqual(Array(FAILED_PER_EMAIL).fill(400));
    expect(statuses.slice(FAILED_PER_EMAIL)).toEqual([429, 429]);
    // Even the right password waits now: the guesser cannot tell a lucky guess from a refusal.
    const locked = await change('Tester@123');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.body).toMatchObject({
      error: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many attempts\. Please try again in /),
    });
    // The same counters guard the login of that e-mail from this address.
    expect(
      (await http().post('/auth/login', { email: c.email, password: 'Tester@123' })).status,
    ).toBe(429);
  });

  it('password change over tRPC is counted too', async () => {
    const c = await newCustomer(server, 'Trpc');
    const call = () =>
      http().post(
        '/trpc/users.changePassword',
        { currentPassword: 'Wrong@1234', newPassword: 'Newpass@12' },
        { token: c.token },
      );
    const statuses: number[] = [];
    for (let i = 0; i < FAILED_PER_EMAIL + 1; i++) statuses.push((await call()).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, FAILED_PER_EMAIL)).toEqual(Array(FAILED_PER_EMAIL).fill(400));
  });

  it('a reset link is refused after a password change (finding 3)', async () => {
    const c = await newCustomer(server, 'Changer');
    const mail = await askReset(c.email);
    const changed = await http().put(
      '/api/users/password',
      { currentPassword: 'Tester@123', newPassword: 'Newpass@12' },
      { token: c.token },
    );
    expect(changed.status).toBe(200);
    const refused = await reset(tokenOf(mail.payload));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: 'This reset link is not valid any more. Please ask for a new one.',
    });
    expect(await login(server, c.email, 'Newpass@12')).toBeTruthy();
  });

  it('a reset link is refused after "log out of all devices", and a newer link still works', async () => {
    const c = await newCustomer(server, 'Leaver');
    const first = await askReset(c.email);
    expect((await http().post('/auth/logout-all', undefined, { token: c.token })).status).toBe(204);
    expect((await reset(tokenOf(first.payload))).status).toBe(400);
    const second = await askReset(c.email, first.id);
    const used = await reset(tokenOf(second.payload));
    expect(used.status).toBe(200);
    expect(await login(server, c.email, 'Another@12')).toBeTruthy();
  });

  it('a reset mail to an unverified address greets the address, not the name typed at sign-up (finding 7)', async () => {
    const email = `victim.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const signup = await http().post('/auth/signup', {
      firstName: 'Visit evil.example now',
      lastName: 'X',
      email,
      password: 'Tester@123',
    });
    expect(signup.status).toBe(201);
    const mail = await askReset(email);
    expect(JSON.stringify(mail.payload)).not.toContain('evil');
    expect((mail.payload as { firstName: string }).firstName).toBe(email);
    // Using the link proves the address: later security mails may use the name.
    expect((await reset(tokenOf(mail.payload))).status).toBe(200);
    const changed = await eventually(() =>
      db()
        .selectFrom('notifications')
        .select('payload')
        .where('kind', '=', 'password-changed')
        .where('recipient', '=', email)
        .executeTakeFirst(),
    );
    expect((changed.payload as { firstName: string }).firstName).toBe('Visit evil.example now');
  });

  it('the queue board refuses the API token in its cookie and takes its own short token (finding 8)', async () => {
    const admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
    const board = (cookie: string) =>
      fetch(`${server.baseUrl}/admin/queues/api/queues`, { headers: { cookie } });
    // Before: the cookie carried the 7-day API token, and the board took it.
    expect((await board(`kanak_queue_board=${admin}`)).status).toBe(401);
    const opened = await fetch(`${server.baseUrl}/admin/queues/session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(opened.status).toBe(204);
    const setCookie = opened.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/Max-Age=900/);
    expect(setCookie).toMatch(/HttpOnly/);
    const cookie = setCookie.split(';')[0]!;
    const boardToken = decodeURIComponent(cookie.split('=')[1]!);
    expect(boardToken).not.toBe(admin);
    expect((await board(cookie)).status).toBe(200);
    // The board's token is good for the board only: the API refuses it.
    const api = await http().get('/api/users/profile', { token: boardToken });
    expect(api.status).toBe(401);
    // Logging out everywhere ends it with the API tokens.
    expect((await http().post('/auth/logout-all', undefined, { token: admin })).status).toBe(204);
    expect((await board(cookie)).status).toBe(401);
  });
});
