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

// A bulk edit is previewed, applied as the worker's job in batches, and undone
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

    const started = await startBulkEdit(deps(), admin.id, {
      ...input,
      previewId: preview.previewId,
    });
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
    const started = await startBulkEdit(deps(), admin.id, {
      ...input,
      previewId: preview.previewId,
    });
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

  /** Fixed-priced live pieces, not yet touched by this file's tests. */
  async function fixedPieces(count: number, offset: number) {
    const rows = await db()
      .selectFrom('products')
      .select(['id', 'price', 'discounted_price'])
      .where('status', '=', 'live')
      .where('pricing_basis', '=', 'fixed')
      .whereRef('discounted_price', '<', 'price')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(count)
      .execute();
    expect(rows).toHaveLength(count);
    return rows;
  }

  it('an apply is of the preview shown: other inputs, a product moved since, or a second apply are refused', async () => {
    // Before: preview 10 %, type 60, press Apply: 60 % was applied while the 10 % preview
    // stayed on screen (₹60,500 → ₹28,472).
    const admin = await seededUser(db(), 'admin');
    const [a, b] = await fixedPieces(2, 0);
    const selection = { productIds: [a!.id, b!.id] };
    const ten = parse({ selection, change: { kind: 'discount', percent: 10 } });
    const preview = await previewBulkEdit(db(), ten);
    expect(preview.action).toBe('Set discount to 10 %');

    await expectRefusal(
      startBulkEdit(deps(), admin.id, ten),
      'BAD_REQUEST',
      /Preview the change first/,
    );
    const sixty = parse({ selection, change: { kind: 'discount', percent: 60 } });
    await expectRefusal(
      startBulkEdit(deps(), admin.id, { ...sixty, previewId: preview.previewId }),
      'CONFLICT',
      /differ from the preview shown: preview again/,
    );
    await expectRefusal(
      startBulkEdit(deps(), admin.id, {
        selection: { productIds: [a!.id] },
        change: ten.change,
        previewId: preview.previewId,
      }),
      'CONFLICT',
      /differ from the preview shown/,
    );
    // A product saved (or sold) after the preview: its figure there is not what would happen.
    await db()
      .updateTable('products')
      .set({ updated_at: new Date(Date.now() + 1000) })
      .where('id', '=', b!.id)
      .execute();
    await expectRefusal(
      startBulkEdit(deps(), admin.id, { ...ten, previewId: preview.previewId }),
      'CONFLICT',
      /^1 of the previewed products changed since the check/,
    );
    const unchanged = await db()
      .selectFrom('products')
      .select('discounted_price')
      .where('id', 'in', [a!.id, b!.id])
      .orderBy('id', 'desc')
      .execute();
    expect(unchanged.map((r) => r.discounted_price)).toEqual([
      a!.discounted_price,
      b!.discounted_price,
    ]);

    const fresh = await previewBulkEdit(db(), ten);
    const started = await startBulkEdit(deps(), admin.id, { ...ten, previewId: fresh.previewId });
    await expectRefusal(
      startBulkEdit(deps(), admin.id, { ...ten, previewId: fresh.previewId }),
      'CONFLICT',
      /applied already/,
    );
    await runBulkEdit(db(), started.id);
  });

  it('the per-piece preview is what is applied: "Take a further 10 % off" compounds on each piece', async () => {
    const admin = await seededUser(db(), 'admin');
    const pieces = await fixedPieces(3, 2);
    const input = parse({
      selection: { productIds: pieces.map((p) => p.id) },
      change: { kind: 'discount', mode: 'further', percent: 10 },
    });
    const preview = await previewBulkEdit(db(), input);
    expect(preview.action).toBe('Take a further 10 % off');
    expect(preview.pieces).toHaveLength(3);
    for (const piece of pieces) {
      const shown = preview.pieces.find((p) => p.productId === piece.id)!;
      // From the price it sells at now, never above it (a replace could raise it).
      expect(shown.before).toBe(piece.discounted_price);
      expect(shown.after).toBe(Math.floor((piece.discounted_price * 90) / 100));
    }
    const started = await startBulkEdit(deps(), admin.id, {
      ...input,
      previewId: preview.previewId,
    });
    await runBulkEdit(db(), started.id);
    const applied = await db()
      .selectFrom('products')
      .select(['id', 'discounted_price'])
      .where(
        'id',
        'in',
        pieces.map((p) => p.id),
      )
      .execute();
    expect(Object.fromEntries(applied.map((r) => [r.id, r.discounted_price]))).toEqual(
      Object.fromEntries(preview.pieces.map((p) => [p.productId, p.after])),
    );
  });

  it('a discount that takes a piece below ₹1 is refused naming the field; past 50 pieces the count is typed', async () => {
    const [cheap] = await fixedPieces(1, 5);
    await db()
      .updateTable('products')
      .set({ price: 10, discounted_price: 10, discount_percent: 0 })
      .where('id', '=', cheap!.id)
      .execute();
    await expectRefusal(
      previewBulkEdit(
        db(),
        parse({
          selection: { productIds: [cheap!.id] },
          change: { kind: 'discount', percent: 95 },
        }),
      ),
      'BAD_REQUEST',
      /^The price after the discount \(percent\) must be at least ₹1/,
    );
    const admin = await seededUser(db(), 'admin');
    const all = parse({
      selection: { filter: { all: true } },
      change: { kind: 'stock', delta: 1 },
    });
    const preview = await previewBulkEdit(db(), all);
    expect(preview.changing).toBeGreaterThan(50);
    await expectRefusal(
      startBulkEdit(deps(), admin.id, { ...all, previewId: preview.previewId }),
      'BAD_REQUEST',
      new RegExp(`type ${preview.changing} in confirmCount`),
    );
    await expectRefusal(
      startBulkEdit(deps(), admin.id, {
        ...all,
        previewId: preview.previewId,
        confirmCount: preview.changing - 1,
      }),
      'BAD_REQUEST',
    );
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
