// Every REST detail listed under "Contracts" in design.md that belongs to accounts, catalogue,
// reviews, wishlist and cart, checked over real HTTP the way an existing client would call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView, ProductPage, ProductView, WishItemView, WishlistView } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';

/** Product answers carry category { name }, at least two images, size rows with units, and reviews with user.firstName. */
function expectProductShape(p: ProductView) {
  expect(typeof p._id).toBe('string');
  expect(p.category).toEqual({ name: expect.any(String) });
  expect(p.imageUrls.length).toBeGreaterThanOrEqual(2);
  for (const image of p.imageUrls) expect(image).toEqual({ imageUrl: expect.any(String) });
  for (const size of p.sizes) {
    // The spec's three fields as display strings; later additions (a size's own price and its
    // breakup under metal pricing) ride beside them.
    expect(size).toMatchObject({
      weight: expect.stringMatching(/^\d+(\.\d+)? g$/),
      size: expect.stringMatching(/^(\d+(\.\d+)? MM)?$/),
      stock: expect.any(Number),
    });
  }
  for (const review of p.reviews) expect(review.user.firstName).toEqual(expect.any(String));
  for (const money of [p.price, p.discountedPrice, p.discountPercent])
    expect(Number.isInteger(money)).toBe(true);
}

describe('design.md contracts: accounts, catalogue, reviews, wishlist, cart', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  let admin: string;
  let customer: string;
  let reviewed: ProductView;

  beforeAll(async () => {
    server = await startTestServer();
    http = httpClient(server.baseUrl);
    admin = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin)).body.jwt;
    customer = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.customer)).body.jwt;
    const row = await server.database.db
      .selectFrom('reviews')
      .select('product_id')
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    reviewed = (await http.get<ProductView>(`/api/products/id/${row.product_id}`)).body;
  });
  afterAll(() => server.close());

  it('GET /api/users answers a bare array', async () => {
    const res = await http.get<unknown>('/api/users', { token: admin });
    expect(Array.isArray(res.body)).toBe(true);
  });

  it('every product answer carries category { name }, two or more imageUrls and reviews with user.firstName', async () => {
    const listing = await http.get<ProductPage>('/api/products?pageSize=100');
    expect(Object.keys(listing.body)).toEqual(
      expect.arrayContaining(['content', 'totalPages', 'currentPage']),
    );
    listing.body.content.forEach(expectProductShape);
    expectProductShape(reviewed);
    expect(reviewed.reviews.length).toBeGreaterThan(0);
    (
      await http.get<{ content: ProductView[] }>('/api/products/search?q=ring')
    ).body.content.forEach(expectProductShape);
    (await http.get<ProductView[]>(`/api/products/id/${reviewed._id}/similar`)).body.forEach(
      expectProductShape,
    );
    const wish = await http.put<WishItemView>(
      '/api/wish/add',
      { productId: reviewed._id },
      { token: customer },
    );
    expectProductShape(wish.body.product);
    const reviews = await http.get<{ user: { firstName: string } }[]>(
      `/api/reviews/product/${reviewed._id}`,
    );
    for (const review of reviews.body) expect(review.user.firstName).toEqual(expect.any(String));
  });

  it('filters sent as empty strings or the text "undefined" mean absent', async () => {
    const plain = await http.get<ProductPage>('/api/products?category=ring');
    const empty = await http.get<ProductPage>(
      '/api/products?category=ring&color=&type=&occasion=&minDiscount=&sort=',
    );
    const undef = await http.get<ProductPage>(
      '/api/products?category=ring&pageSize=undefined&pageNumber=undefined&color=undefined&maxPrice=undefined',
    );
    expect(empty.body).toEqual(plain.body);
    expect(undef.body).toEqual(plain.body);
  });

  it('PUT /api/cart/add answers the whole cart with cartItems; the weight string picks the size row', async () => {
    const sized = (
      await http.get<ProductPage>('/api/products?category=ring&pageSize=50')
    ).body.content.find((p) => p.sizes.length > 1 && p.sizes[1]!.stock > 0)!;
    const size = sized.sizes[1]!;
    const res = await http.put<CartView>(
      '/api/cart/add',
      { productId: sized._id, weight: size.weight },
      { token: customer },
    );
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(
      expect.arrayContaining([
        '_id',
        'cartItems',
        'totalItem',
        'totalPrice',
        'discount',
        'totalDiscountedPrice',
      ]),
    );
    const line = res.body.cartItems.find((i) => i.product._id === sized._id)!;
    expect(line.weight).toBe(size.weight);
    expect(line.width).toBe(Number.parseFloat(size.size));
    expect(typeof line._id).toBe('string');
    for (const money of [
      res.body.totalPrice,
      res.body.discount,
      res.body.totalDiscountedPrice,
      line.price,
      line.discountedPrice,
    ]) {
      expect(Number.isInteger(money)).toBe(true);
    }
  });

  it('DELETE /api/wish/{productId} takes the product id; wish items are { _id, product }', async () => {
    const list = await http.get<WishlistView>('/api/wish', { token: customer });
    const item = list.body.wishItems[0]!;
    expect(Object.keys(item).sort()).toEqual(['_id', 'product']);
    // The wish item's own id is not what this path takes.
    expect((await http.delete(`/api/wish/${item._id}`, { token: customer })).status).toBe(404);
    expect((await http.delete(`/api/wish/${item.product._id}`, { token: customer })).status).toBe(
      200,
    );
  });

  it("GET /api/reviews/product/{id} and GET /api/ratings/product/{id} list a product's reviews and ratings", async () => {
    const reviews = await http.get<unknown[]>(`/api/reviews/product/${reviewed._id}`);
    const ratings = await http.get<unknown[]>(`/api/ratings/product/${reviewed._id}`);
    expect(reviews.body).toHaveLength(reviewed.reviews.length);
    expect(ratings.body).toHaveLength(reviewed.ratings.length);
  });

  it('"Bearer null" and "Bearer undefined" mean no token: public paths answer, guarded paths 401, never 500', async () => {
    for (const token of ['null', 'undefined']) {
      expect((await http.get('/api/products', { token })).status).toBe(200);
      expect((await http.get(`/api/products/id/${reviewed._id}`, { token })).status).toBe(200);
      expect((await http.get('/api/products/search?q=ring', { token })).status).toBe(200);
      expect((await http.get(`/api/reviews/product/${reviewed._id}`, { token })).status).toBe(200);
      for (const [method, path] of [
        ['GET', '/api/users/profile'],
        ['GET', '/api/users'],
        ['GET', '/api/wish'],
        ['GET', '/api/cart'],
        ['PUT', '/api/cart/add'],
        ['PUT', '/api/wish/add'],
        ['POST', '/api/reviews/create'],
        ['POST', '/api/ratings/create'],
        ['POST', '/api/admin/products'],
        ['POST', '/api/uploads'],
      ] as const) {
        expect(
          (await http.call(method, path, { token, body: method === 'GET' ? undefined : {} }))
            .status,
          `${method} ${path}`,
        ).toBe(401);
      }
    }
  });

  it('the profile lists addresses under address (an array, possibly empty)', async () => {
    const res = await http.get<{ address: unknown }>('/api/users/profile', { token: admin });
    expect(res.body.address).toEqual([]);
  });

  it('paths answer with or without a trailing slash', async () => {
    expect((await http.get<ProductPage>('/api/products/')).body.content.length).toBeGreaterThan(0);
    expect((await http.get('/api/cart/', { token: customer })).status).toBe(200);
    expect((await http.get('/api/wish/', { token: customer })).status).toBe(200);
    expect((await http.get('/api/users/profile/', { token: customer })).status).toBe(200);
    expect((await http.get(`/api/products/id/${reviewed._id}/`)).status).toBe(200);
  });

  it('answers CORS preflights on these paths for the configured origin', async () => {
    for (const path of [
      '/api/cart/add',
      '/api/cart_item/x',
      '/api/wish/add',
      '/api/users/profile',
      '/api/reviews/create',
      '/api/admin/products',
      '/api/uploads',
      '/api/products/search',
    ]) {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(res.status, path).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
        'authorization',
      );
    }
  });

  it('polling is never rate-limited: 150 quick reads of cart, wishlist and products all answer 200', async () => {
    const calls = Array.from({ length: 50 }, () => [
      http.get('/api/cart', { token: customer }),
      http.get('/api/wish', { token: customer }),
      http.get('/api/products?pageSize=1'),
    ]).flat();
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('a client that knows only spec section 7 can sign up, browse, review, wish, fill a cart and read it all back', async () => {
    const signup = await http.post<{ jwt: string; message: string }>('/auth/signup', {
      firstName: 'Spec',
      lastName: 'Client',
      email: 'spec.client@example.com',
      password: 'Spec@1234',
    });
    expect(signup.body.message).toEqual(expect.any(String));
    const login = await http.post<{ jwt: string }>('/auth/login', {
      email: 'spec.client@example.com',
      password: 'Spec@1234',
    });
    const token = login.body.jwt;
    const me = await http.get<{ _id: string; firstName: string; address: unknown[] }>(
      '/api/users/profile',
      { token },
    );
    expect(me.body.firstName).toBe('Spec');

    const home = await http.get<ProductPage>(
      '/api/products?category=jewellery&minPrice=10&maxPrice=1000000&minDiscount=0&maxDiscount=100&sort=low_to_high&pageNumber=1&pageSize=12&color=&occasion=&type=',
      { token },
    );
    expect(home.body.content).toHaveLength(12);
    const product = home.body.content.find((p) => p.sizes.some((s) => s.stock >= 3))!;
    const detail = await http.get<ProductView>(`/api/products/id/${product._id}`, { token });
    expect(detail.body._id).toBe(product._id);

    await http.post(
      '/api/reviews/create',
      { review: 'Perfect gift', rating: 5, productId: product._id },
      { token },
    );
    await http.post(
      '/api/ratings/create',
      { review: 'Perfect gift', rating: 5, productId: product._id },
      { token },
    );
    const reloaded = await http.get<ProductView>(`/api/products/id/${product._id}`, { token });
    expect(
      reloaded.body.reviews.some((r) => r.review === 'Perfect gift' && r.user.firstName === 'Spec'),
    ).toBe(true);

    const wish = await http.put<Pick<WishItemView, 'product'>>(
      '/api/wish/add',
      { productId: product._id },
      { token },
    );
    expect(wish.body.product._id).toBe(product._id);
    const size = product.sizes.find((s) => s.stock >= 3)!;
    const cart = await http.put<CartView>(
      '/api/cart/add',
      { productId: product._id, weight: size.weight },
      { token },
    );
    const line = cart.body.cartItems[0]!;
    const plus = await http.put<CartView>(
      `/api/cart_item/${line._id}`,
      { quantity: line.quantity + 1 },
      { token },
    );
    expect(plus.body.totalItem).toBe(2);
    const minus = await http.put<CartView>(
      `/api/cart_item/${line._id}`,
      { quantity: 1 },
      { token },
    );
    expect(minus.body.totalItem).toBe(1);
    const final = await http.get<CartView>('/api/cart', { token });
    // A size priced by metal rate carries its own price; otherwise the product's applies.
    const price = size.price ?? product.price;
    const discountedPrice = size.discountedPrice ?? product.discountedPrice;
    expect(final.body.totalPrice).toBe(price);
    expect(final.body.totalDiscountedPrice).toBe(discountedPrice);
    expect(final.body.discount).toBe(price - discountedPrice);
    const wishlist = await http.get<Pick<WishlistView, 'wishItems'>>('/api/wish', { token });
    expect(wishlist.body.wishItems.map((w) => w.product._id)).toEqual([product._id]);
    expect(
      (await http.delete<CartView>(`/api/cart_item/${line._id}`, { token })).body.cartItems,
    ).toEqual([]);
  });
});
