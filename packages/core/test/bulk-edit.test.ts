import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bulkEditProgress,
  previewBulkEdit,
  runBulkEdit,
  startBulkEdit,
  undoBulkEdit,
} from '@kanak/core';
import { bulkEditInput, type BulkEditInput } from '@kanak/shared';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import {
  expectRefusal,
  line,
  newCustomer,
  paidOrder,
  seededUser,
  stockedSize,
  stockOf,
} from './support';

// Issue 32, item 4: a bulk edit is previewed, applied as the worker's job in batches, and undone
// product by product; a product sold in between keeps its sale and its undo is refused.
describe('bulk edits of the products table', () => {
  let database: TestDatabase;
  const db = () => database.db;
  /** The outbox row is written; this test runs the worker's job itself (runBulkEdit). */
  const deps = () => ({ db: db(), relay: { wake: () => {}, connected: () => true } });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const parse = (input: unknown): BulkEditInput => bulkEditInput.parse(input);

  it('stock +3 on two products, a sale of one, then undo: the sale is kept and that undo refused with the reason', async () => {
    const a = await stockedSize(db(), 5);
    const b = await stockedSize(db(), 5);
    const admin = await seededUser(db(), 'admin');
    const input = parse({
      selection: { productIds: [a.productId, b.productId] },
      change: { kind: 'stock', delta: 3 },
    });

    const preview = await previewBulkEdit(db(), input);
    expect(preview).toMatchObject({ products: 2, changing: 2, skipped: [] });
    // The preview wrote nothing.
    expect(await stockOf(db(), a.id)).toBe(5);

    const started = await startBulkEdit(deps(), admin.id, input);
    expect(started).toMatchObject({ state: 'queued', total: 2, done: 0, progress: 0 });
    const outcome = await runBulkEdit(db(), started.id, { batchSize: 1 });
    expect(outcome).toMatchObject({ state: 'done', changed: 2 });
    expect(await bulkEditProgress(db(), started.id)).toMatchObject({
      state: 'done',
      progress: 100,
      done: 2,
      changed: 2,
    });
    expect(await stockOf(db(), a.id)).toBe(8);
    expect(await stockOf(db(), b.id)).toBe(8);
    // A re-run of the finished job changes nothing.
    await runBulkEdit(db(), started.id);
    expect(await stockOf(db(), a.id)).toBe(8);

    // A shopper buys 2 of product A's size between the edit and its undo.
    const buyer = await newCustomer(db(), 'bulk-buyer');
    await paidOrder(db(), buyer, [line(a, 2)]);
    expect(await stockOf(db(), a.id)).toBe(6);

    const undo = await undoBulkEdit(db(), started.id);
    expect(undo.undone).toBe(1);
    expect(undo.refused).toHaveLength(1);
    expect(undo.refused[0]!.productId).toBe(a.productId);
    expect(undo.refused[0]!.reason).toMatch(/stock of .* is 6, not the 8 the bulk edit left/);
    // The sold stock is kept; the untouched product is back where it was.
    expect(await stockOf(db(), a.id)).toBe(6);
    expect(await stockOf(db(), b.id)).toBe(5);
    await expectRefusal(undoBulkEdit(db(), started.id), 'CONFLICT', /already undone/);
  });

  it('a discount on fixed-priced pieces: previewed at the new price, metal-priced ones skipped, undone exactly', async () => {
    const rows = await db()
      .selectFrom('products')
      .select(['id', 'price', 'discounted_price', 'discount_percent', 'pricing_basis'])
      .where('status', '=', 'live')
      .orderBy('id')
      .limit(40)
      .execute();
    const fixed = rows.filter((r) => r.pricing_basis === 'fixed').slice(0, 3);
    const metal = rows.filter((r) => r.pricing_basis === 'metal').slice(0, 1);
    expect(fixed.length).toBe(3);
    const input = parse({
      selection: { productIds: [...fixed, ...metal].map((r) => r.id) },
      change: { kind: 'discount', percent: 20 },
    });
    const preview = await previewBulkEdit(db(), input);
    expect(preview.products).toBe(fixed.length + metal.length);
    expect(preview.changing).toBe(fixed.length);
    if (metal.length) expect(preview.skipped[0]!.count).toBe(1);
    const expected = fixed.map((r) => Math.floor((r.price * 80) / 100));
    expect(preview.priceAfter).toBe(expected.reduce((s, n) => s + n, 0));
    expect(preview.priceBefore).toBe(fixed.reduce((s, r) => s + r.discounted_price, 0));

    const admin = await seededUser(db(), 'admin');
    const started = await startBulkEdit(deps(), admin.id, input);
    await runBulkEdit(db(), started.id);
    const after = await db()
      .selectFrom('products')
      .select(['id', 'discounted_price', 'discount_percent'])
      .where(
        'id',
        'in',
        fixed.map((r) => r.id),
      )
      .orderBy('id')
      .execute();
    expect(after.map((r) => r.discounted_price)).toEqual(expected);
    expect(after.every((r) => r.discount_percent === 20)).toBe(true);

    expect(await undoBulkEdit(db(), started.id)).toEqual({ undone: fixed.length, refused: [] });
    const restored = await db()
      .selectFrom('products')
      .select(['id', 'price', 'discounted_price', 'discount_percent', 'pricing_basis'])
      .where(
        'id',
        'in',
        fixed.map((r) => r.id),
      )
      .orderBy('id')
      .execute();
    expect(restored).toEqual(fixed);
  });

  it('bad input is refused in words, never a 500', async () => {
    expect(
      bulkEditInput.safeParse({
        selection: { productIds: [] },
        change: { kind: 'status', status: 'live' },
      }).success,
    ).toBe(false);
    expect(
      bulkEditInput.safeParse({ selection: { filter: {} }, change: { kind: 'stock', delta: 0 } })
        .success,
    ).toBe(false);
    expect(
      bulkEditInput.safeParse({
        selection: { filter: {} },
        change: { kind: 'discount', percent: 5e-324 },
      }).success,
    ).toBe(false);
    await expectRefusal(
      previewBulkEdit(
        db(),
        parse({ selection: { productIds: ['nope'] }, change: { kind: 'status', status: 'draft' } }),
      ),
      'BAD_REQUEST',
    );
    await expectRefusal(
      bulkEditProgress(db(), '00000000-0000-4000-8000-000000000000'),
      'NOT_FOUND',
    );
  });
});
