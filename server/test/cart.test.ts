import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { CartView } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { httpClient, startTestServer, trpcCalls, type TestServer } from '@kanak/testkit';

// A products ⨝ product_sizes row read straight from the database; core has no equivalent type.
interface SizeRow {
  product_id: string;
  weight: string;
  size: string;
  stock: number;
  price: number;
  discounted_price: number;
}

describe('cart over REST and tRPC', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  let customer: string;
  let other: string;
  let ring: SizeRow;
  let chain: SizeRow;

  const { query, mutate } = trpcCalls(() => http);

  /** A size row with enough stock, sized (a ring) or not (a chain). */
  const sizeRow = (sized: boolean) =>
    server.database.db
      .selectFrom('product_sizes')
      .innerJoin('products', 'products.id', 'product_sizes.product_id')
      .select([
        'product_sizes.product_id',
        'product_sizes.weight',
        'product_sizes.size',
        'product_sizes.stock',
        // A size's own price when it has one (metal pricing), else the product's.
        sql<number>`coalesce(product_sizes.price, products.price)`.as('price'),
        sql<number>`coalesce(product_sizes.discounted_price, products.discounted_price)`.as(
          'discounted_price',
        ),
      ])
      .where('product_sizes.stock', '>=', 5)
      .where('product_sizes.size', sized ? '!=' : '=', '')
      .whereRef('products.discounted_price', '<', 'products.price')
      .orderBy('product_sizes.id')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    // One zone insuring up to the orders' column limit: the ₹210 crore order below tests the
    // totals' integer bound, not the delivery cap (server/test/delivery.test.ts does that).
    server = await startTestServer({
      DELIVERY_ZONES: JSON.stringify([
        {
          zone: 'vault',
          prefixes: ['1', '2', '3', '4', '5', '6', '7', '8'],
          days: 3,
          insuredCap: 2_147_483_647,
        },
      ]),
    });
    http = httpClient(server.baseUrl);
    customer = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.customer)).body.jwt;
    other = (
      await http.post<{ jwt: string }>('/auth/signup', {
        firstName: 'Other',
        lastName: 'Buyer',
        email: 'other.cart@example.com',
        password: 'Other@123',
      })
    ).body.jwt;
    ring = await sizeRow(true);
    chain = await sizeRow(false);
  });
  afterAll(() => server.close());

  it('refuses every cart path without a token, also with "Bearer null"', async () => {
    expect((await http.get('/api/cart')).status).toBe(401);
    expect((await http.get('/api/cart', { token: 'null' })).status).toBe(401);
    expect((await http.get('/api/cart', { token: 'undefined' })).status).toBe(401);
    expect((await http.get('/api/cart', { token: 'not.a.jwt' })).status).toBe(401);
    expect(
      (await http.put('/api/cart/add', { productId: ring.product_id, weight: ring.weight })).status,
    ).toBe(401);
    expect(
      (await http.put('/api/cart_item/00000000-0000-4000-8000-000000000000', { quantity: 1 }))
        .status,
    ).toBe(401);
    expect((await http.delete('/api/cart_item/00000000-0000-4000-8000-000000000000')).status).toBe(
      401,
    );
    expect((await http.post('/api/cart/merge', { items: [] })).status).toBe(401);
    expect((await query('cart.get', undefined)).status).toBe(401);
    expect(
      (await mutate('cart.add', { productId: ring.product_id, weight: ring.weight })).status,
    ).toBe(401);
    expect(
      (await mutate('cart.updateItem', { cartItemId: ring.product_id, quantity: 1 })).status,
    ).toBe(401);
    expect((await mutate('cart.removeItem', { cartItemId: ring.product_id })).status).toBe(401);
    expect((await mutate('cart.merge', { items: [] }, 'null')).status).toBe(401);
  });

  it('starts empty, then PUT /api/cart/add answers the whole cart with line totals', async () => {
    const empty = await http.get<CartView>('/api/cart', { token: customer });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      cartItems: [],
      totalItem: 0,
      totalPrice: 0,
      discount: 0,
      totalDiscountedPrice: 0,
    });

    const added = await http.put<CartView>(
      '/api/cart/add',
      { productId: ring.product_id, weight: ring.weight },
      { token: customer },
    );
    expect(added.status).toBe(200);
    expect(added.body.cartItems).toHaveLength(1);
    const again = await http.put<CartView>(
      '/api/cart/add',
      { productId: ring.product_id, weight: ring.weight },
      { token: customer },
    );
    const line = again.body.cartItems[0]!;
    expect(again.body.cartItems).toHaveLength(1);
    expect(line.quantity).toBe(2);
    expect(line.weight).toBe(ring.weight);
    expect(line.size).toBe(ring.size);
    expect(line.width).toBe(Number.parseFloat(ring.size));
    expect(line.stock).toBe(ring.stock);
    expect(line.price).toBe(ring.price * 2);
    expect(line.discountedPrice).toBe(ring.discounted_price * 2);
    expect(line.product._id).toBe(ring.product_id);
    expect(typeof line.product.category.name).toBe('string');
    expect(again.body).toMatchObject({
      totalItem: 2,
      totalPrice: ring.price * 2,
      totalDiscountedPrice: ring.discounted_price * 2,
      discount: (ring.price - ring.discounted_price) * 2,
    });

    // The weight may be sent without its unit; a piece without a size has width null.
    const chainCart = await http.put<CartView>(
      '/api/cart/add',
      { productId: chain.product_id, weight: chain.weight.replace(' g', ''), quantity: 3 },
      { token: customer },
    );
    expect(chainCart.status).toBe(200);
    const chainLine = chainCart.body.cartItems.find((i) => i.product._id === chain.product_id)!;
    expect(chainLine).toMatchObject({ quantity: 3, size: '', width: null });
    expect(chainCart.body.totalItem).toBe(5);
    expect(chainCart.body.totalPrice).toBe(ring.price * 2 + chain.price * 3);

    const read = await http.get<CartView>('/api/cart', { token: customer });
    expect(read.body).toEqual(chainCart.body);
  });

  it('refuses bad add-to-cart input with 4xx and clear messages', async () => {
    const put = (body: unknown) =>
      http.put<{ message: string }>('/api/cart/add', body, { token: customer });
    const missingWeight = await put({ productId: ring.product_id });
    expect(missingWeight.status).toBe(400);
    expect(missingWeight.body.message).toMatch(/weight/);
    const malformed = await put({ productId: 'abc', weight: '5 g' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Product id is not valid');
    expect(
      (await put({ productId: '00000000-0000-4000-8000-000000000000', weight: '5 g' })).status,
    ).toBe(404);
    const noSuchWeight = await put({ productId: ring.product_id, weight: '999 g' });
    expect(noSuchWeight.status).toBe(404);
    expect(noSuchWeight.body.message).toContain('999 g');
    expect(
      (await put({ productId: ring.product_id, weight: ring.weight, quantity: -1 })).status,
    ).toBe(400);
    expect(
      (await put({ productId: ring.product_id, weight: ring.weight, quantity: 1e9 })).status,
    ).toBe(400);
    expect(
      (await put({ productId: ring.product_id, weight: ring.weight, quantity: '2' })).status,
    ).toBe(400);
    expect((await put({ productId: 42, weight: ring.weight })).status).toBe(400);
    // A NUL never reaches PostgreSQL (it is dropped); no size row weighs 999 g.
    expect((await put({ productId: ring.product_id, weight: '999\u0000 g' })).status).toBe(404);
    expect((await put([1, 2, 3])).status).toBe(400);
    expect((await put('{"productId":')).status).toBe(400);
    expect((await put({ productId: ring.product_id, weight: 'x'.repeat(2_000_000) })).status).toBe(
      413,
    );
  });

  it('keeps quantities within stock and refuses sold-out sizes with 409', async () => {
    const tooMany = await http.put<{ message: string }>(
      '/api/cart/add',
      { productId: ring.product_id, weight: ring.weight, quantity: ring.stock },
      { token: customer },
    );
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toContain(`Only ${ring.stock}`);
    await server.database.db
      .updateTable('product_sizes')
      .set({ stock: 0 })
      .where('product_id', '=', chain.product_id)
      .where('weight', '=', chain.weight)
      .execute();
    const soldOut = await http.put<{ message: string }>(
      '/api/cart/add',
      { productId: chain.product_id, weight: chain.weight },
      { token: other },
    );
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.message).toBe('This size is out of stock');
    await server.database.db
      .updateTable('product_sizes')
      .set({ stock: chain.stock })
      .where('product_id', '=', chain.product_id)
      .where('weight', '=', chain.weight)
      .execute();
  });

  it('changes and removes lines with PUT/DELETE /api/cart_item/{id}, only in the own cart', async () => {
    const cart = (await http.get<CartView>('/api/cart', { token: customer })).body;
    const line = cart.cartItems.find((i) => i.product._id === ring.product_id)!;

    const updated = await http.put<CartView>(
      `/api/cart_item/${line._id}`,
      { quantity: 1 },
      { token: customer },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.cartItems.find((i) => i._id === line._id)!.quantity).toBe(1);
    expect(updated.body.totalItem).toBe(4);

    const over = await http.put<{ message: string }>(
      `/api/cart_item/${line._id}`,
      { quantity: ring.stock + 1 },
      { token: customer },
    );
    expect(over.status).toBe(ring.stock + 1 > 99 ? 400 : 409);
    for (const bad of [
      { quantity: 0 },
      { quantity: -1 },
      { quantity: 1.5 },
      { quantity: 'two' },
      { quantity: 1e12 },
      {},
    ]) {
      expect((await http.put(`/api/cart_item/${line._id}`, bad, { token: customer })).status).toBe(
        400,
      );
    }
    const malformed = await http.put<{ message: string }>(
      '/api/cart_item/12',
      { quantity: 1 },
      { token: customer },
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Cart item id is not valid');
    expect(
      (
        await http.put(
          '/api/cart_item/00000000-0000-4000-8000-000000000000',
          { quantity: 1 },
          { token: customer },
        )
      ).status,
    ).toBe(404);

    // Another user can neither change nor delete it, nor see it.
    expect(
      (await http.put(`/api/cart_item/${line._id}`, { quantity: 2 }, { token: other })).status,
    ).toBe(404);
    expect((await http.delete(`/api/cart_item/${line._id}`, { token: other })).status).toBe(404);
    expect((await http.get<CartView>('/api/cart', { token: other })).body.cartItems).toHaveLength(
      0,
    );
    expect(
      (await mutate('cart.updateItem', { cartItemId: line._id, quantity: 2 }, other)).status,
    ).toBe(404);
    expect((await mutate('cart.removeItem', { cartItemId: line._id }, other)).status).toBe(404);

    expect((await http.delete('/api/cart_item/nope', { token: customer })).status).toBe(400);
    const removed = await http.delete<CartView>(`/api/cart_item/${line._id}`, { token: customer });
    expect(removed.status).toBe(200);
    expect(removed.body.cartItems.some((i) => i._id === line._id)).toBe(false);
    expect(removed.body.totalItem).toBe(3);
    expect((await http.delete(`/api/cart_item/${line._id}`, { token: customer })).status).toBe(404);
  });

  it('works the same through tRPC: cart.get, add, updateItem, removeItem', async () => {
    const added = await mutate<CartView>(
      'cart.add',
      { productId: ring.product_id, weight: ring.weight, quantity: 2 },
      other,
    );
    expect(added.status).toBe(200);
    const line = added.body.result.data.cartItems[0]!;
    expect(line.quantity).toBe(2);
    expect(added.body.result.data.totalDiscountedPrice).toBe(ring.discounted_price * 2);

    const read = await query<CartView>('cart.get', undefined, other);
    expect(read.body.result.data).toEqual(added.body.result.data);

    const updated = await mutate<CartView>(
      'cart.updateItem',
      { cartItemId: line._id, quantity: 3 },
      other,
    );
    expect(updated.body.result.data.cartItems[0]!.quantity).toBe(3);
    expect(
      (await mutate('cart.updateItem', { cartItemId: line._id, quantity: 0 }, other)).status,
    ).toBe(400);
    expect(
      (await mutate('cart.updateItem', { cartItemId: 'bad', quantity: 1 }, other)).status,
    ).toBe(400);
    expect(
      (await mutate('cart.add', { productId: 'bad', weight: ring.weight }, other)).status,
    ).toBe(400);
    const noWeight = await http.post<{ error: { message: string } }>(
      '/trpc/cart.add',
      { productId: ring.product_id },
      { token: other },
    );
    expect(noWeight.status).toBe(400);
    expect(noWeight.body.error.message).toBe('weight is required');
    expect(
      (
        await mutate(
          'cart.add',
          { productId: ring.product_id, weight: ring.weight, quantity: -3 },
          other,
        )
      ).status,
    ).toBe(400);

    const removed = await mutate<CartView>('cart.removeItem', { cartItemId: line._id }, other);
    expect(removed.body.result.data.cartItems).toHaveLength(0);
    expect((await mutate('cart.removeItem', { cartItemId: line._id }, other)).status).toBe(404);
  });

  it('serialises concurrent adds: never more than the stock, the rest refused with 409', async () => {
    const racer = (
      await http.post<{ jwt: string }>('/auth/signup', {
        firstName: 'Race',
        lastName: 'Buyer',
        email: 'race.cart@example.com',
        password: 'Race@1234',
      })
    ).body.jwt;
    await server.database.db
      .updateTable('product_sizes')
      .set({ stock: 3 })
      .where('product_id', '=', ring.product_id)
      .where('weight', '=', ring.weight)
      .execute();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        http.put<CartView>(
          '/api/cart/add',
          { productId: ring.product_id, weight: ring.weight },
          { token: racer },
        ),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    const cart = await http.get<CartView>('/api/cart', { token: racer });
    expect(cart.body.cartItems).toHaveLength(1);
    expect(cart.body.cartItems[0]!.quantity).toBe(3);
    await server.database.db
      .updateTable('product_sizes')
      .set({ stock: ring.stock })
      .where('product_id', '=', ring.product_id)
      .where('weight', '=', ring.weight)
      .execute();
  });

  it('merges a guest cart at login: adds to existing lines, caps at stock, skips vanished items', async () => {
    const fresh = (
      await http.post<{ jwt: string }>('/auth/signup', {
        firstName: 'Guest',
        lastName: 'Shopper',
        email: 'guest.merge@example.com',
        password: 'Guest@123',
      })
    ).body.jwt;
    await http.put(
      '/api/cart/add',
      { productId: ring.product_id, weight: ring.weight },
      { token: fresh },
    );
    const merged = await mutate<CartView>(
      'cart.merge',
      {
        items: [
          { productId: ring.product_id, weight: ring.weight, quantity: 2 },
          { productId: chain.product_id, weight: chain.weight, quantity: 99 },
          { productId: '00000000-0000-4000-8000-000000000000', weight: '5 g' },
          { productId: 'not-an-id', weight: '5 g' },
          { productId: ring.product_id, weight: '999 g' },
        ],
      },
      fresh,
    );
    expect(merged.status).toBe(200);
    const cart = merged.body.result.data;
    expect(cart.cartItems).toHaveLength(2);
    expect(cart.cartItems.find((i) => i.product._id === ring.product_id)!.quantity).toBe(3);
    expect(cart.cartItems.find((i) => i.product._id === chain.product_id)!.quantity).toBe(
      chain.stock,
    );

    const rest = await http.post<CartView>(
      '/api/cart/merge',
      { items: [{ productId: ring.product_id, weight: ring.weight }] },
      { token: fresh },
    );
    expect(rest.status).toBe(200);
    expect(rest.body.cartItems.find((i) => i.product._id === ring.product_id)!.quantity).toBe(4);
    expect((await http.post('/api/cart/merge', { items: 'all' }, { token: fresh })).status).toBe(
      400,
    );
    expect(
      (
        await http.post(
          '/api/cart/merge',
          {
            items: Array.from({ length: 101 }, () => ({
              productId: ring.product_id,
              weight: '1 g',
            })),
          },
          { token: fresh },
        )
      ).status,
    ).toBe(400);
    expect(
      (await mutate('cart.merge', { items: [{ productId: ring.product_id }] }, fresh)).status,
    ).toBe(400);
  });

  it('keeps a cart within what one order can hold (order totals are 32-bit integers)', async () => {
    const admin = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin)).body.jwt;
    const crown = await http.post<{ _id: string }>(
      '/api/admin/products',
      {
        imageUrls: [{ imageUrl: '/media/art/ring-gold-a.svg' }],
        title: 'Heirloom crown',
        brand: 'Kanak',
        color: 'yellow',
        price: 100_000_000,
        discountedPrice: 90_000_000,
        description: 'A crown',
        details: 'Gold',
        occasion: 'bridal',
        quantity: 1,
        collectionName: 'best-sellers',
        type: 'gold',
        sizes: [{ weight: '900 g', stock: 99 }],
        topLevelCategory: 'gold',
        secondLevelCategory: 'other',
        thirdLevelCategory: 'necklace',
      },
      { token: admin },
    );
    expect(crown.status).toBe(201);
    const buyer = (
      await http.post<{ jwt: string }>('/auth/signup', {
        firstName: 'Big',
        lastName: 'Spender',
        email: 'big.spender@example.com',
        password: 'Spend@1234',
      })
    ).body.jwt;
    const add = (quantity: number) =>
      http.put<{ message: string }>(
        '/api/cart/add',
        { productId: crown.body._id, weight: '900 g', quantity },
        { token: buyer },
      );
    // 21 × ₹10 crore fits under 2^31 - 1; a 22nd does not, added at once or later.
    expect((await add(22)).status).toBe(409);
    expect((await add(22)).body.message).toBe(
      'One order can come to at most ₹2,14,74,83,647: lower a quantity or check out part of the cart first',
    );
    const fits = await http.put<CartView>(
      '/api/cart/add',
      { productId: crown.body._id, weight: '900 g', quantity: 21 },
      { token: buyer },
    );
    expect(fits.status).toBe(200);
    expect(fits.body.totalPrice).toBe(2_100_000_000);
    expect((await add(1)).status).toBe(409);
    const line = fits.body.cartItems[0]!._id;
    expect(
      (await http.put(`/api/cart_item/${line}`, { quantity: 22 }, { token: buyer })).status,
    ).toBe(409);
    const merged = await http.post<CartView>(
      '/api/cart/merge',
      { items: [{ productId: crown.body._id, weight: '900 g', quantity: 5 }] },
      { token: buyer },
    );
    expect(merged.body.totalItem).toBe(21);
    const order = await http.post(
      '/api/orders',
      {
        firstName: 'Big',
        lastName: 'Spender',
        streetAddress: '1 Mint Street',
        city: 'Chennai',
        state: 'TN',
        zipCode: '600001',
        mobile: '9000000000',
      },
      { token: buyer },
    );
    expect(order.status).toBe(201);
  });
});
