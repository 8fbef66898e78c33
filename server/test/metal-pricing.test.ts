// Prices from metal rates end to end: an admin publishes a rate on REST or tRPC, the
// worker process reprices the catalogue, and the product, its sizes, a price-filtered listing and
// search show the new price on this server and on a second one (which only heard of it over
// Redis); a cart line shows it with the "prices changed" notice; an order placed before the
// publish keeps its price, its breakup and its payment amount.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView, OrderView, ProductPage, ProductView } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { breakupOf, formatRupees, type PublishedRates, type RatesTable } from '@kanak/shared';
import { httpClient, startTestServer, trpcCalls, type TestServer } from '@kanak/testkit';
import {
  ADDRESS,
  eventually,
  newCustomer,
  pipelineEnv,
  startWorkerProcess,
  type WorkerProcess,
} from './pipeline-support';
import { startServerProcess, type ServerProcess } from './process-support';

describe('metal rates reprice the catalogue on every server', () => {
  let one: TestServer;
  let two: ServerProcess;
  let worker: WorkerProcess;
  let admin: string;
  const trpc = trpcCalls(() => httpClient(one.baseUrl));

  beforeAll(async () => {
    one = await startTestServer({ ORDER_WAIT_MS: 15_000 });
    two = await startServerProcess({
      ...pipelineEnv(one.config),
      DATABASE_URL: one.config.DATABASE_URL,
      REDIS_URL: one.config.REDIS_URL,
      JWT_SECRET: one.config.JWT_SECRET,
    });
    worker = await startWorkerProcess(one);
    admin = (
      await httpClient(one.baseUrl).post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin)
    ).body.jwt;
  }, 90_000);

  afterAll(async () => {
    await worker?.stop();
    await two?.stop();
    await one?.close();
  });

  const servers = () => [one.baseUrl, two.baseUrl];
  const product = (base: string, id: string) =>
    httpClient(base).get<ProductView>(`/api/products/id/${id}`);

  /** A seeded 22K piece with stock on its first size. */
  async function goldPiece(offset: number): Promise<ProductView> {
    const row = await one.database.db
      .selectFrom('products')
      .select('id')
      .where('pricing_basis', '=', 'metal')
      .where('pricing_purity', '=', '916')
      .where('quantity', '>', 0)
      .orderBy('id')
      .offset(offset)
      .limit(1)
      .executeTakeFirstOrThrow();
    const view = (await product(one.baseUrl, row.id)).body;
    await one.database.db
      .updateTable('product_sizes')
      .set({ stock: 10 })
      .where('product_id', '=', row.id)
      .execute();
    return view;
  }

  /** What the first size costs at `ratePerGram`, by the shared rule. */
  const expectedAt = (view: ProductView, ratePerGram: number) => {
    if (view.pricing?.basis !== 'metal') throw new Error('not metal-priced');
    return breakupOf(view.pricing, { ratePerGram, publishedAt: '' }, view.sizes[0]!.netWeight!);
  };

  async function waitForRepricing(publicationId: string) {
    return eventually(async () => {
      const answer = await httpClient(one.baseUrl).get<{ repricing: PublishedRates['repricing'] }>(
        '/api/admin/metal-rates/repricing',
        { token: admin },
      );
      const r = answer.body.repricing;
      return r && r.id >= publicationId && r.status === 'done' ? r : null;
    }, 30_000);
  }

  it('publishes on REST: products, listings, search, carts on both servers; orders keep their quote', async () => {
    const piece = await goldPiece(0);
    const before = piece.sizes[0]!;
    expect(before.priceBreakup?.purity).toBe('916');
    const oldRate = before.priceBreakup!.ratePerGram;
    const newRate = Math.round(oldRate * 1.07 * 100) / 100;

    // A shopper's cart line and another's order, both before the publish.
    const carter = await newCustomer(one, 'Carter');
    const buyer = await newCustomer(one, 'Buyer');
    for (const who of [carter, buyer]) {
      const added = await httpClient(one.baseUrl).put<CartView>(
        '/api/cart/add',
        { productId: piece._id, weight: before.weight, quantity: 1 },
        { token: who.token },
      );
      expect(added.status).toBe(200);
    }
    const placed = await httpClient(one.baseUrl).post<OrderView>('/api/orders/', ADDRESS, {
      token: buyer.token,
    });
    expect(placed.status).toBe(201);
    expect(placed.body.totalDiscountedPrice).toBe(before.discountedPrice);
    expect(placed.body.orderItems[0]!.priceBreakup).toMatchObject({ ratePerGram: oldRate });

    // Cached reads on both servers before the publish.
    for (const base of servers())
      expect((await product(base, piece._id)).body.discountedPrice).toBe(piece.discountedPrice);

    const rates = await httpClient(one.baseUrl).get<RatesTable>('/api/metal-rates');
    expect(rates.status).toBe(200);
    expect(rates.body.rates.find((r) => r.metal === 'gold' && r.purity === '916')).toMatchObject({
      ratePerGram: oldRate,
    });

    const published = await httpClient(one.baseUrl).put<PublishedRates>(
      '/api/admin/metal-rates',
      { rates: [{ metal: 'gold', purity: '22K', ratePerGram: newRate }] },
      { token: admin },
    );
    expect(published.status).toBe(200);
    expect(published.body.rates.find((r) => r.purity === '916')?.ratePerGram).toBe(newRate);
    const done = await waitForRepricing(published.body.repricing.id);
    expect(done.done).toBe(done.total);

    const expected = expectedAt(piece, newRate);
    expect(expected.total).toBeGreaterThan(before.discountedPrice!);
    for (const base of servers()) {
      const after = (await product(base, piece._id)).body;
      expect(after.discountedPrice).toBe(expected.total);
      expect(after.sizes[0]).toMatchObject({
        discountedPrice: expected.total,
        priceBreakup: { ratePerGram: newRate, total: expected.total },
      });
      const listing = await httpClient(base).get<ProductPage>(
        `/api/products?minPrice=${expected.total - 1}&maxPrice=${expected.total + 1}&pageSize=100`,
      );
      expect(listing.body.content.map((p) => p._id)).toContain(piece._id);
      const word = piece.title.split(' ').at(-1)!;
      const found = await httpClient(base).get<ProductPage>(
        `/api/products/search/page?q=${encodeURIComponent(word)}&minPrice=${expected.total}&maxPrice=${expected.total}`,
      );
      expect(found.body.content.find((p) => p._id === piece._id)?.discountedPrice).toBe(
        expected.total,
      );
    }

    // The cart follows the rate and says so.
    const cart = await httpClient(two.baseUrl).get<CartView>('/api/cart/', {
      token: carter.token,
    });
    expect(cart.body.cartItems[0]).toMatchObject({
      discountedPrice: expected.total,
      priceWhenAdded: before.discountedPrice,
    });

    // The order keeps its quote, and its payment link asks for that amount.
    const order = await httpClient(two.baseUrl).get<OrderView>(`/api/orders/${placed.body._id}`, {
      token: buyer.token,
    });
    expect(order.body.totalDiscountedPrice).toBe(before.discountedPrice);
    expect(order.body.orderItems[0]!.priceBreakup).toMatchObject({
      ratePerGram: oldRate,
      total: before.discountedPrice,
    });
    const link = await httpClient(one.baseUrl).post(`/api/payment/${placed.body._id}`, undefined, {
      token: buyer.token,
    });
    expect(link.status).toBe(200);
    const payment = await one.database.db
      .selectFrom('payments')
      .select('amount')
      .where('order_id', '=', placed.body._id)
      .executeTakeFirstOrThrow();
    expect(payment.amount).toBe(before.discountedPrice);
    expect(link.body).not.toHaveProperty('requote');

    // The hold ends with the link's life: the link runs out unpaid, and the next one re-quotes
    // the order at today's rate, says so, and asks for the new total; the history keeps both.
    const { db } = one.database;
    const past = new Date(Date.now() - (one.config.PAYMENT_LINK_TTL_MINUTES + 1) * 60_000);
    await db
      .updateTable('orders')
      .set({ quoted_at: past })
      .where('id', '=', placed.body._id)
      .execute();
    // A link near its end is not reused, and the renewal does not carry the old quote on (the
    // security review's finding: renewing just before each end held the price for ever): the
    // fresh link, still open or not, asks for today's total.
    await db
      .updateTable('payments')
      .set({ expires_at: new Date(Date.now() + 2 * 60_000) })
      .where('order_id', '=', placed.body._id)
      .execute();
    const fresh = await httpClient(two.baseUrl).post<{
      payment_link_url: string;
      requote?: { from: number; to: number };
    }>(`/api/payment/${placed.body._id}`, undefined, { token: buyer.token });
    expect(fresh.status).toBe(200);
    expect(fresh.body.requote).toEqual({ from: before.discountedPrice, to: expected.total });
    const requoted = await httpClient(one.baseUrl).get<OrderView>(
      `/api/orders/${placed.body._id}`,
      { token: buyer.token },
    );
    expect(requoted.body.totalDiscountedPrice).toBe(expected.total);
    expect(requoted.body.orderItems[0]!.priceBreakup).toMatchObject({
      ratePerGram: newRate,
      total: expected.total,
    });
    const amounts = await db
      .selectFrom('payments')
      .select(['amount', 'status'])
      .where('order_id', '=', placed.body._id)
      .orderBy('created_at')
      .execute();
    expect(amounts).toEqual([
      { amount: before.discountedPrice, status: 'EXPIRED' },
      { amount: expected.total, status: 'CREATED' },
    ]);
    const history = await db
      .selectFrom('order_events')
      .select('note')
      .where('order_id', '=', placed.body._id)
      .orderBy('id')
      .execute();
    expect(history.at(-1)!.note).toBe(
      `Re-quoted at today's rates for a new payment link: ${formatRupees(before.discountedPrice!)} → ${formatRupees(expected.total)}`,
    );
    // Asked again while that link is open: the same link, no second re-quote.
    const again = await httpClient(one.baseUrl).post<{ payment_link_url: string }>(
      `/api/payment/${placed.body._id}`,
      undefined,
      { token: buyer.token },
    );
    expect(again.body).toEqual({
      payment_link_url: fresh.body.payment_link_url,
      payment_link_id: expect.any(String),
    });
  });

  it('publishes on tRPC, refuses bad rates with clear messages', async () => {
    const piece = await goldPiece(1);
    const oldRate = piece.sizes[0]!.priceBreakup!.ratePerGram;
    const jump = await trpc.mutate(
      'pricing.publish',
      { rates: [{ metal: 'gold', purity: '916', ratePerGram: oldRate * 2 }] },
      admin,
    );
    expect(jump.status).toBe(400);
    expect(JSON.stringify(jump.body)).toMatch(/confirm: true/);
    for (const [rate, message] of [
      [{ metal: 'gold', purity: '21K', ratePerGram: 100 }, /Purity must be one of/],
      [{ metal: 'copper', purity: '999', ratePerGram: 100 }, /Metal must be one of/],
      [{ metal: 'gold', purity: '916', ratePerGram: 0 }, /greater than 0/],
      [{ metal: 'gold', purity: '916', ratePerGram: 12_000.123 }, /at most 2 decimals/],
    ] as const) {
      const refused = await httpClient(one.baseUrl).put(
        '/api/admin/metal-rates',
        { rates: [rate] },
        { token: admin },
      );
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toMatch(message);
    }

    const newRate = Math.round(oldRate * 0.96 * 100) / 100;
    const preview = await trpc.mutate<{ products: number; averageChangePercent: number }>(
      'pricing.preview',
      { rates: [{ metal: 'gold', purity: '916', ratePerGram: newRate }] },
      admin,
    );
    expect(preview.body.result.data.products).toBeGreaterThan(0);
    expect(preview.body.result.data.averageChangePercent).toBeLessThan(0);
    const published = await trpc.mutate<PublishedRates>(
      'pricing.publish',
      { rates: [{ metal: 'gold', purity: '916', ratePerGram: newRate }] },
      admin,
    );
    expect(published.status).toBe(200);
    await waitForRepricing(published.body.result.data.repricing.id);
    const expected = expectedAt(piece, newRate);
    const viaTrpc = await trpc.query<ProductView>('catalog.byId', { productId: piece._id });
    expect(viaTrpc.body.result.data.discountedPrice).toBe(expected.total);
    expect((await product(two.baseUrl, piece._id)).body.discountedPrice).toBe(expected.total);
    const history = await trpc.query<{ history: { purity: string; points: unknown[] }[] }>(
      'pricing.history',
      undefined,
      admin,
    );
    expect(
      history.body.result.data.history.find((h) => h.purity === '916')!.points.length,
    ).toBeGreaterThan(30);
  });
});
