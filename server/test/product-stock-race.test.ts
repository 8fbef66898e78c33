// The product edit form against sales and other admins made while it is open: stock is changed,
// never overwritten, and a save after someone else's is refused instead of undoing it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_SAVED_MEANWHILE, type ProductView } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';
import {
  eventually,
  sandboxPaidOrder,
  startWorkerProcess,
  type WorkerProcess,
} from './pipeline-support';

const payload = {
  imageUrls: [
    { imageUrl: '/media/art/ring-gold-a.svg' },
    { imageUrl: '/media/art/ring-gold-b.svg' },
  ],
  title: 'Race Test Ring',
  brand: 'Kanak',
  color: 'yellow',
  price: 30000,
  discountedPrice: 27000,
  description: 'A ring for the stock race.',
  details: '22K gold.',
  occasion: 'casual',
  quantity: 1,
  collectionName: 'new-arrival',
  type: 'gold',
  sizes: [
    { weight: '6 g', size: '16 MM', stock: 5 },
    { weight: '7 g', size: '17 MM', stock: 4 },
  ],
  topLevelCategory: 'gold',
  secondLevelCategory: 'rings',
  thirdLevelCategory: 'ring',
};

type Refusal = { error: string; message: string; details?: unknown };
type TrpcRefusal = { error: { message: string; data: { code: string } } };

/** What the admin edit form sends for a product it loaded: every field, plus what it loaded. */
function formSave(loaded: ProductView, changes: Partial<typeof payload> = {}) {
  return {
    ...payload,
    title: loaded.title,
    price: loaded.price,
    discountedPrice: loaded.discountedPrice,
    sizes: loaded.sizes.map((s) => ({ ...s, loadedStock: s.stock })),
    loadedUpdatedAt: loaded.updatedAt,
    ...changes,
  };
}

