import type { Kysely, Transaction } from 'kysely';
import type { Database, OrderRow, PaymentRow } from '@kanak/db';
import {
  applyLocked,
  confirmPayment,
  findRecordedMany,
  prepareConfirmation,
  type CapturedPayment,
  type Confirmed,
  type PaymentConfirmation,
} from './confirm-payment';
import type { PaymentProvider } from './provider';
import { lockInvoiceCounter } from '../invoices/issue-invoice';

/** Each confirmation's own answer: what it did, or why it failed (a refusal or a fault). */
export type BatchOutcome = { ok: true; confirmed: Confirmed } | { ok: false; error: unknown };

async function attempt<T>(
  work: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error };
  }
}

const settled = async (work: () => Promise<Confirmed>): Promise<BatchOutcome> => {
  const done = await attempt(work);
  return done.ok ? { ok: true, confirmed: done.value } : done;
};

const byOrderThenPayment = (a: CapturedPayment, b: CapturedPayment) =>
  a.confirmation.orderId.localeCompare(b.confirmation.orderId) ||
  a.payment.id.localeCompare(b.payment.id);

/**
 * Applies several confirmations in ONE transaction, each exactly as confirmPayment would and
 * with its own outcome. The checks before it are read for all at once (recorded payments, the
 * orders' links). Inside it, every row any of them writes is locked up front in one stable
 * order — orders by id, then their links by id, then the size rows their lines take by id — so
 * two batches (or a batch and a single confirmation) sharing rows wait for each other instead
 * of deadlocking. Then each payment goes through the ledger's `placePaidOrder`, one order at a
 * time. If the transaction fails as a whole (a refusal inside it, a deadlock with some other
 * writer, a fault), nothing of it stays and each confirmation runs again alone.
 */
export async function confirmPayments(
  db: Kysely<Database>,
  provider: PaymentProvider,
  confirmations: PaymentConfirmation[],
  /** Told when a batch's transaction failed and its payments were applied one by one. */
  onBatchFailed?: (error: unknown, size: number) => void,
): Promise<BatchOutcome[]> {
  if (confirmations.length === 1)
    return [await settled(() => confirmPayment(db, provider, confirmations[0]!))];
  const outcomes: BatchOutcome[] = new Array<BatchOutcome>(confirmations.length);
  const captured: Array<{ index: number; captured: CapturedPayment }> = [];
  try {
    const orderIds = [...new Set(confirmations.map((c) => c.orderId))];
    const [recorded, links] = await Promise.all([
      findRecordedMany(db, [...new Set(confirmations.map((c) => c.paymentId))]),
      db
        .selectFrom('payments')
        .select(['order_id', 'payment_link_id'])
        .where('order_id', 'in', orderIds)
        .execute(),
    ]);
    const linksOf = new Map<string, string[]>();
    for (const l of links)
      linksOf.set(l.order_id, [...(linksOf.get(l.order_id) ?? []), l.payment_link_id]);
    const prepared = await Promise.all(
      confirmations.map((confirmation) =>
        attempt(() =>
          prepareConfirmation(
            db,
            provider,
            confirmation,
            recorded.get(confirmation.paymentId) ?? null,
            linksOf.get(confirmation.orderId) ?? [],
          ),
        ),
      ),
    );
    prepared.forEach((p, index) => {
      if (!p.ok) outcomes[index] = p;
      else if ('done' in p.value) outcomes[index] = { ok: true, confirmed: p.value.done };
      else captured.push({ index, captured: p.value.captured });
    });
  } catch {
    // The shared reads failed (PostgreSQL away): each one alone says how.
    return Promise.all(confirmations.map((c) => settled(() => confirmPayment(db, provider, c))));
  }
  if (captured.length === 0) return outcomes;
  captured.sort((a, b) => byOrderThenPayment(a.captured, b.captured));
  try {
    const applied = await db.transaction().execute((trx) =>
      applyAll(
        trx,
        captured.map((c) => c.captured),
      ),
    );
    captured.forEach(({ index }, i) => (outcomes[index] = { ok: true, confirmed: applied[i]! }));
  } catch (error) {
    onBatchFailed?.(error, captured.length);
    // Nothing of the batch committed: each captured payment is applied alone, in lock order.
    for (const { index, captured: c } of captured)
      outcomes[index] = await settled(() => confirmPayment(db, provider, c.confirmation));
  }
  return outcomes;
}

/** The batch's transaction: every row locked in one order, then each payment applied. */
async function applyAll(
  trx: Transaction<Database>,
  payments: CapturedPayment[],
): Promise<Confirmed[]> {
  // The invoice counter first (every paid order numbers an invoice), then the batch's rows.
  await lockInvoiceCounter(trx);
  const orderIds = [...new Set(payments.map((p) => p.confirmation.orderId))].sort();
  const orders = await trx
    .selectFrom('orders')
    .selectAll()
    .where('id', 'in', orderIds)
    .orderBy('id')
    .forUpdate()
    .execute();
  // Re-checked under the order locks: a concurrent duplicate may have committed meanwhile.
  const again = await findRecordedMany(trx, [...new Set(payments.map((p) => p.payment.id))]);
  const links = await trx
    .selectFrom('payments')
    .selectAll()
    .where('payment_link_id', 'in', [...new Set(payments.map((p) => p.linkId))])
    .orderBy('id')
    .forUpdate()
    .execute();
  // The size rows every order of the batch takes stock from, before any order takes them (FOR NO
  // KEY UPDATE, as takeOrderStock: a checkout's foreign-key checks are not waited for).
  await trx
    .selectFrom('product_sizes')
    .select('id')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('order_items')
        .select('size_id')
        .where('order_id', 'in', orderIds)
        .where('size_id', 'is not', null)
        .$narrowType<{ size_id: string }>(),
    )
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();

  const orderById = new Map<string, OrderRow>(orders.map((o) => [o.id, o]));
  const linkById = new Map<string, PaymentRow>(links.map((l) => [l.payment_link_id, l]));
  const done = new Map<string, Confirmed>();
  const touchedOrders = new Set<string>();
  const touchedLinks = new Set<string>();
  const results: Confirmed[] = [];
  for (const payment of payments) {
    const { orderId } = payment.confirmation;
    const recorded = again.get(payment.payment.id);
    const earlier = done.get(payment.payment.id);
    if (recorded || earlier) {
      // The same payment twice (a return and a webhook in one batch), or already recorded.
      results.push({ outcome: recorded ?? earlier!.outcome, entry: null });
      continue;
    }
    // A second payment for an order (or link) of this batch sees what the first one wrote.
    const order = touchedOrders.has(orderId)
      ? ((await trx
          .selectFrom('orders')
          .selectAll()
          .where('id', '=', orderId)
          .executeTakeFirst()) ?? null)
      : (orderById.get(orderId) ?? null);
    const link = touchedLinks.has(payment.linkId)
      ? await trx
          .selectFrom('payments')
          .selectAll()
          .where('payment_link_id', '=', payment.linkId)
          .executeTakeFirstOrThrow()
      : linkById.get(payment.linkId);
    if (!link) throw new Error(`payment link ${payment.linkId} vanished`);
    const confirmed = await applyLocked(trx, payment, order, link);
    touchedOrders.add(orderId);
    touchedLinks.add(payment.linkId);
    done.set(payment.payment.id, confirmed);
    results.push(confirmed);
  }
  return results;
}
