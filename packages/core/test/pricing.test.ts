// Metal pricing in core: the SQL rule agrees with the TypeScript rule, publishing reprices the
// catalogue in batches (resuming after a crash, superseded by a newer publish), saves of
// metal-priced products store computed prices, orders keep their breakup.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  currentRates,
  getProduct,
  publishRates,
  previewRates,
  repriceStatement,
  runRepricing,
} from '@kanak/core';
import { sizePrices, type ProductInput } from '@kanak/shared';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import { expectRefusal, newCustomer, placeOrder, seededUser } from './support';

const relay = { wake: () => {} };

describe('metal pricing (core)', () => {
  let database: TestDatabase;
  const db = () => database.db;
  let adminId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    adminId = (await seededUser(db(), 'admin')).id;
  });
  afterAll(() => database.drop());

  /** Every metal-priced size with what the TypeScript rule makes of it at today's rates. */
  async function expectStoredPricesFollowTheRule() {
    const { rows } = await sql<{
      price: number;
      discounted_price: number;
      mg: number;
      rate_paise: number;
      making_kind: 'percent' | 'perGram';
      making: number;
      stones: number;
      discount_bp: number;
    }>`
      SELECT s.price, s.discounted_price, round(s.net_weight * 1000)::int AS mg, r.rate_paise,
        p.making_kind, round(p.making_value * 100)::int AS making, p.stones,
        round(p.making_discount_percent * 100)::int AS discount_bp
      FROM products p JOIN product_sizes s ON s.product_id = p.id
      JOIN (SELECT DISTINCT ON (metal, purity) * FROM metal_rates ORDER BY metal, purity, id DESC) r
        ON r.metal = p.pricing_metal AND r.purity = p.pricing_purity
      WHERE p.pricing_basis = 'metal'`.execute(db());
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      const expected = sizePrices({
        ratePaise: row.rate_paise,
        netWeightMg: row.mg,
        making: { kind: row.making_kind, hundredths: row.making },
        stones: row.stones,
        makingDiscountBp: row.discount_bp,
      });
      expect([row.price, row.discounted_price]).toEqual([expected.price, expected.discountedPrice]);
    }
  }

  it('computes in SQL exactly what the TypeScript rule computes, for random pricings', async () => {
    const ids = (
      await db()
        .selectFrom('products')
        .select('id')
        .where('pricing_basis', '=', 'metal')
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
    const pricings = fc.sample(
      fc.record({
        kind: fc.constantFrom('percent' as const, 'perGram' as const),
        making: fc.integer({ min: 0, max: 99_99 }),
        stones: fc.integer({ min: 0, max: 500_000 }),
        discount: fc.integer({ min: 0, max: 100_00 }),
        netMg: fc.integer({ min: 1, max: 250_000 }),
      }),
      ids.length,
    );
    await db()
      .transaction()
      .execute(async (trx) => {
        for (const [i, id] of ids.entries()) {
          const p = pricings[i]!;
          await trx
            .updateTable('products')
            .set({
              making_kind: p.kind,
              making_value: p.making / 100,
              stones: p.stones,
              making_discount_percent: p.discount / 100,
            })
            .where('id', '=', id)
            .execute();
          await trx
            .updateTable('product_sizes')
            .set({ net_weight: sql`${p.netMg}::numeric / 1000 * (1 + position * 0.137)` })
            .where('product_id', '=', id)
            .execute();
        }
        await repriceStatement(sql`SELECT id FROM products`).execute(trx);
      });
    await expectStoredPricesFollowTheRule();
    // The product's own prices are its opening size's: the first in stock, else the first.
    const opening = await db()
      .selectFrom('products as p')
      .innerJoin('product_sizes as s', 's.product_id', 'p.id')
      .select(['p.price', 'p.discounted_price', 's.price as sp', 's.discounted_price as sdp'])
      .distinctOn('p.id')
      .where('p.pricing_basis', '=', 'metal')
      .orderBy('p.id')
      .orderBy(sql`s.stock > 0`, 'desc')
      .orderBy('s.position')
      .execute();
    expect(opening.length).toBeGreaterThan(0);
    for (const r of opening) expect([r.price, r.discounted_price]).toEqual([r.sp, r.sdp]);
  });

  it('refuses a jump of more than 20 % unless confirmed, and bad rates', async () => {
    await expectRefusal(
      publishRates({ db: db(), relay }, adminId, {
        rates: [{ metal: 'gold', purity: '916', ratePerGram: 20_000 }],
      }),
      'BAD_REQUEST',
      /moves 56 %.*confirm: true/,
    );
  });

  it('previews, publishes and reprices in batches; a crash resumes where it stopped', async () => {
    const preview = await previewRates(db(), [
      { metal: 'gold', purity: '916', ratePerGram: 13_100 },
    ]);
    expect(preview.products).toBeGreaterThan(10);
    expect(preview.averageChangePercent).toBeGreaterThan(0);
    const published = await publishRates({ db: db(), relay }, adminId, {
      rates: [{ metal: 'gold', purity: '916', ratePerGram: 13_100 }],
    });
    expect(published.rates.find((r) => r.purity === '916')?.ratePerGram).toBe(13_100);
    expect(published.repricing).toMatchObject({ status: 'queued', done: 0 });
    const publicationId = Number(published.repricing.id);
    // The outbox row is written with the rates, for the worker.
    const outbox = await db()
      .selectFrom('outbox')
      .select(['queue', 'payload'])
      .where('job_key', '=', `reprice-${publicationId}`)
      .executeTakeFirstOrThrow();
    expect(outbox).toMatchObject({ queue: 'metal-repricing', payload: { publicationId } });

    // A worker that dies after its second batch…
    let batches = 0;
    await expect(
      runRepricing(db(), publicationId, {
        batchSize: 40,
        afterBatch: async () => {
          if (++batches === 2) throw new Error('worker killed');
        },
      }),
    ).rejects.toThrow('worker killed');
    const halfway = await db()
      .selectFrom('rate_publications')
      .select(['done', 'total', 'status'])
      .where('id', '=', publicationId)
      .executeTakeFirstOrThrow();
    expect(halfway).toMatchObject({ done: 80, status: 'running' });
    // …and the retry goes on from its cursor to the end.
    const outcome = await runRepricing(db(), publicationId, { batchSize: 40 });
    expect(outcome.status).toBe('done');
    await expectStoredPricesFollowTheRule();
    const done = await db()
      .selectFrom('rate_publications')
      .select(['done', 'total', 'status', 'changed'])
      .where('id', '=', publicationId)
      .executeTakeFirstOrThrow();
    expect(done.done).toBe(done.total);
    // The confirmation and the progress count the same things (before: "47 products
    // change price" beside "Repriced 243 products"), even across the crash and resume.
    expect(done.changed).toBe(preview.products);
    expect(done.total).toBe(preview.metalPriced);
    expect(done.changed).toBeLessThan(done.total);
  });

  it('a newer publish supersedes a running repricing; the end state is the last rates', async () => {
    const first = await publishRates({ db: db(), relay }, adminId, {
      rates: [{ metal: 'silver', purity: '925', ratePerGram: 160 }],
    });
    const second = await publishRates({ db: db(), relay }, adminId, {
      rates: [{ metal: 'silver', purity: '925', ratePerGram: 162.25 }],
    });
    expect((await runRepricing(db(), Number(first.repricing.id))).status).toBe('superseded');
    expect((await runRepricing(db(), Number(second.repricing.id))).status).toBe('done');
    expect((await currentRates(db())).rates.find((r) => r.purity === '925')?.ratePerGram).toBe(
      162.25,
    );
    await expectStoredPricesFollowTheRule();
  });

  it('stores computed prices when a metal-priced product is saved; orders keep the breakup', async () => {
    const input: ProductInput = {
      imageUrls: [{ imageUrl: '/media/ring-gold-a.svg' }],
      title: 'Rate Test Ring',
      brand: 'Kanak',
      color: 'yellow',
      description: 'A ring priced by the rate.',
      details: 'Gold 22K.',
      occasion: 'casual',
      quantity: 5,
      collectionName: 'Kanak',
      type: 'gold',
      sizes: [
        { weight: '3.5 g', size: '16 MM', stock: 5, netWeight: 3.39 },
        { weight: '4 g', size: '17 MM', stock: 5, netWeight: 3.9 },
      ],
      topLevelCategory: 'gold',
      secondLevelCategory: 'rings',
      thirdLevelCategory: 'ring',
      pricing: {
        basis: 'metal',
        metal: 'gold',
        purity: '22K',
        making: { kind: 'percent', value: 16 },
        stones: 0,
        makingDiscountPercent: 0,
      },
    };
    await publishRates({ db: db(), relay }, adminId, {
      rates: [{ metal: 'gold', purity: '916', ratePerGram: 12_800 }],
    });
    const product = await createProduct(db(), input);
    expect(product.pricing).toMatchObject({ basis: 'metal', purity: '916' });
    expect(product).toMatchObject({ price: 51_845, discountedPrice: 51_845, discountPercent: 0 });
    expect(product.sizes[0]!.priceBreakup).toMatchObject({
      metal: 'gold',
      purity: '916',
      ratePerGram: 12_800,
      netWeight: 3.39,
      metalValue: 43_392,
      making: 6_943,
      makingDiscount: 0,
      stones: 0,
      gst: 1_510,
      total: 51_845,
    });
    expect(product.sizes[1]!.discountedPrice).toBeGreaterThan(51_845);

    const buyer = await newCustomer(db());
    const order = await placeOrder(db(), buyer, [
      { productId: product._id, weight: '4 g', quantity: 2 },
    ]);
    const unit = product.sizes[1]!.discountedPrice!;
    expect(order.totalDiscountedPrice).toBe(unit * 2);
    expect(order.orderItems[0]!.priceBreakup).toMatchObject({ total: unit, netWeight: 3.9 });
    const stored = await db()
      .selectFrom('order_items')
      .select(['metal_rate_id'])
      .where('order_id', '=', order._id)
      .executeTakeFirstOrThrow();
    expect(stored.metal_rate_id).toEqual(expect.any(Number));

    // A later rate moves the product, not the order.
    const next = await publishRates({ db: db(), relay }, adminId, {
      rates: [{ metal: 'gold', purity: '916', ratePerGram: 13_000 }],
    });
    await runRepricing(db(), Number(next.repricing.id));
    expect((await getProduct(db(), product._id)).sizes[1]!.discountedPrice).toBeGreaterThan(unit);
    const row = await db()
      .selectFrom('orders')
      .select('total_discounted_price')
      .where('id', '=', order._id)
      .executeTakeFirstOrThrow();
    expect(row.total_discounted_price).toBe(unit * 2);
  });
});