describe('product edits while stock is sold and other admins save', () => {
  let server: TestServer;
  let worker: WorkerProcess;
  let http: ReturnType<typeof httpClient>;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer({ ORDER_WAIT_MS: 15_000 });
    http = httpClient(server.baseUrl);
    worker = await startWorkerProcess(server);
    admin = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin)).body.jwt;
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
  });

  const newProduct = async (title: string) => {
    const res = await http.post<ProductView>(
      '/api/admin/products',
      { ...payload, title },
      { token: admin },
    );
    expect(res.status).toBe(201);
    return res.body;
  };
  const load = async (id: string) => (await http.get<ProductView>(`/api/products/id/${id}`)).body;
  const stockOf = (product: ProductView, weight: string) =>
    product.sizes.find((s) => s.weight === weight)!.stock;
  const save = (id: string, body: unknown) =>
    http.put<ProductView & Refusal>(`/api/admin/products/${id}`, body, { token: admin });
  const trpcSave = (id: string, product: unknown) =>
    http.post<{ result: { data: ProductView } } & TrpcRefusal>(
      '/trpc/catalog.update',
      { productId: id, product },
      { token: admin },
    );

  /** Pays `quantity` pieces of one weight through the real path: order, link, sandbox, worker. */
  async function sell(product: ProductView, weight: string, quantity: number) {
    const size = await server.database.db
      .selectFrom('product_sizes')
      .select('id')
      .where('product_id', '=', product._id)
      .where('weight', '=', weight)
      .executeTakeFirstOrThrow();
    const paid = await sandboxPaidOrder(
      server,
      { productId: product._id, sizeId: size.id },
      quantity,
    );
    const back = await http.get<{ status: string }>(paid.returnPath, { token: paid.shopper.token });
    expect(back.status).toBe(200);
    expect(back.body.status).toBe('PAID');
    const before = stockOf(product, weight);
    await eventually(async () => stockOf(await load(product._id), weight) === before - quantity);
  }

  it('stock 5, form loaded, 3 paid, the admin saves a title change: stock is 2', async () => {
    const created = await newProduct('Race Ring One');
    const loaded = await load(created._id);
    expect(stockOf(loaded, '6 g')).toBe(5);

    await sell(loaded, '6 g', 3);
    // A sale is not a product save: the form's precondition still holds.
    expect((await load(created._id)).updatedAt).toBe(loaded.updatedAt);

    const saved = await trpcSave(
      created._id,
      formSave(loaded, { title: 'Race Ring One (typo fixed)' }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.result.data.title).toBe('Race Ring One (typo fixed)');
    expect(saved.body.result.data.sizes).toMatchObject([
      { weight: '6 g', size: '16 MM', stock: 2 },
      { weight: '7 g', size: '17 MM', stock: 4 },
    ]);
    expect(saved.body.result.data.updatedAt > loaded.updatedAt).toBe(true);
    const stored = await server.database.db
      .selectFrom('product_sizes')
      .select(['weight', 'stock'])
      .where('product_id', '=', created._id)
      .orderBy('position')
      .execute();
    expect(stored).toEqual([
      { weight: '6 g', stock: 2 },
      { weight: '7 g', stock: 4 },
    ]);
  });

  it('a stock the admin changed while it was sold is refused with the current figure; nothing is saved', async () => {
    const created = await newProduct('Race Ring Two');
    const loaded = await load(created._id);
    await sell(loaded, '6 g', 3);

    const edit = {
      ...formSave(loaded, { title: 'Race Ring Two (restocked)' }),
      sizes: [
        { ...loaded.sizes[0]!, stock: 8, loadedStock: 5 },
        { ...loaded.sizes[1]!, stock: 6, loadedStock: 4 },
      ],
    };
    const refused = await save(created._id, edit);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'CONFLICT',
      message:
        'Stock of 6 g changed from 5 to 2 while you were editing; nothing was saved. Check the stock and save again.',
      details: { stock: [{ weight: '6 g', loaded: 5, current: 2 }] },
    });
    const after = await load(created._id);
    expect(after.title).toBe('Race Ring Two');
    expect(after.updatedAt).toBe(loaded.updatedAt);
    expect(after.sizes.map((s) => s.stock)).toEqual([2, 4]);

    // tRPC answers the same refusal (the form's transport).
    const overTrpc = await trpcSave(created._id, edit);
    expect(overTrpc.status).toBe(409);
    expect(overTrpc.body.error.data.code).toBe('CONFLICT');
    expect(overTrpc.body.error.message).toMatch(/^Stock of 6 g changed from 5 to 2 /);

    // Saved again from the current figures, the admin's numbers are written.
    const again = await save(created._id, {
      ...formSave(after),
      sizes: [
        { ...after.sizes[0]!, stock: 5, loadedStock: 2 },
        { ...after.sizes[1]!, stock: 6, loadedStock: 4 },
      ],
    });
    expect(again.status).toBe(200);
    expect(again.body.sizes.map((s) => s.stock)).toEqual([5, 6]);
  });

  it('two admins saving different fields: the second is told, nothing is lost, and a reload keeps both', async () => {
    const created = await newProduct('Race Ring Three');
    const first = await load(created._id);
    const second = await load(created._id);

    const priced = await save(created._id, formSave(first, { discountedPrice: 25000 }));
    expect(priced.status).toBe(200);
    expect(priced.body.discountedPrice).toBe(25000);

    const refused = await save(created._id, formSave(second, { title: 'Race Ring Three Renamed' }));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'CONFLICT',
      message: PRODUCT_SAVED_MEANWHILE,
      details: { updatedAt: priced.body.updatedAt },
    });
    const kept = await load(created._id);
    expect([kept.title, kept.discountedPrice]).toEqual(['Race Ring Three', 25000]);

    // The second admin reloads and saves the title again: both changes are kept.
    const renamed = await save(created._id, formSave(kept, { title: 'Race Ring Three Renamed' }));
    expect(renamed.status).toBe(200);
    expect([renamed.body.title, renamed.body.discountedPrice]).toEqual([
      'Race Ring Three Renamed',
      25000,
    ]);
  });

  it('clients that send no precondition keep working: the stock sent is the new stock', async () => {
    const created = await newProduct('Race Ring Four');
    await sell(created, '7 g', 1);
    const res = await save(created._id, {
      ...payload,
      title: 'Race Ring Four',
      sizes: [
        { weight: '6 g', size: '16 MM', stock: 9 },
        { weight: '7 g', size: '17 MM', stock: 4 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.sizes.map((s) => s.stock)).toEqual([9, 4]);
    // A malformed precondition is bad input, not a conflict or a fault.
    const bad = await save(created._id, { ...payload, loadedUpdatedAt: 'last week' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Loaded updatedAt must be an ISO date-time');
  });
});
