import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView, ProductPage, ProductView } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { httpClient, startTestServer, trpcCalls, type TestServer } from '@kanak/testkit';

const payload = {
  imageUrls: [
    { imageUrl: '/media/art/ring-gold-a.svg' },
    { imageUrl: '/media/art/ring-gold-b.svg' },
  ],
  title: 'Moonlit Platinum Couple Rings',
  brand: 'Kanak',
  color: 'white',
  discountedPrice: 45000,
  price: 60000,
  discountPercent: 99,
  description: 'A pair of platinum bands.',
  details: 'Hallmarked platinum, 2 pieces.',
  occasion: 'engagement',
  quantity: 4,
  collectionName: 'new-arrival',
  type: 'platinum',
  sizes: [
    { weight: '6', size: '16', stock: 3 },
    { weight: '7 g', size: '17 MM', stock: '2' },
  ],
  topLevelCategory: 'platinum',
  secondLevelCategory: 'wedding',
  thirdLevelCategory: 'couple-ring',
};

describe('admin products over REST and tRPC', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  let admin: string;
  let customer: string;
  let created: ProductView;

  const { query, mutate } = trpcCalls(() => http);

  beforeAll(async () => {
    server = await startTestServer();
    http = httpClient(server.baseUrl);
    admin = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin)).body.jwt;
    customer = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.customer)).body.jwt;
  });
  afterAll(() => server.close());

  it('answers 401 without a token and 403 to customers on every admin product path', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const token of [undefined, 'null', customer]) {
      const expected = token === customer ? 403 : 401;
      expect((await http.post('/api/admin/products', payload, { token })).status).toBe(expected);
      expect((await http.put(`/api/admin/products/${id}`, payload, { token })).status).toBe(
        expected,
      );
      expect((await http.delete(`/api/admin/products/${id}`, { token })).status).toBe(expected);
      expect((await http.get('/api/admin/products', { token })).status).toBe(expected);
      expect((await mutate('catalog.create', payload, token)).status).toBe(expected);
      expect(
        (await mutate('catalog.update', { productId: id, product: payload }, token)).status,
      ).toBe(expected);
      expect((await mutate('catalog.remove', { productId: id }, token)).status).toBe(expected);
      expect((await query('catalog.adminList', {}, token)).status).toBe(expected);
    }
  });

  it('POST /api/admin/products creates the product with normalised sizes, a recomputed discount and new categories', async () => {
    const res = await http.post<ProductView>('/api/admin/products', payload, { token: admin });
    expect(res.status).toBe(201);
    created = res.body;
    expect(created).toMatchObject({
      title: payload.title,
      price: 60000,
      discountedPrice: 45000,
      discountPercent: 25,
      category: { name: 'couple-ring' },
      topLevelCategory: 'platinum',
      secondLevelCategory: 'wedding',
      thirdLevelCategory: 'couple-ring',
      imageUrls: payload.imageUrls,
      sizes: [
        { weight: '6 g', size: '16 MM', stock: 3 },
        { weight: '7 g', size: '17 MM', stock: 2 },
      ],
    });
    const read = await http.get<ProductView>(`/api/products/id/${created._id}`);
    expect(read.body).toEqual(created);
    // The new category is found by the listing.
    const listing = await http.get<ProductPage>('/api/products?category=couple-ring&pageSize=100');
    expect(listing.body.content.some((p) => p._id === created._id)).toBe(true);
  });

  it('listing totals follow product writes at once (the count cache is cleared)', async () => {
    type Totals = { totalElements: number };
    const total = async () =>
      (await http.get<Totals>('/api/products?category=hoop&color=rose')).body.totalElements;
    const before = await total();
    expect(await total()).toBe(before);
    const created = await http.post<ProductView>(
      '/api/admin/products',
      {
        ...payload,
        title: 'Cache Hoop',
        color: 'rose',
        secondLevelCategory: 'earrings',
        thirdLevelCategory: 'hoop',
      },
      { token: admin },
    );
    expect(created.status).toBe(201);
    expect(await total()).toBe(before + 1);
    expect(
      (await http.delete(`/api/admin/products/${created.body._id}`, { token: admin })).status,
    ).toBe(200);
    expect(await total()).toBe(before);
  });

  it('a product saved with one image still answers two imageUrls (the second shows on hover)', async () => {
    const one = await http.post<ProductView>(
      '/api/admin/products',
      {
        ...payload,
        title: 'Single Image',
        imageUrls: [{ imageUrl: '/media/art/ring-gold-a.svg' }],
      },
      { token: admin },
    );
    expect(one.status).toBe(201);
    expect(one.body.imageUrls).toEqual([
      { imageUrl: '/media/art/ring-gold-a.svg' },
      { imageUrl: '/media/art/ring-gold-a.svg' },
    ]);
    // Saving the answer back (as an edit form does) still stores one image.
    const saved = await http.put<ProductView>(
      `/api/admin/products/${one.body._id}`,
      { ...payload, imageUrls: one.body.imageUrls },
      { token: admin },
    );
    expect(saved.body.imageUrls).toEqual(one.body.imageUrls);
    const stored = await server.database.db
      .selectFrom('product_images')
      .select('url')
      .where('product_id', '=', one.body._id)
      .execute();
    expect(stored).toEqual([{ url: '/media/art/ring-gold-a.svg' }]);
    expect(
      (await http.delete(`/api/admin/products/${one.body._id}`, { token: admin })).status,
    ).toBe(200);
  });

  it('refuses invalid products with the field named in the message', async () => {
    const post = (body: unknown) =>
      http.post<{ message: string }>('/api/admin/products', body, { token: admin });
    const { title: _title, ...noTitle } = payload;
    expect((await post(noTitle)).body.message).toBe('Title is required');
    expect((await post({ ...payload, color: 'purple' })).body.message).toMatch(
      /^Color must be one of/,
    );
    expect((await post({ ...payload, price: -5 })).body.message).toBe('Price cannot be negative');
    expect((await post({ ...payload, price: 'abc' })).status).toBe(400);
    expect((await post({ ...payload, discountedPrice: 70000 })).body.message).toBe(
      'Discounted Price cannot exceed Price',
    );
    expect((await post({ ...payload, sizes: [{ weight: '', stock: 1 }] })).body.message).toMatch(
      /^Weight is required/,
    );
    expect((await post({ ...payload, sizes: [{ weight: '5', stock: -1 }] })).status).toBe(400);
    expect((await post({ ...payload, quantity: 1e12 })).status).toBe(400);
    // Whole numbers for integer columns: 5e-324 is not one (it used to reach PostgreSQL: 500).
    expect((await post({ ...payload, price: 5e-324 })).body.message).toBe(
      'Price must be a whole number',
    );
    expect((await post({ ...payload, quantity: 2 ** 31 })).status).toBe(400);
    expect((await post({ ...payload, sizes: [{ weight: '5', stock: 0.5 }] })).body.message).toBe(
      'Stock must be a whole number',
    );
    expect((await post({ ...payload, thirdLevelCategory: 'spoon' })).status).toBe(400);
    expect((await post({ ...payload, imageUrls: [] })).body.message).toBe(
      'At least one image is required',
    );
    expect((await post({ ...payload, description: 'x'.repeat(1_100_000) })).status).toBe(413);
    expect((await post('[]')).status).toBe(400);
  });

  it('refuses a selling price below ₹1 with a 400 naming the field: typed, edited, or from the metal rate', async () => {
    // Before: a discounted price of 0 was saved, and the piece sold for nothing.
    const refusal = 'Discounted Price must be at least ₹1: a piece cannot be sold for less';
    const post = (body: unknown) =>
      http.post<{ message: string }>('/api/admin/products', body, { token: admin });
    const free = await post({ ...payload, discountedPrice: 0 });
    expect(free.status).toBe(400);
    expect(free.body.message).toBe(refusal);
    expect(
      (await mutate('catalog.create', { ...payload, discountedPrice: '0' }, admin)).status,
    ).toBe(400);
    const saved = await post(payload);
    expect(saved.status).toBe(201);
    const id = (saved.body as unknown as ProductView)._id;
    const edit = await http.put<{ message: string }>(
      `/api/admin/products/${id}`,
      { ...payload, discountedPrice: 0 },
      { token: admin },
    );
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe(refusal);
    // Metal-priced: a milligram of silver at today's rate with no making charge sells for ₹0.
    const metal = await post({
      ...payload,
      title: 'Silver Speck',
      type: 'silver',
      topLevelCategory: 'silver',
      price: undefined,
      discountedPrice: undefined,
      pricing: {
        basis: 'metal',
        metal: 'silver',
        purity: '925',
        making: { kind: 'percent', value: 0 },
      },
      sizes: [{ weight: '1 g', size: '16 MM', stock: 1, netWeight: '0.001' }],
    });
    expect(metal.status).toBe(400);
    expect(metal.body.message).toMatch(
      /^The price at today’s metal rate \(net weight and making charge\) must be at least ₹1/,
    );
    expect(
      await server.database.db
        .selectFrom('products')
        .select('id')
        .where('title', '=', 'Silver Speck')
        .execute(),
    ).toEqual([]);
    await http.delete(`/api/admin/products/${id}`, { token: admin });
  });

  it('PUT /api/admin/products/{id} replaces fields, images and sizes; kept weights keep their cart lines', async () => {
    const cart = await http.put<CartView>(
      '/api/cart/add',
      { productId: created._id, weight: '6 g' },
      { token: customer },
    );
    expect(cart.status).toBe(200);

    const changed = {
      ...payload,
      title: 'Moonlit Platinum Bands',
      price: 50000,
      discountedPrice: 50000,
      imageUrls: [
        { imageUrl: '/media/art/ring-platinum-a.svg' },
        { imageUrl: '/media/art/ring-platinum-b.svg' },
        { imageUrl: '/media/art/ring-platinum-c.svg' },
      ],
      sizes: [
        { weight: '6 g', size: '15 MM', stock: 9 },
        { weight: '8 g', size: '18 MM', stock: 1 },
      ],
      secondLevelCategory: 'rings',
      thirdLevelCategory: 'ring',
    };
    const res = await http.put<ProductView>(`/api/admin/products/${created._id}`, changed, {
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: created._id,
      title: 'Moonlit Platinum Bands',
      discountPercent: 0,
      category: { name: 'ring' },
      secondLevelCategory: 'rings',
      imageUrls: changed.imageUrls,
      sizes: [
        { weight: '6 g', size: '15 MM', stock: 9 },
        { weight: '8 g', size: '18 MM', stock: 1 },
      ],
    });
    const after = await http.get<CartView>('/api/cart', { token: customer });
    expect(after.body.cartItems.find((i) => i.product._id === created._id)).toMatchObject({
      weight: '6 g',
      quantity: 1,
    });

    expect(
      (
        await http.put(
          `/api/admin/products/${created._id}`,
          { ...changed, price: 'free' },
          { token: admin },
        )
      ).status,
    ).toBe(400);
    expect(
      (await http.put('/api/admin/products/not-an-id', changed, { token: admin })).status,
    ).toBe(400);
    expect(
      (
        await http.put('/api/admin/products/00000000-0000-4000-8000-000000000000', changed, {
          token: admin,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await http.put(
          `/api/admin/products/${created._id}`,
          { ...changed, sizes: [{ weight: '6 g' }, { weight: '6' }] },
          { token: admin },
        )
      ).body,
    ).toMatchObject({
      message: 'Each size row needs a different weight',
    });
  });

  it('GET /api/admin/products lists newest first with text search over title and brand', async () => {
    const first = await http.get<ProductPage>('/api/admin/products?pageSize=5', { token: admin });
    expect(first.status).toBe(200);
    expect(first.body.content).toHaveLength(5);
    expect(first.body.content[0]!._id).toBe(created._id);
    expect(first.body.currentPage).toBe(1);
    expect(first.body.totalPages).toBe(Math.ceil(first.body.totalElements / 5));

    const found = await http.get<ProductPage>('/api/admin/products?q=moonlit%20bands', {
      token: admin,
    });
    expect(found.body.content.map((p) => p._id)).toEqual([created._id]);
    const byBrand = await http.get<ProductPage>('/api/admin/products?q=swarnika&pageSize=100', {
      token: admin,
    });
    expect(byBrand.body.content.length).toBeGreaterThan(0);
    expect(
      byBrand.body.content.every((p) => p.brand === 'Swarnika' || /swarnika/i.test(p.title)),
    ).toBe(true);

    const trpc = await query<ProductPage>('catalog.adminList', { pageSize: 5 }, admin);
    expect(trpc.body.result.data).toEqual(first.body);
    expect(
      (await query<ProductPage>('catalog.adminList', undefined, admin)).body.result.data.content,
    ).toHaveLength(20);

    expect((await http.get('/api/admin/products?page=0', { token: admin })).status).toBe(400);
    expect((await http.get('/api/admin/products?pageSize=abc', { token: admin })).status).toBe(400);
    expect((await http.get('/api/admin/products?pageSize=1000', { token: admin })).status).toBe(
      400,
    );
    expect((await query('catalog.adminList', { page: -1 }, admin)).status).toBe(400);
  });

  it('DELETE /api/admin/products/{id} removes it; orders keep their copied items', async () => {
    const ordered = await server.database.db
      .selectFrom('order_items')
      .select(['order_id', 'product_id', 'title'])
      .where('product_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await http.delete<{ message: string }>(
      `/api/admin/products/${ordered.product_id}`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expect((await http.get(`/api/products/id/${ordered.product_id}`)).status).toBe(404);
    const kept = await server.database.db
      .selectFrom('order_items')
      .select(['product_id', 'title'])
      .where('order_id', '=', ordered.order_id)
      .where('title', '=', ordered.title)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ product_id: null, title: ordered.title });

    expect(
      (await http.delete(`/api/admin/products/${ordered.product_id}`, { token: admin })).status,
    ).toBe(404);
    expect((await http.delete('/api/admin/products/123', { token: admin })).status).toBe(400);
    expect(
      (await http.delete(`/api/admin/products/${'a'.repeat(5000)}`, { token: admin })).status,
    ).toBe(400);
  });

  it('catalog.create, update and remove work the same through tRPC', async () => {
    const made = await mutate<ProductView>(
      'catalog.create',
      { ...payload, title: 'Through tRPC', collectionName: 'Kanak' },
      admin,
    );
    expect(made.status).toBe(200);
    const product = made.body.result.data;
    expect(product).toMatchObject({
      title: 'Through tRPC',
      collectionName: 'Kanak',
      discountPercent: 25,
    });

    const updated = await mutate<ProductView>(
      'catalog.update',
      { productId: product._id, product: { ...payload, title: 'Renamed' } },
      admin,
    );
    expect(updated.body.result.data.title).toBe('Renamed');
    expect(
      (
        await mutate(
          'catalog.update',
          { productId: product._id, product: { ...payload, collectionName: 'random' } },
          admin,
        )
      ).status,
    ).toBe(400);
    expect(
      (await mutate('catalog.update', { productId: 'x', product: payload }, admin)).status,
    ).toBe(400);
    expect((await mutate('catalog.create', { ...payload, sizes: [] }, admin)).status).toBe(400);

    const removed = await mutate<{ message: string }>(
      'catalog.remove',
      { productId: product._id },
      admin,
    );
    expect(removed.status).toBe(200);
    expect((await mutate('catalog.remove', { productId: product._id }, admin)).status).toBe(404);
    expect((await mutate('catalog.remove', { productId: 42 }, admin)).status).toBe(400);
  });
});
