import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WishItemView, WishlistView } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { httpClient, startTestServer, trpcCalls, type TestServer } from '@kanak/testkit';

describe('wishlist over REST and tRPC', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  let customer: string;
  let other: string;
  let productIds: string[];

  const { query, mutate } = trpcCalls(() => http);

  beforeAll(async () => {
    server = await startTestServer();
    http = httpClient(server.baseUrl);
    customer = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.customer)).body.jwt;
    other = (
      await http.post<{ jwt: string }>('/auth/signup', {
        firstName: 'Wish',
        lastName: 'Other',
        email: 'wish.other@example.com',
        password: 'Other@123',
      })
    ).body.jwt;
    const page = await http.get<{ content: { _id: string }[] }>('/api/products?pageSize=3');
    productIds = page.body.content.map((p) => p._id);
  });
  afterAll(() => server.close());

  it('refuses every wishlist path without a token', async () => {
    const id = productIds[0]!;
    expect((await http.get('/api/wish')).status).toBe(401);
    expect((await http.get('/api/wish', { token: 'null' })).status).toBe(401);
    expect((await http.put('/api/wish/add', { productId: id })).status).toBe(401);
    expect((await http.delete(`/api/wish/${id}`)).status).toBe(401);
    expect((await http.get('/api/wish/product-ids')).status).toBe(401);
    expect((await query('wishlist.get', undefined)).status).toBe(401);
    expect((await query('wishlist.productIds', undefined, 'undefined')).status).toBe(401);
    expect((await mutate('wishlist.add', { productId: id })).status).toBe(401);
    expect((await mutate('wishlist.remove', { productId: id })).status).toBe(401);
  });

  it('adds with PUT /api/wish/add (twice keeps one) and lists { wishItems: [{ _id, product }] }', async () => {
    const [a, b] = productIds as [string, string];
    const first = await http.put<WishItemView>(
      '/api/wish/add',
      { productId: a },
      { token: customer },
    );
    expect(first.status).toBe(200);
    expect(first.body._id).toEqual(expect.any(String));
    expect(first.body.product._id).toBe(a);
    expect(first.body.product.imageUrls.length).toBeGreaterThanOrEqual(2);
    const twice = await http.put<WishItemView>(
      '/api/wish/add',
      { productId: a },
      { token: customer },
    );
    expect(twice.body._id).toBe(first.body._id);
    await http.put('/api/wish/add', { productId: b }, { token: customer });

    const list = await http.get<WishlistView>('/api/wish', { token: customer });
    expect(list.status).toBe(200);
    expect(list.body.wishItems.map((w) => w.product._id).sort()).toEqual([a, b].sort());
    expect(list.body.wishItems[0]!.product.category).toEqual({ name: expect.any(String) });

    const ids = await http.get<string[]>('/api/wish/product-ids', { token: customer });
    expect(ids.body.sort()).toEqual([a, b].sort());
    // Another user's wishlist stays their own.
    expect((await http.get<WishlistView>('/api/wish', { token: other })).body.wishItems).toEqual(
      [],
    );
  });

  it('removes by product id with DELETE /api/wish/{productId}; a product not in the own wishlist is 404', async () => {
    const [a] = productIds as [string];
    expect((await http.delete(`/api/wish/${a}`, { token: other })).status).toBe(404);
    const removed = await http.delete<{ message: string; productId: string }>(`/api/wish/${a}`, {
      token: customer,
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: expect.any(String), productId: a });
    expect((await http.delete(`/api/wish/${a}`, { token: customer })).status).toBe(404);
    const list = await http.get<WishlistView>('/api/wish', { token: customer });
    expect(list.body.wishItems.map((w) => w.product._id)).not.toContain(a);
  });

  it('refuses bad input with 4xx', async () => {
    const bad = await http.put<{ message: string }>(
      '/api/wish/add',
      { productId: 'xyz' },
      { token: customer },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Product id is not valid');
    expect((await http.put('/api/wish/add', {}, { token: customer })).status).toBe(400);
    expect((await http.put('/api/wish/add', { productId: 7 }, { token: customer })).status).toBe(
      400,
    );
    expect(
      (
        await http.put(
          '/api/wish/add',
          { productId: '00000000-0000-4000-8000-000000000000' },
          { token: customer },
        )
      ).status,
    ).toBe(404);
    expect(
      (await http.put('/api/wish/add', { productId: 'a'.repeat(2_000_000) }, { token: customer }))
        .status,
    ).toBe(413);
    expect((await http.delete('/api/wish/12345', { token: customer })).status).toBe(400);
    expect((await http.delete(`/api/wish/${'f'.repeat(300)}`, { token: customer })).status).toBe(
      400,
    );
  });

  it('works the same through tRPC: wishlist.get, add, remove, productIds', async () => {
    const c = productIds[2]!;
    const added = await mutate<WishItemView>('wishlist.add', { productId: c }, other);
    expect(added.status).toBe(200);
    expect(added.body.result.data.product._id).toBe(c);
    const list = await query<WishlistView>('wishlist.get', undefined, other);
    expect(list.body.result.data.wishItems.map((w) => w.product._id)).toEqual([c]);
    expect(
      (await query<string[]>('wishlist.productIds', undefined, other)).body.result.data,
    ).toEqual([c]);
    expect((await mutate('wishlist.remove', { productId: c }, customer)).status).toBe(404);
    const removed = await mutate<{ productId: string }>('wishlist.remove', { productId: c }, other);
    expect(removed.body.result.data.productId).toBe(c);
    expect((await mutate('wishlist.add', { productId: 'bad' }, other)).status).toBe(400);
    expect((await mutate('wishlist.add', {}, other)).status).toBe(400);
    expect(
      (await mutate('wishlist.add', { productId: '00000000-0000-4000-8000-000000000000' }, other))
        .status,
    ).toBe(404);
  });
});
