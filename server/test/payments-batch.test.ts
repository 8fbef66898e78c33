// Batched confirmations (the worker's confirmPayments): several payments in one transaction, each
// exactly once with its own outcome; the last pieces never oversold across batches; and 200
// confirmations over orders sharing size rows, in concurrent batches of overlapping sizes,
// never deadlock (every batch commits as a batch: none falls back to one-by-one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialYear } from '@kanak/shared';
import { sql } from 'kysely';
import {
  confirmPayment,
  confirmPayments,
  createOrderFromCart,
  createPaymentLink,
  createSandboxProvider,
  type PaymentConfirmation,
} from '@kanak/core';
import { createDb } from '@kanak/db';
import { createTestDatabase, NO_LIMITS, type TestDatabase } from '@kanak/testkit';
import { inBatches } from '@kanak/testkit/helpers';
import { ADDRESS, fillCart, pickSizes } from './pipeline-support';

describe('payment confirmations in batches', () => {
  let database: TestDatabase;
  const provider = createSandboxProvider('batch-test-secret');
  const origins = { server: 'http://shop.test', web: 'http://shop.test' };
  const failedBatches: string[] = [];
  const noteFailure = (error: unknown) => failedBatches.push(String(error));

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  /** A customer with an order for these lines and its sandbox payment (captured). */
  async function paidOrder(
    email: string,
    lines: Array<{ productId: string; sizeId: string; quantity: number }>,
  ): Promise<PaymentConfirmation> {
    const row = await database.db
      .insertInto('users')
      .values({ first_name: 'Batch', last_name: 'Tester', email, password_hash: 'x' })
      .returning(['id', 'role'])
      .executeTakeFirstOrThrow();
    await fillCart(database.db, row.id, lines);
    const order = await createOrderFromCart({
      db: database.db,
      userId: row.id,
      address: ADDRESS,
      limits: NO_LIMITS,
    });
    const link = await createPaymentLink({
      db: database.db,
      provider,
      user: { id: row.id, role: row.role },
      orderId: order._id,
      origins,
    });
    return {
      orderId: order._id,
      paymentId: provider.paymentIdFor(link.payment_link_id, 'paid'),
      source: 'return',
    };
  }

  const stockOf = async (sizeId: string) =>
    (
      await database.db
        .selectFrom('product_sizes')
        .select('stock')
        .where('id', '=', sizeId)
        .executeTakeFirstOrThrow()
    ).stock;

  /** Per order: PLACED moves and PAID payments recorded. */
  async function recordedOnce(orderIds: string[]) {
    const { rows } = await sql<{ placed: number; paid: number }>`
      SELECT (SELECT count(*) FROM order_events e
              WHERE e.order_id = o.id AND e.to_status = 'PLACED')::int AS placed,
             (SELECT count(*) FROM payments p
              WHERE p.order_id = o.id AND p.status = 'PAID')::int AS paid
      FROM orders o WHERE o.id = ANY(${orderIds}::uuid[])`.execute(database.db);
    return rows;
  }

  it('applies each payment once with its own outcome, duplicates in and across batches included', async () => {
    const sizes = await pickSizes(database.db, 3, 10);
    const payments = await Promise.all(
      sizes.map((s, i) =>
        paidOrder(`batch-once-${i}@example.com`, [
          { productId: s.productId, sizeId: s.sizeId, quantity: 1 },
        ]),
      ),
    );
    // One batch holds every payment and the first one twice (a return and a webhook); a second
    // batch and a lone confirmation race it with the same payments.
    const [first, again, alone] = await Promise.all([
      confirmPayments({
        db: database.db,
        provider,
        confirmations: [...payments, { ...payments[0]!, source: 'webhook' }],
        onBatchFailed: noteFailure,
      }),
      confirmPayments({
        db: database.db,
        provider,
        confirmations: [payments[2]!, payments[1]!],
        onBatchFailed: noteFailure,
      }),
      confirmPayment(database.db, provider, payments[1]!),
    ]);
    for (const answer of [...first, ...again]) {
      expect(answer.ok).toBe(true);
      if (answer.ok)
        expect(answer.confirmed.outcome).toMatchObject({ result: 'PAID', orderStatus: 'PLACED' });
    }
    expect(alone.outcome).toMatchObject({ result: 'PAID' });
    // Each answer is its own order's.
    first.slice(0, 3).forEach((answer, i) => {
      if (answer.ok) expect(answer.confirmed.outcome.orderId).toBe(payments[i]!.orderId);
    });
    for (const r of await recordedOnce(payments.map((p) => p.orderId)))
      expect(r).toEqual({ placed: 1, paid: 1 });
    for (const s of sizes) expect(await stockOf(s.sizeId)).toBe(s.stock - 1);
  });

  it('refuses one bad payment in a batch without stopping the others', async () => {
    const [size] = await pickSizes(database.db, 1, 20);
    const good = await paidOrder('batch-good@example.com', [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
    ]);
    const answers = await confirmPayments({
      db: database.db,
      provider,
      confirmations: [good, { ...good, paymentId: 'pay_sbx_forged' }],
      onBatchFailed: noteFailure,
    });
    expect(answers[0]).toMatchObject({ ok: true, confirmed: { outcome: { result: 'PAID' } } });
    expect(answers[1]!.ok).toBe(false);
  });

  it('never sells more than the stock when batches pay for the last pieces at once', async () => {
    const [size] = await pickSizes(database.db, 1, 30);
    await database.db
      .updateTable('product_sizes')
      .set({ stock: 3 })
      .where('id', '=', size!.sizeId)
      .execute();
    const buyers = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        paidOrder(`batch-last-${i}@example.com`, [
          { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
        ]),
      ),
    );
    const answers = (
      await Promise.all([
        confirmPayments({
          db: database.db,
          provider,
          confirmations: buyers.slice(0, 3),
          onBatchFailed: noteFailure,
        }),
        confirmPayments({
          db: database.db,
          provider,
          confirmations: buyers.slice(3, 6),
          onBatchFailed: noteFailure,
        }),
        confirmPayments({
          db: database.db,
          provider,
          confirmations: buyers.slice(6),
          onBatchFailed: noteFailure,
        }),
      ])
    ).flat();
    const outcomes = answers.map((a) => (a.ok ? a.confirmed.outcome : null));
    expect(outcomes.filter((o) => o?.result === 'PAID')).toHaveLength(3);
    expect(
      outcomes.filter((o) => o?.result === 'REFUND_PENDING' && o.orderStatus === 'CANCELLED'),
    ).toHaveLength(4);
    expect(await stockOf(size!.sizeId)).toBe(0);
  });

  it('confirms 200 orders over overlapping sizes in concurrent batches without a deadlock', async () => {
    const sizes = await pickSizes(database.db, 6, 40);
    await database.db
      .updateTable('product_sizes')
      .set({ stock: 1000 })
      .where(
        'id',
        'in',
        sizes.map((s) => s.sizeId),
      )
      .execute();
    // Every order takes two or three of the six sizes, in varying combinations, so batches
    // taken in order-id order would each want rows another batch already holds.
    const orders: PaymentConfirmation[] = [];
    for (let start = 0; start < 200; start += 20)
      orders.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, (_, k) => {
            const i = start + k;
            const picked = [sizes[i % 6]!, sizes[(i * 5 + 1) % 6]!, sizes[(i * 7 + 3) % 6]!];
            const lines = [...new Map(picked.map((s) => [s.sizeId, s])).values()]
              .slice(0, 2 + (i % 2))
              .map((s) => ({ productId: s.productId, sizeId: s.sizeId, quantity: 1 + (i % 2) }));
            return paidOrder(`batch-many-${i}@example.com`, lines);
          }),
        )),
      );
    const wanted = new Map<string, number>();
    for (const o of orders) {
      const items = await database.db
        .selectFrom('order_items')
        .select(['size_id', 'quantity'])
        .where('order_id', '=', o.orderId)
        .execute();
      for (const item of items)
        wanted.set(item.size_id!, (wanted.get(item.size_id!) ?? 0) + item.quantity);
    }
    // Batches of 1 to 24 from a shuffled list, all at once.
    const shuffled = [...orders].sort((a, b) => a.paymentId.localeCompare(b.paymentId));
    const batches: PaymentConfirmation[][] = [];
    for (let at = 0, n = 1; at < shuffled.length; at += n, n = (n * 7) % 24 || 1)
      batches.push(shuffled.slice(at, at + n));
    failedBatches.length = 0;
    // Six batches in flight at once, as a worker runs them, on a pool that fits them all.
    const pool = createDb(database.url, 20);
    const answers = (
      await inBatches(batches, 6, (b) =>
        confirmPayments({ db: pool, provider, confirmations: b, onBatchFailed: noteFailure }),
      ).finally(() => pool.destroy())
    ).flat();
    expect(failedBatches).toEqual([]);
    expect(answers).toHaveLength(200);
    for (const a of answers)
      expect(a).toMatchObject({ ok: true, confirmed: { outcome: { result: 'PAID' } } });
    for (const r of await recordedOnce(orders.map((o) => o.orderId)))
      expect(r).toEqual({ placed: 1, paid: 1 });
    for (const s of sizes) expect(await stockOf(s.sizeId)).toBe(1000 - (wanted.get(s.sizeId) ?? 0));
  }, 300_000);

  /** Statements sent through `db` while `work` runs (a plugin sees every compiled query). */
  async function countStatements<T>(work: (db: typeof database.db) => Promise<T>) {
    let statements = 0;
    const counted = database.db.withPlugin({
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const value = await work(counted);
    return { statements, value };
  }

  it('writes a batch with set-based statements: as many for 25 orders as for 5', async () => {
    const sizes = await pickSizes(database.db, 4, 50);
    await database.db
      .updateTable('product_sizes')
      .set({ stock: 500 })
      .where(
        'id',
        'in',
        sizes.map((s) => s.sizeId),
      )
      .execute();
    const order = (i: number) =>
      paidOrder(`batch-set-${i}@example.com`, [
        { productId: sizes[i % 4]!.productId, sizeId: sizes[i % 4]!.sizeId, quantity: 1 },
        {
          productId: sizes[(i + 1) % 4]!.productId,
          sizeId: sizes[(i + 1) % 4]!.sizeId,
          quantity: 2,
        },
      ]);
    const small = await Promise.all(Array.from({ length: 5 }, (_, i) => order(i)));
    const large = await Promise.all(Array.from({ length: 25 }, (_, i) => order(100 + i)));
    failedBatches.length = 0;
    const five = await countStatements((db) =>
      confirmPayments({ db, provider, confirmations: small, onBatchFailed: noteFailure }),
    );
    const many = await countStatements((db) =>
      confirmPayments({ db, provider, confirmations: large, onBatchFailed: noteFailure }),
    );
    expect(failedBatches).toEqual([]);
    for (const a of [...five.value, ...many.value])
      expect(a).toMatchObject({ ok: true, confirmed: { outcome: { result: 'PAID' } } });
    // The reads before the transaction, the locks, one write per table: none per order.
    expect(many.statements).toBe(five.statements);
    expect(many.statements).toBeLessThanOrEqual(25);
    // Everything one by one would write: an invoice each (consecutive numbers), the carts
    // emptied of what was bought, one mail each.
    const ids = [...small, ...large].map((p) => p.orderId);
    const invoices = await database.db
      .selectFrom('invoices')
      .select(['order_id', 'seq', 'kind'])
      .where('order_id', 'in', ids)
      .execute();
    expect(invoices.filter((i) => i.kind === 'INVOICE')).toHaveLength(30);
    const seqs = invoices.map((i) => i.seq).sort((a, b) => a - b);
    expect(new Set(seqs).size).toBe(30);
    const left = await database.db
      .selectFrom('cart_items')
      .innerJoin('carts', 'carts.id', 'cart_items.cart_id')
      .innerJoin('orders', 'orders.user_id', 'carts.user_id')
      .select('cart_items.id')
      .where('orders.id', 'in', ids)
      .execute();
    expect(left).toEqual([]);
    const mails = await database.db
      .selectFrom('notifications')
      .select(['order_id', 'kind'])
      .where('order_id', 'in', ids)
      .execute();
    expect(mails.filter((m) => m.kind === 'order-placed')).toHaveLength(30);
    for (const r of await recordedOnce(ids)) expect(r).toEqual({ placed: 1, paid: 1 });
  }, 120_000);

  it('confirms 500 payments over overlapping sizes, duplicates among them, each exactly once and without a deadlock', async () => {
    const sizes = await pickSizes(database.db, 8, 60);
    await database.db
      .updateTable('product_sizes')
      .set({ stock: 2000 })
      .where(
        'id',
        'in',
        sizes.map((s) => s.sizeId),
      )
      .execute();
    const before = new Map(sizes.map((s) => [s.sizeId, 2000]));
    const orders: PaymentConfirmation[] = [];
    for (let start = 0; start < 450; start += 25)
      orders.push(
        ...(await Promise.all(
          Array.from({ length: 25 }, (_, k) => {
            const i = start + k;
            // Two or three of the eight sizes each, in every order of ids.
            const picked = [sizes[i % 8]!, sizes[(i * 3 + 5) % 8]!, sizes[(i * 5 + 2) % 8]!];
            const lines = [...new Map(picked.map((s) => [s.sizeId, s])).values()]
              .slice(0, 2 + (i % 2))
              .map((s) => ({ productId: s.productId, sizeId: s.sizeId, quantity: 1 + (i % 3) }));
            return paidOrder(`batch-500-${i}@example.com`, lines);
          }),
        )),
      );
    const { rows: wantedRows } = await sql<{ size_id: string; quantity: number }>`
      SELECT size_id, sum(quantity)::int AS quantity FROM order_items
      WHERE order_id = ANY(${orders.map((o) => o.orderId)}::uuid[]) GROUP BY size_id`.execute(
      database.db,
    );
    // 450 orders and 50 of their payments again (a webhook beside the return): 500 confirmations.
    const confirmations = [
      ...orders,
      ...orders.filter((_, i) => i % 9 === 0).map((o) => ({ ...o, source: 'webhook' as const })),
    ].sort((a, b) => (a.paymentId + a.source).localeCompare(b.paymentId + b.source));
    expect(confirmations).toHaveLength(500);
    const batches: PaymentConfirmation[][] = [];
    for (let at = 0, n = 3; at < confirmations.length; at += n, n = (n * 7) % 25 || 2)
      batches.push(confirmations.slice(at, at + n));
    failedBatches.length = 0;
    const pool = createDb(database.url, 20);
    const answers = (
      await inBatches(batches, 8, (b) =>
        confirmPayments({ db: pool, provider, confirmations: b, onBatchFailed: noteFailure }),
      ).finally(() => pool.destroy())
    ).flat();
    // No batch fell back to one by one: none deadlocked or failed.
    expect(failedBatches).toEqual([]);
    expect(answers).toHaveLength(500);
    for (const a of answers)
      expect(a).toMatchObject({ ok: true, confirmed: { outcome: { result: 'PAID' } } });
    for (const r of await recordedOnce(orders.map((o) => o.orderId)))
      expect(r).toEqual({ placed: 1, paid: 1 });
    for (const w of wantedRows)
      expect(await stockOf(w.size_id)).toBe(before.get(w.size_id)! - w.quantity);
    // Invoice numbers stay unique and gapless across the concurrent batches (this financial
    // year's: the demo seed's paid orders of the last weeks may reach into the one before).
    const { rows } = await sql<{ n: number; lo: number; hi: number }>`
      SELECT count(*)::int AS n, min(seq) AS lo, max(seq) AS hi FROM invoices
      WHERE kind = 'INVOICE' AND fy = ${financialYear(new Date())}`.execute(database.db);
    expect(rows[0]!.hi - rows[0]!.lo + 1).toBe(rows[0]!.n);
  }, 300_000);
});
