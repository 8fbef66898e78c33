import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken, type UserView } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { httpClient, startTestServer, trpcCalls, type TestServer } from '@kanak/testkit';

describe('accounts: profile, users list and removal over REST and tRPC', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  let admin: string;
  let customer: string;

  const { query, mutate } = trpcCalls(() => http);
  const signup = async (email: string) =>
    (
      await http.post<{ jwt: string }>('/auth/signup', {
        firstName: 'Temp',
        lastName: 'User',
        email,
        password: 'Temp@1234',
      })
    ).body.jwt;

  beforeAll(async () => {
    server = await startTestServer();
    http = httpClient(server.baseUrl);
    admin = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin)).body.jwt;
    customer = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.customer)).body.jwt;
  });
  afterAll(() => server.close());

  it('GET /api/users/profile answers the caller with an address array', async () => {
    const me = await http.get<UserView>('/api/users/profile', { token: customer });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      _id: expect.any(String),
      firstName: SEED_ACCOUNTS.customer.firstName,
      lastName: SEED_ACCOUNTS.customer.lastName,
      email: SEED_ACCOUNTS.customer.email,
      role: 'CUSTOMER',
      mobile: null,
    });
    expect(Array.isArray(me.body.address)).toBe(true);
    expect(me.body).not.toHaveProperty('password');
    expect(me.body).not.toHaveProperty('password_hash');

    // Addresses saved by the checkout show up under `address`.
    await server.database.db
      .insertInto('addresses')
      .values({
        user_id: me.body._id,
        first_name: 'Priya',
        last_name: 'Sharma',
        street_address: '12 MG Road',
        city: 'Pune',
        state: 'MH',
        zip_code: '411001',
        mobile: '9800000000',
      })
      .execute();
    // The seeded shopper's past orders saved their addresses already; the new one joins them.
    const again = await http.get<UserView>('/api/users/profile', { token: customer });
    expect(again.body.address).toHaveLength(me.body.address.length + 1);
    expect(again.body.address).toContainEqual({
      _id: expect.any(String),
      firstName: 'Priya',
      lastName: 'Sharma',
      streetAddress: '12 MG Road',
      city: 'Pune',
      state: 'MH',
      zipCode: '411001',
      mobile: '9800000000',
    });

    const adminMe = await http.get<UserView>('/api/users/profile', { token: admin });
    expect(adminMe.body.role).toBe('ADMIN');
  });

  it('users.me answers the same through tRPC', async () => {
    const rest = await http.get<UserView>('/api/users/profile', { token: customer });
    const trpc = await query<UserView>('users.me', undefined, customer);
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data).toEqual(rest.body);
  });

  it('never fails on NUL characters in sign-up input', async () => {
    const res = await http.post('/auth/signup', {
      firstName: 'Nul\u0000',
      lastName: 'Char',
      email: 'nul\u0000@example.com',
      password: 'Nulls@123',
    });
    expect(res.status).toBeLessThan(500);
  });

  it('refuses expired tokens and tokens signed with another secret on every per-user path', async () => {
    const me = await http.get<UserView>('/api/users/profile', { token: customer });
    const claims = { id: me.body._id, role: 'CUSTOMER' as const, email: me.body.email };
    const expired = await signToken(
      { secret: server.config.JWT_SECRET, expiresIn: '-10s' },
      claims,
    );
    const forged = await signToken(
      { secret: 'another-secret-of-enough-length', expiresIn: '1h' },
      { ...claims, role: 'ADMIN' },
    );
    const late = await http.get<{ message: string }>('/api/users/profile', { token: expired });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe('Your session has expired. Please log in again.');
    for (const token of [expired, forged]) {
      for (const path of ['/api/users/profile', '/api/users', '/api/cart', '/api/wish']) {
        expect((await http.get(path, { token })).status, path).toBe(401);
      }
      expect((await query('users.me', undefined, token)).status).toBe(401);
    }
  });

  it('refuses the profile without a valid token', async () => {
    expect((await http.get('/api/users/profile')).status).toBe(401);
    expect((await http.get('/api/users/profile', { token: 'null' })).status).toBe(401);
    expect((await http.get('/api/users/profile', { token: 'undefined' })).status).toBe(401);
    expect(
      (await http.get('/api/users/profile', { token: 'eyJhbGciOiJIUzI1NiJ9.e30.bad' })).status,
    ).toBe(401);
    expect((await query('users.me', undefined)).status).toBe(401);
    expect((await query('users.me', undefined, 'garbage')).status).toBe(401);
  });

  it('GET /api/users (admin) answers a bare array of every user, newest first', async () => {
    const newest = await signup('newest.user@example.com');
    expect(newest).toBeTruthy();
    const list = await http.get<UserView[]>('/api/users', { token: admin });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body[0]!.email).toBe('newest.user@example.com');
    expect(list.body.map((u) => u.email)).toEqual(
      expect.arrayContaining([SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.customer.email]),
    );
    for (const user of list.body) expect(Array.isArray(user.address)).toBe(true);

    const trpc = await query<UserView[]>('users.list', undefined, admin);
    expect(trpc.body.result.data).toEqual(list.body);

    expect((await http.get('/api/users')).status).toBe(401);
    expect((await http.get('/api/users', { token: customer })).status).toBe(403);
    expect((await query('users.list', undefined, customer)).status).toBe(403);
    expect((await query('users.list', undefined)).status).toBe(401);
  });

  it('DELETE /api/users/profile/{id} (admin) removes a customer with 200; the token dies with it', async () => {
    const token = await signup('doomed.user@example.com');
    const me = await http.get<UserView>('/api/users/profile', { token });

    expect((await http.delete(`/api/users/profile/${me.body._id}`)).status).toBe(401);
    expect(
      (await http.delete(`/api/users/profile/${me.body._id}`, { token: customer })).status,
    ).toBe(403);
    expect((await http.delete(`/api/users/profile/${me.body._id}`, { token })).status).toBe(403);

    const removed = await http.delete<{ message: string }>(`/api/users/profile/${me.body._id}`, {
      token: admin,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toEqual(expect.any(String));
    expect((await http.get('/api/users/profile', { token })).status).toBe(401);
    expect((await http.delete(`/api/users/profile/${me.body._id}`, { token: admin })).status).toBe(
      404,
    );
  });

  it('refuses bad removals: malformed id, self, another admin', async () => {
    const malformed = await http.delete<{ message: string }>('/api/users/profile/123', {
      token: admin,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('User id is not valid');
    expect(
      (await http.delete(`/api/users/profile/${'x'.repeat(4000)}`, { token: admin })).status,
    ).toBe(400);
    expect(
      (
        await http.delete('/api/users/profile/00000000-0000-4000-8000-000000000000', {
          token: admin,
        })
      ).status,
    ).toBe(404);
    const adminMe = await http.get<UserView>('/api/users/profile', { token: admin });
    const self = await http.delete<{ message: string }>(`/api/users/profile/${adminMe.body._id}`, {
      token: admin,
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot remove your own account');

    const second = await server.database.db
      .insertInto('users')
      .values({
        first_name: 'Second',
        last_name: 'Admin',
        email: 'second.admin@kanak.shop',
        password_hash: 'x',
        role: 'ADMIN',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await http.delete(`/api/users/profile/${second.id}`, { token: admin })).status).toBe(
      409,
    );
  });

  it('removing a customer keeps their orders but ends their account', async () => {
    const users = await http.get<UserView[]>('/api/users', { token: admin });
    const kavya = users.body.find((u) => u.email === 'kavya.nair@example.com')!;
    const ordersBefore = await http.get<{ user: { _id: string } }[]>('/api/admin/orders', {
      token: admin,
    });
    const theirs = ordersBefore.body.filter((o) => o.user._id === kavya._id).length;
    expect(theirs).toBeGreaterThan(0);

    expect((await http.delete(`/api/users/profile/${kavya._id}`, { token: admin })).status).toBe(
      200,
    );
    const ordersAfter = await http.get<{ user: { _id: string } }[]>('/api/admin/orders', {
      token: admin,
    });
    expect(ordersAfter.body.filter((o) => o.user._id === kavya._id)).toHaveLength(theirs);
    const listed = await http.get<UserView[]>('/api/users', { token: admin });
    expect(listed.body.some((u) => u._id === kavya._id)).toBe(false);
    expect(
      (await http.post('/auth/login', { email: 'kavya.nair@example.com', password: 'Review@123' }))
        .status,
    ).toBe(401);
    // The address is free again for a new sign-up.
    expect(
      (
        await http.post('/auth/signup', {
          firstName: 'Kavya',
          lastName: 'Nair',
          email: 'kavya.nair@example.com',
          password: 'Kavya@1234',
        })
      ).status,
    ).toBe(201);
  });

  it('users.remove works the same through tRPC', async () => {
    const token = await signup('trpc.doomed@example.com');
    const me = await http.get<UserView>('/api/users/profile', { token });
    expect((await mutate('users.remove', { userId: me.body._id }, customer)).status).toBe(403);
    expect((await mutate('users.remove', { userId: me.body._id })).status).toBe(401);
    expect((await mutate('users.remove', { userId: 'nope' }, admin)).status).toBe(400);
    expect((await mutate('users.remove', { userId: 5 }, admin)).status).toBe(400);
    expect((await mutate('users.remove', {}, admin)).status).toBe(400);
    const removed = await mutate<{ message: string }>(
      'users.remove',
      { userId: me.body._id },
      admin,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.result.data.message).toEqual(expect.any(String));
    const list = await http.get<UserView[]>('/api/users', { token: admin });
    expect(list.body.some((u) => u._id === me.body._id)).toBe(false);
  });
});
