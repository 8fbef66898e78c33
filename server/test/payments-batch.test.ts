// Batched confirmations (the worker's confirmPayments): several payments in one transaction, each
// exactly once with its own outcome; the last pieces never oversold across batches; and 200
// confirmations over orders sharing size rows, in concurrent batches of overlapping sizes,
// never deadlock (every batch commits as a batch: none falls back to one-by-one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const order = await createOrderFromCart(database.db, row.id, ADDRESS, NO_LIMITS);
    const link = await createPaymentLink(
      database.db,
      provider,
      { id: row.id, role: row.role },
      order._id,
      origins,
    );
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
      confirmPayments(
        database.db,
        provider,
        [...payments, { ...payments[0]!, source: 'webhook' }],
        noteFailure,
      ),
      confirmPayments(database.db, provider, [payments[2]!, payments[1]!], noteFailure),
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
    const answers = await confirmPayments(
      database.db,
      provider,
      [good, { ...good, paymentId: 'pay_sbx_forged' }],
      noteFailure,
    );
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
        confirmPayments(database.db, provider, buyers.slice(0, 3), noteFailure),
        confirmPayments(database.db, provider, buyers.slice(3, 6), noteFailure),
        confirmPayments(database.db, provider, buyers.slice(6), noteFailure),
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
      await inBatches(batches, 6, (b) => confirmPayments(pool, provider, b, noteFailure)).finally(
        () => pool.destroy(),
      )
    ).flat();
    expect(failedBatches).toEqual([]);
    expect(answers).toHaveLength(200);
    for (const a of answers)
      expect(a).toMatchObject({ ok: true, confirmed: { outcome: { result: 'PAID' } } });
    for (const r of await recordedOnce(orders.map((o) => o.orderId)))
      expect(r).toEqual({ placed: 1, paid: 1 });
    for (const s of sizes) expect(await stockOf(s.sizeId)).toBe(1000 - (wanted.get(s.sizeId) ?? 0));
  }, 300_000);
});
