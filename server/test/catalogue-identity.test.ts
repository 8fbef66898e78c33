// over REST and tRPC: SKUs and draft/live/archived states, one truth per fact (hallmark
// and priced purity, a card's price and its page's opening price), and numeric bounds that give a
// 400 naming the field, never a 500.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleOpeningPrices, type ProductPage, type ProductView } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { hallmarkOfPurity, isBisGoldMark, openingSize } from '@kanak/shared';
import { httpClient, startTestServer, trpcCalls, type TestServer } from '@kanak/testkit';

const fixed = {
  imageUrls: [{ imageUrl: '/media/art/ring-gold-a.svg' }],
  title: 'Identity Test Band',
  brand: 'Kanak',
  color: 'yellow',
  price: 30000,
  discountedPrice: 27000,
  description: 'A plain band.',
  details: 'Gold band.',
  occasion: 'casual',
  quantity: 1,
  collectionName: 'new-arrival',
  type: 'gold',
  sizes: [
    { weight: '4', size: '16', stock: 3 },
    { weight: '5', size: '17', stock: 2 },
  ],
  topLevelCategory: 'gold',
  secondLevelCategory: 'rings',
  thirdLevelCategory: 'ring',
};

const metalPriced = {
  ...fixed,
  title: 'Identity Test Rate Ring',
  price: undefined,
  discountedPrice: undefined,
  pricing: { basis: 'metal', metal: 'gold', purity: '22K', making: { kind: 'percent', value: 12 } },
  sizes: [
    { weight: '4', size: '16', stock: 3, netWeight: 3.4 },
    { weight: '5', size: '17', stock: 2, netWeight: 4.25 },
  ],
};

type ErrorBody = { error: string; message: string; details?: { path: string }[] };

