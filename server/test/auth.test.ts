import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '@kanak/db';
import { MESSAGES } from '@kanak/shared';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';

describe('sign-up and login over REST', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  beforeAll(async () => {
    server = await startTestServer({
      AUTH_RATE_LIMIT_PER_MINUTE: 1000,
      AUTH_FAILED_LOGINS_PER_EMAIL: 3,
    });
    http = httpClient(server.baseUrl);
  });
  afterAll(() => server.close());

  it('signs up, answers { jwt, message } and refuses a duplicate e-mail with 409', async () => {
    const body = {
      firstName: 'Anita',
      lastName: 'Desai',
      email: 'anita@example.com',
      password: 'Anita@123',
    };
    const first = await http.post<{ jwt: string; message: string }>('/auth/signup', body);
    expect(first.status).toBe(201);
    expect(first.body.jwt.split('.')).toHaveLength(3);
    expect(typeof first.body.message).toBe('string');
    const again = await http.post<{ message: string }>('/auth/signup', {
      ...body,
      email: 'ANITA@example.com',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.signupDuplicate);
  });

  it('refuses bad sign-up input with the spec messages', async () => {
    const weak = await http.post<{ message: string }>('/auth/signup', {
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      password: 'weak',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(MESSAGES.password);
    const name = await http.post<{ message: string }>('/auth/signup', {
      firstName: 'x'.repeat(30),
      lastName: 'B',
      email: 'a@b.co',
      password: 'Abcd@1234',
    });
    expect(name.body.message).toBe(MESSAGES.name);
    expect(
      (
        await http.post('/auth/signup', 'not json', {
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    expect((await http.post('/auth/signup', [1, 2])).status).toBe(400);
  });

  it('logs in the seeded customer and refuses a wrong password with 401', async () => {
    const { email, password } = SEED_ACCOUNTS.customer;
    const ok = await http.post<{ jwt: string }>('/auth/login', { email, password });
    expect(ok.status).toBe(200);
    expect(ok.body.jwt).toBeTruthy();
    const wrong = await http.post<{ message: string }>('/auth/login', {
      email,
      password: 'Wrong@123',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(MESSAGES.loginFailed);
  });

  it('locks an e-mail from this address after repeated failed logins with 429', async () => {
    const email = 'meera.iyer@example.com';
    for (let i = 0; i < 3; i++)
      expect((await http.post('/auth/login', { email, password: 'Wrong@123' })).status).toBe(401);
    const locked = await http.post<{ message: string }>('/auth/login', {
      email,
      password: 'Review@123',
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many attempts/);
  });

  it('logs in through tRPC', async () => {
    const { email, password } = SEED_ACCOUNTS.admin;
    const res = await http.post<{ result: { data: { jwt: string } } }>('/trpc/auth.login', {
      email,
      password,
    });
    expect(res.status).toBe(200);
    expect(res.body.result.data.jwt).toBeTruthy();
  });
});
