// The product-write rule on the paths that still missed it: a metal rate that would sell a live
// piece below ₹1, a bulk making charge of ₹0, a bulk edit with no scope chosen, and a bulk
// edit's batch that meets a product changed after its preview.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bulkEditProgress,
  createProduct,
  currentRates,
  previewBulkEdit,
  publishRates,
  runBulkEdit,
  startBulkEdit,
} from '@kanak/core';
import { bulkEditInput, type ProductInput } from '@kanak/shared';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import { expectRefusal, line, newCustomer, paidOrder, seededUser, stockedSize } from './support';

const relay = { wake: () => {}, connected: () => true };

/** A silver charm of 2 mg of metal, priced by its making charge alone (₹1,000 a gram). */
const TINY_CHARM: ProductInput = {
  imageUrls: [{ imageUrl: '/media/art/pendant-white-a.svg' }],
  title: 'Tiny Silver Charm',
  brand: 'Kanak',
  color: 'white',
  description: 'A silver charm.',
  details: 'Sterling silver.',
  occasion: 'casual',
  quantity: 1,
  collectionName: 'Kanak',
  type: 'silver',
  sizes: [{ weight: '1 g', size: '10 MM', stock: 3, netWeight: 0.002 }],
  topLevelCategory: 'silver',
  secondLevelCategory: 'other',
  thirdLevelCategory: 'pendant',
  pricing: {
    basis: 'metal',
    metal: 'silver',
    purity: '925',
    making: { kind: 'perGram', value: 1000 },
    stones: 0,
    makingDiscountPercent: 0,
  },
};

describe('the product-write rule on rates, bulk making charges, scopes and stale batches', () => {
  let database: TestDatabase;
  const db = () => database.db;
  let adminId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    adminId = (await seededUser(db(), 'admin')).id;
  });
  afterAll(() => database.drop());

  it('refuses a metal rate that would sell a live piece below ₹1, naming the field (confirmed or not)', async () => {
    // Before: published; the repricing then stopped on products_price_check (a 500 in the worker).
    const before = (await currentRates(db())).rates.find((r) => r.purity === '925');
    const refusal = await expectRefusal(
      publishRates({ db: db(), relay }, adminId, {
        rates: [
          { metal: 'gold', purity: '916', ratePerGram: 12_800 },
          { metal: 'silver', purity: '925', ratePerGram: 0.01 },
        ],
        confirm: true,
      }),
      'BAD_REQUEST',
      /^rates\.1\.ratePerGram: at ₹0\.01\/g for silver .* would sell for ₹0; a live piece cannot be sold for less than ₹1/,
    );
    expect(refusal.details).toEqual([{ path: 'rates.1.ratePerGram', message: refusal.message }]);
    // Nothing was published: neither rate, nor a repricing.
    const after = await currentRates(db());
    expect(after.rates.find((r) => r.purity === '925')).toEqual(before);
    const publications = await db()
      .selectFrom('rate_publications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(publications.n)).toBe(0);
  });

  it('a bulk making charge of ₹0 that would sell a piece for nothing is a 400 naming the field, not a 500', async () => {
    const charm = await createProduct(db(), TINY_CHARM);
    expect(charm.discountedPrice).toBeGreaterThanOrEqual(1);
    const input = bulkEditInput.parse({
      selection: { productIds: [charm._id] },
      change: { kind: 'making', makingValue: 0 },
    });
    // Before: the price columns' check failed the statement ("violates check constraint").
    await expectRefusal(
      previewBulkEdit(db(), input),
      'BAD_REQUEST',
      /^The price at today’s rate after the making change \(making charge\) must be at least ₹1: a piece cannot be sold for less \(.+, 1 g would sell for ₹0\)$/,
    );
    // On pieces it leaves above ₹1, ₹0 making is a valid edit.
    const gold = await db()
      .selectFrom('products')
      .select('id')
      .where('pricing_basis', '=', 'metal')
      .where('pricing_metal', '=', 'gold')
      .orderBy('id')
      .limit(2)
      .execute();
    const preview = await previewBulkEdit(
      db(),
      bulkEditInput.parse({
        selection: { productIds: gold.map((g) => g.id) },
        change: { kind: 'making', makingValue: 0 },
      }),
    );
    expect(preview.changing).toBe(2);
    expect(preview.priceAfter).toBeLessThan(preview.priceBefore);
  });

  it('refuses an empty scope: the whole catalogue only when asked for by name', async () => {
    const change = { kind: 'stock', delta: 1 };
    // Before: {filter: {}} previewed (and applied) every product of the shop.
    await expectRefusal(
      previewBulkEdit(db(), bulkEditInput.parse({ selection: { filter: {} }, change })),
      'BAD_REQUEST',
      /^Choose the products/,
    );
    await expectRefusal(
      previewBulkEdit(db(), bulkEditInput.parse({ selection: { filter: { q: '  ' } }, change })),
      'BAD_REQUEST',
      /^Choose the products/,
    );
    await expectRefusal(
      startBulkEdit({ db: db(), relay }, adminId, {
        ...bulkEditInput.parse({ selection: { filter: {} }, change }),
        previewId: '00000000-0000-4000-8000-000000000000',
      }),
      'BAD_REQUEST',
      /^Choose the products/,
    );
    const all = await previewBulkEdit(
      db(),
      bulkEditInput.parse({ selection: { filter: { all: true } }, change }),
    );
    const drafts = await previewBulkEdit(
      db(),
      bulkEditInput.parse({ selection: { filter: { status: 'draft' } }, change }),
    );
    expect(all.products).toBeGreaterThan(drafts.products);
  });

  it('the worker re-checks each batch: a piece sold after the preview is refused "changed since the check", the others go on', async () => {
    const a = await stockedSize(db(), 5);
    const b = await stockedSize(db(), 5);
    const input = bulkEditInput.parse({
      selection: { productIds: [a.productId, b.productId] },
      change: { kind: 'stock', delta: 3 },
    });
    const preview = await previewBulkEdit(db(), input);
    const started = await startBulkEdit({ db: db(), relay }, adminId, {
      ...input,
      previewId: preview.previewId,
    });
    // Between the apply and the worker's batch, a shopper buys one of the later product's pieces.
    const [first, second] = [a, b].sort((x, y) => x.productId.localeCompare(y.productId));
    await paidOrder(db(), await newCustomer(db(), 'stale-batch'), [line(second!, 1)]);

    const outcome = await runBulkEdit(db(), started.id, { batchSize: 1 });
    expect(outcome).toMatchObject({ state: 'done', changed: 1 });
    const stock = async (sizeId: string) =>
      (
        await db()
          .selectFrom('product_sizes')
          .select('stock')
          .where('id', '=', sizeId)
          .executeTakeFirstOrThrow()
      ).stock;
    // Before: 4 + 3 = 7, a figure nobody previewed.
    expect(await stock(first!.id)).toBe(8);
    expect(await stock(second!.id)).toBe(4);
    const view = await bulkEditProgress(db(), started.id);
    expect(view).toMatchObject({ state: 'done', done: 2, changed: 1, refused: 1 });
    expect(view.refusals).toEqual([
      {
        productId: second!.productId,
        sku: expect.any(String),
        reason: expect.stringMatching(/^changed since the check/),
      },
    ]);
    const rows = await db()
      .selectFrom('bulk_edit_products')
      .select(['product_id', 'changed', sql<string | null>`refused`.as('refused')])
      .where('bulk_edit_id', '=', started.id)
      .orderBy('product_id')
      .execute();
    expect(rows.map((r) => [r.changed, r.refused !== null])).toEqual([
      [true, false],
      [false, true],
    ]);
  });
});