describe('catalogue identity', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  let admin: string;
  let customer: string;
  const { query, mutate } = trpcCalls(() => http);
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer();
    http = httpClient(server.baseUrl);
    admin = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin)).body.jwt;
    customer = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.customer)).body.jwt;
  });
  afterAll(() => server.close());

  const create = async (body: unknown) =>
    http.post<ProductView & ErrorBody>('/api/admin/products', body, { token: admin });
  const visitorView = (id: string) => http.get<ProductView>(`/api/products/id/${id}`);
  const listingIds = async (query: string) =>
    (await http.get<ProductPage>(`/api/products?${query}`)).body.content.map((p) => p._id);

  describe('one truth per fact', () => {
    it('every seeded product carries the hallmark of the purity it is priced at (before: 20 gold pieces said 18K750 beside a 22K price)', async () => {
      const rows = await db()
        .selectFrom('products')
        .select(['title', 'type', 'pricing_basis', 'pricing_metal', 'pricing_purity', 'hallmark'])
        .execute();
      expect(rows.length).toBeGreaterThan(300);
      const disagreeing = rows.filter((p) =>
        p.pricing_basis === 'metal'
          ? p.hallmark !== hallmarkOfPurity(p.pricing_metal!, p.pricing_purity!)
          : // A fixed-priced piece states its purity once: its mark, on gold only.
            p.hallmark !== null &&
            (!isBisGoldMark(p.hallmark) || !['gold', 'diamond'].includes(p.type)),
      );
      expect(disagreeing).toEqual([]);
      const goldAt22K = rows.filter(
        (p) => p.pricing_metal === 'gold' && p.pricing_purity === '916',
      );
      expect(goldAt22K.length).toBeGreaterThan(20);
      expect(goldAt22K.every((p) => p.hallmark === '22K916')).toBe(true);

      const elegant = await db()
        .selectFrom('products')
        .select('id')
        .where('title', '=', 'Elegant Gold Ring')
        .executeTakeFirstOrThrow();
      const view = (await visitorView(elegant.id)).body;
      expect(view.hallmark).toBe('22K916');
      expect(view.sizes[0]!.priceBreakup?.purity).toBe('916');
    });

    it('derives a metal-priced piece’s hallmark and refuses a different one (400 naming it)', async () => {
      const made = await create(metalPriced);
      expect(made.status).toBe(201);
      expect(made.body.hallmark).toBe('22K916');
      const contradicting = await create({ ...metalPriced, hallmark: '18K750' });
      expect(contradicting.status).toBe(400);
      expect(contradicting.body.message).toMatch(/Hallmark follows the purity/);
      // Changing the priced purity moves the mark with it.
      const to18K = await http.put<ProductView>(
        `/api/admin/products/${made.body._id}`,
        { ...metalPriced, pricing: { ...metalPriced.pricing, purity: '750' } },
        { token: admin },
      );
      expect(to18K.status).toBe(200);
      expect(to18K.body.hallmark).toBe('18K750');
      // Even a write that bypasses the service cannot set the two apart (migration 021's trigger).
      await db()
        .updateTable('products')
        .set({ hallmark: '14K585' })
        .where('id', '=', made.body._id)
        .execute();
      expect((await visitorView(made.body._id)).body.hallmark).toBe('18K750');
    });

    it('a card’s price is its page’s opening price, the first size in stock (before: ₹63,407 on the card, ₹71,015 on the page)', async () => {
      const starlit = await db()
        .selectFrom('products')
        .select('id')
        .where('title', '=', 'Starlit Gold Engagement Ring')
        .executeTakeFirstOrThrow();
      const page = (await visitorView(starlit.id)).body;
      expect(page.sizes[0]!.stock).toBe(0);
      const opening = openingSize(page.sizes)!;
      expect(opening).not.toBe(page.sizes[0]);
      const listing = await http.get<ProductPage>(
        `/api/products?category=eangagement-ring&pageSize=100`,
      );
      const card = listing.body.content.find((p) => p._id === starlit.id)!;
      expect(card).toBeDefined();
      expect([card.price, card.discountedPrice]).toEqual([opening.price, opening.discountedPrice]);
      expect(card.discountedPrice).toBe(71015);
      // Every product whose first size is sold out, in every listing answer: the same rule.
      const soldOutFirst = await db()
        .selectFrom('product_sizes')
        .select('product_id')
        .where('position', '=', 0)
        .where('stock', '=', 0)
        .execute();
      expect(soldOutFirst.length).toBeGreaterThan(0);
      for (const { product_id } of soldOutFirst.slice(0, 10)) {
        const view = (await visitorView(product_id)).body;
        const first = openingSize(view.sizes)!;
        expect(view.discountedPrice).toBe(first.discountedPrice);
        expect(view.price).toBe(first.price);
      }
    });

    it('listings sort by the price their cards show, and a size selling out moves it (settleOpeningPrices)', async () => {
      const sortedBy = async () =>
        (await http.get<ProductPage>('/api/products?category=ring&pageSize=100&sort=high_to_low'))
          .body.content;
      const before = await sortedBy();
      const shown = before.map((p) => p.discountedPrice);
      expect(shown).toEqual([...shown].sort((a, b) => b - a));
      // The opening size of a metal-priced ring sells out (as the ledger would take it)…
      const ring = before.find(
        (p) => p.pricing?.basis === 'metal' && p.sizes.length > 1 && p.sizes[1]!.stock > 0,
      )!;
      const opening = openingSize(ring.sizes)!;
      await db()
        .updateTable('product_sizes')
        .set({ stock: 0 })
        .where('sku', '=', opening.sku!)
        .execute();
      // …and the worker's follow-up settles the stored price on the next size in stock.
      expect(await settleOpeningPrices(db(), [ring._id])).toBe(1);
      const stored = await db()
        .selectFrom('products')
        .select(['discounted_price'])
        .where('id', '=', ring._id)
        .executeTakeFirstOrThrow();
      const next = openingSize(
        ring.sizes.map((s) => (s.sku === opening.sku ? { ...s, stock: 0 } : s)),
      )!;
      expect(stored.discounted_price).toBe(next.discountedPrice);
      expect(await settleOpeningPrices(db(), [ring._id])).toBe(0);
    });
  });

  describe('SKUs', () => {
    it('every seeded product and size has a unique SKU, made from its category and id', async () => {
      const { rows } = await sql<{
        products: number;
        distinct_products: number;
        sizes: number;
        distinct_sizes: number;
      }>`
        SELECT (SELECT count(*) FROM products)::int AS products,
          (SELECT count(DISTINCT upper(sku)) FROM products)::int AS distinct_products,
          (SELECT count(*) FROM product_sizes)::int AS sizes,
          (SELECT count(DISTINCT upper(sku)) FROM product_sizes)::int AS distinct_sizes`.execute(
        db(),
      );
      expect(rows[0]!.distinct_products).toBe(rows[0]!.products);
      expect(rows[0]!.distinct_sizes).toBe(rows[0]!.sizes);
      const elegant = await db()
        .selectFrom('products')
        .select('sku')
        .where('id', '=', 'cf8cda5f-449c-5ee0-9ae7-d96bea98c890')
        .executeTakeFirstOrThrow();
      expect(elegant.sku).toBe('GRIN-CF8CDA5F');
    });

    it('generates SKUs when none is sent, keeps them on an edit, takes given ones and refuses a duplicate with a 400', async () => {
      const made = await create({ ...fixed, title: 'Identity SKU Band' });
      expect(made.status).toBe(201);
      expect(made.body.status).toBe('live');
      expect(made.body.sku).toMatch(/^GRIN-[0-9A-F]{8}$/);
      expect(made.body.sizes.map((s) => s.sku)).toEqual([
        `${made.body.sku}-4G`,
        `${made.body.sku}-5G`,
      ]);
      const kept = await http.put<ProductView>(
        `/api/admin/products/${made.body._id}`,
        { ...fixed, title: 'Identity SKU Band II' },
        { token: admin },
      );
      expect(kept.body.sku).toBe(made.body.sku);
      expect(kept.body.sizes[0]!.sku).toBe(made.body.sizes[0]!.sku);

      const named = await create({
        ...fixed,
        title: 'Identity Named Band',
        sku: 'kj-band-001',
        sizes: [{ weight: '4', stock: 1, sku: 'kj-band-001-s' }],
      });
      expect(named.status).toBe(201);
      expect(named.body.sku).toBe('KJ-BAND-001');
      expect(named.body.sizes[0]!.sku).toBe('KJ-BAND-001-S');

      const duplicate = await create({ ...fixed, sku: 'KJ-band-001' });
      expect(duplicate.status).toBe(400);
      expect(duplicate.body.message).toBe(
        'SKU KJ-BAND-001 is already used by "Identity Named Band"',
      );
      const duplicateSize = await mutate(
        'catalog.create',
        {
          ...fixed,
          sizes: [{ weight: '4', stock: 1, sku: 'KJ-BAND-001-S' }],
        },
        admin,
      );
      expect(duplicateSize.status).toBe(400);
      expect(JSON.stringify(duplicateSize.body)).toContain(
        'Size SKU KJ-BAND-001-S is already used by \\"Identity Named Band\\" (4 g)',
      );
      // Two sizes of one product may trade their SKUs in one save.
      const traded = await http.put<ProductView>(
        `/api/admin/products/${made.body._id}`,
        {
          ...fixed,
          sizes: [
            { ...fixed.sizes[0], sku: made.body.sizes[1]!.sku },
            { ...fixed.sizes[1], sku: made.body.sizes[0]!.sku },
          ],
        },
        { token: admin },
      );
      expect(traded.status).toBe(200);
      expect(traded.body.sizes.map((s) => s.sku)).toEqual([
        made.body.sizes[1]!.sku,
        made.body.sizes[0]!.sku,
      ]);
    });

    it('an exact SKU typed in the storefront or admin search finds its product alone', async () => {
      const elegant = 'cf8cda5f-449c-5ee0-9ae7-d96bea98c890';
      const page = await http.get<ProductPage>('/api/products/search/page?q=grin-cf8cda5f');
      expect(page.body.content.map((p) => p._id)).toEqual([elegant]);
      const bySize = await http.get<{ content: ProductView[] }>(
        `/api/products/search?q=${encodeURIComponent((await visitorView(elegant)).body.sizes[1]!.sku!)}`,
      );
      expect(bySize.body.content.map((p) => p._id)).toEqual([elegant]);
      const suggest = await http.get<{ products: { _id: string }[] }>(
        '/api/products/suggest?q=GRIN-CF8CDA5F',
      );
      expect(suggest.body.products.map((p) => p._id)).toEqual([elegant]);
      const adminPage = await http.get<ProductPage>('/api/admin/products?q=grin-cf8cda5f', {
        token: admin,
      });
      expect(adminPage.body.content.map((p) => p._id)).toEqual([elegant]);
    });
  });

  describe('draft, live and archived', () => {
    it('a draft is hidden from shoppers everywhere, shown in the admin, and a status change drops cached reads', async () => {
      const made = await create({ ...fixed, title: 'Identity Hidden Locket', sku: 'ID-DRAFT-1' });
      const id = made.body._id;
      // Read (and so cached) while live.
      expect((await visitorView(id)).status).toBe(200);
      expect(await listingIds('category=ring&pageSize=100&sort=high_to_low')).toContain(id);
      const toDraft = await mutate<ProductView>(
        'catalog.update',
        { productId: id, product: { ...fixed, title: 'Identity Hidden Locket', status: 'draft' } },
        admin,
      );
      expect(toDraft.status).toBe(200);
      expect(toDraft.body.result.data.status).toBe('draft');

      expect((await visitorView(id)).status).toBe(404);
      expect((await query('catalog.byId', { productId: id })).status).toBe(404);
      expect(await listingIds('category=ring&pageSize=100&sort=high_to_low')).not.toContain(id);
      const search = await http.get<ProductPage>('/api/products/search/page?q=hidden%20locket');
      expect(search.body.content.map((p) => p._id)).not.toContain(id);
      expect(
        (await http.get<ProductPage>('/api/products/search/page?q=ID-DRAFT-1')).body.content,
      ).toEqual([]);
      const sitemap = await http.get<string>('/sitemaps/products-1.xml');
      expect(sitemap.status).toBe(200);
      expect(String(sitemap.body)).toContain('cf8cda5f-449c-5ee0-9ae7-d96bea98c890');
      expect(String(sitemap.body)).not.toContain(id);
      const added = await http.put(
        '/api/cart/add',
        { productId: id, weight: '4 g' },
        { token: customer },
      );
      expect(added.status).toBe(404);

      const inAdmin = await http.get<ProductView>(`/api/admin/products/id/${id}`, { token: admin });
      expect(inAdmin.status).toBe(200);
      expect(inAdmin.body.status).toBe('draft');
      const adminSearch = await http.get<ProductPage>('/api/admin/products?q=id-draft-1', {
        token: admin,
      });
      expect(adminSearch.body.content.map((p) => p._id)).toEqual([id]);
      expect((await http.get(`/api/admin/products/id/${id}`, { token: customer })).status).toBe(
        403,
      );
    });

    it('an archived piece keeps its page marked archived, is not listed and is not sold (add to cart and order refused)', async () => {
      const made = await create({ ...fixed, title: 'Identity Retired Ring' });
      const id = made.body._id;
      // In the cart while live…
      expect(
        (await http.put('/api/cart/add', { productId: id, weight: '4 g' }, { token: customer }))
          .status,
      ).toBe(200);
      const archived = await http.put<ProductView>(
        `/api/admin/products/${id}`,
        { ...fixed, title: 'Identity Retired Ring', status: 'archived' },
        { token: admin },
      );
      expect(archived.body.status).toBe('archived');
      const page = await visitorView(id);
      expect(page.status).toBe(200);
      expect(page.body.status).toBe('archived');
      expect(await listingIds('category=ring&pageSize=100&sort=high_to_low')).not.toContain(id);
      const again = await http.put<ErrorBody>(
        '/api/cart/add',
        { productId: id, weight: '5 g' },
        { token: customer },
      );
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This piece is no longer sold');
      // …and the order of a cart holding it is refused, naming it.
      const order = await http.post<ErrorBody>(
        '/api/orders',
        {
          firstName: 'Priya',
          lastName: 'Sharma',
          streetAddress: '12 MG Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          zipCode: '560001',
          mobile: '9876543210',
        },
        { token: customer },
      );
      expect(order.status).toBe(409);
      expect(order.body.message).toBe(
        'Identity Retired Ring is no longer sold: remove it from your cart to order',
      );
    });
  });

  describe('numeric bounds', () => {
    // Every numeric field of the product input, with how to put a value in it.
    const fields: [string, (value: unknown) => Record<string, unknown>][] = [
      ['price', (v) => ({ ...fixed, price: v })],
      ['discountedPrice', (v) => ({ ...fixed, discountedPrice: v })],
      ['discountPercent', (v) => ({ ...fixed, discountPercent: v })],
      ['quantity', (v) => ({ ...fixed, quantity: v })],
      ['sizes.0.weight', (v) => ({ ...fixed, sizes: [{ weight: v, stock: 1 }] })],
      ['sizes.0.size', (v) => ({ ...fixed, sizes: [{ weight: '4', size: v, stock: 1 }] })],
      ['sizes.0.stock', (v) => ({ ...fixed, sizes: [{ weight: '4', stock: v }] })],
      [
        'sizes.0.loadedStock',
        (v) => ({ ...fixed, sizes: [{ weight: '4', stock: 1, loadedStock: v }] }),
      ],
      [
        'sizes.0.netWeight',
        (v) => ({ ...metalPriced, sizes: [{ weight: '4', stock: 1, netWeight: v }] }),
      ],
      [
        'pricing.making.value',
        (v) => ({
          ...metalPriced,
          pricing: { ...metalPriced.pricing, making: { kind: 'percent', value: v } },
        }),
      ],
      [
        'pricing.stones',
        (v) => ({ ...metalPriced, pricing: { ...metalPriced.pricing, stones: v } }),
      ],
      [
        'pricing.makingDiscountPercent',
        (v) => ({ ...metalPriced, pricing: { ...metalPriced.pricing, makingDiscountPercent: v } }),
      ],
      [
        'stones.0.count',
        (v) => ({ ...fixed, stones: [{ kind: 'ruby', origin: 'natural', count: v, carat: 0.5 }] }),
      ],
      [
        'stones.0.carat',
        (v) => ({ ...fixed, stones: [{ kind: 'ruby', origin: 'natural', count: 1, carat: v }] }),
      ],
    ];
    const absurd = fc.oneof(
      fc.constantFrom(5e-324, -5e-324, -1, 1e308, -1e308, 2 ** 31, 2 ** 53, 1.0000001, 0.123456789),
      fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e308', '5e-324', 'abc', '', '-0.5', '1,5'),
      fc
        .double({ noNaN: true, noDefaultInfinity: true })
        .filter((n) => !Number.isInteger(n * 1000)),
      fc.double({ min: 1e9, max: 1e300, noNaN: true }),
      fc.integer({ max: -1 }),
    );

    let target: string;
    beforeAll(async () => {
      target = (await create({ ...fixed, title: 'Identity Bounds Ring' })).body._id;
    });

    it('5e-324 as sizes[0].netWeight is a 400 naming the field on POST and PUT (before: 500 on both)', async () => {
      const body = fields.find(([f]) => f === 'sizes.0.netWeight')![1](5e-324);
      const post = await http.post<ErrorBody>('/api/admin/products', body, { token: admin });
      const put = await http.put<ErrorBody>(`/api/admin/products/${target}`, body, {
        token: admin,
      });
      for (const res of [post, put]) {
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Net weight must be at least 0.001');
        expect(res.body.details?.[0]?.path).toBe('sizes.0.netWeight');
      }
    });

    it('absurd numbers in any numeric field, over REST and tRPC, create and update: 400 naming that field, never 500', async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...fields), absurd, async ([field, put], value) => {
          const body = put(value);
          const answers = await Promise.all([
            http.post<ErrorBody>('/api/admin/products', body, { token: admin }),
            http.put<ErrorBody>(`/api/admin/products/${target}`, body, { token: admin }),
            mutate('catalog.create', body, admin),
            mutate('catalog.update', { productId: target, product: body }, admin),
          ]);
          for (const res of answers) expect(res.status).toBeLessThan(500);
          const [rest] = answers;
          // Some values are fine for some fields (2^31 as a weight string "2147483648" is over
          // the bound; 1e9 carat is too). A refusal must be a 400 about the field itself.
          if (rest!.status !== 201) {
            expect(rest!.status).toBe(400);
            expect(rest!.body.details?.[0]?.path).toBe(field);
          }
          const trpcCreate = answers[2]!;
          if (trpcCreate.status !== 200) expect(trpcCreate.status).toBe(400);
        }),
        { numRuns: 60 },
      );
    });

    it('fields each in bounds whose price no column holds are a 400, not a 500', async () => {
      const res = await create({
        ...metalPriced,
        pricing: { ...metalPriced.pricing, making: { kind: 'percent', value: 100_000 } },
        sizes: [{ weight: '999', stock: 1, netWeight: 999 }],
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/above the most a piece may cost/);
    });
  });
});
