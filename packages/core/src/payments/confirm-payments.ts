import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, OrderRow, PaymentRow, PaymentStatus } from '@kanak/db';
import type { OrderStatus, RefundReason } from '@kanak/shared';
import {
  findRecordedMany,
  judgePayment,
  owedBack,
  paidReason,
  prepareConfirmation,
  soldOutNote,
  type CapturedPayment,
  type ConfirmationOutcome,
  type Confirmed,
  type OrderLink,
  type PaymentConfirmation,
} from './confirmation-rules';
import { planPlacement, readBatchStock, writePlacements, type PlannedPlacement } from '../ledger';
import type { ProviderSource } from '../payment-providers';
import { refundSecondPayments } from './refund-second-payments';
import { tenderedByOrder } from '../tenders';
import { lockInvoiceCounter } from '../invoices';

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

/** A batch of confirmations to apply, and who hears of a batch that fell back to one by one. */
export interface ConfirmPaymentsOptions {
  db: Kysely<Database>;
  provider: ProviderSource;
  confirmations: PaymentConfirmation[];
  /** Told when a batch's transaction failed and its payments were applied one by one. */
  onBatchFailed?: ((error: unknown, size: number) => void) | undefined;
}

/**
 * Applies payments exactly once, several in ONE transaction, each with its own outcome; a single
 * payment (a return's job, the reconciliation) is a batch of one, so the rules run along one
 * path. The provider is asked (never the browser), with the checks before the transaction read
 * for all at once (recorded payments, the orders' links). Inside it, every row any of them writes
 * is locked up front in one stable order — orders by id, then their links by id, then the size
 * rows their lines take by id — so two batches sharing rows wait for each other instead of
 * deadlocking. Then the payments are judged in memory (judgePayment) and the ledger writes the
 * batch with set-based statements (`writePlacements`: one per table, not one per order): each
 * payment is recorded under its unique provider id and its order placed, or cancelled when a line
 * is short (the payment then owed back). Money that came through a link the shop no longer
 * wanted (expired, cancelled, its order deleted or no longer PENDING) is recorded as owed back,
 * never dropped. A duplicate (second job, webhook + return, a re-run after a crash) finds the
 * recorded payment. If a batch's transaction fails as a whole (a refusal inside it, a deadlock
 * with some other writer, a fault), nothing of it stays and each confirmation runs again alone,
 * as a batch of one; a batch of one that fails answers its error.
 */
export async function confirmPayments({
  db,
  provider,
  confirmations,
  onBatchFailed,
}: ConfirmPaymentsOptions): Promise<BatchOutcome[]> {
  const single = confirmations.length === 1;
  const alone = (c: PaymentConfirmation): Promise<BatchOutcome> =>
    settled(() => confirmPayment(db, provider, c));
  const outcomes: BatchOutcome[] = new Array<BatchOutcome>(confirmations.length);
  const captured: Array<{ index: number; captured: CapturedPayment }> = [];
  try {
    const orderIds = [...new Set(confirmations.map((c) => c.orderId))];
    const [recorded, links] = await Promise.all([
      findRecordedMany(db, [...new Set(confirmations.map((c) => c.paymentId))]),
      db
        .selectFrom('payments')
        .select(['order_id', 'payment_link_id', 'provider'])
        .where('order_id', 'in', orderIds)
        .execute(),
    ]);
    const linksOf = new Map<string, OrderLink[]>();
    for (const l of links) linksOf.set(l.order_id, [...(linksOf.get(l.order_id) ?? []), l]);
    const prepared = await Promise.all(
      confirmations.map((confirmation) =>
        attempt(() =>
          prepareConfirmation({
            db,
            provider,
            confirmation,
            recorded: recorded.get(confirmation.paymentId) ?? null,
            links: linksOf.get(confirmation.orderId) ?? [],
          }),
        ),
      ),
    );
    prepared.forEach((p, index) => {
      if (!p.ok) outcomes[index] = p;
      else if ('done' in p.value) outcomes[index] = { ok: true, confirmed: p.value.done };
      else captured.push({ index, captured: p.value.captured });
    });
  } catch (error) {
    if (single) return [{ ok: false, error }];
    // The shared reads failed (PostgreSQL away): each one alone says how.
    return Promise.all(confirmations.map(alone));
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
    if (single) return [{ ok: false, error }];
    onBatchFailed?.(error, captured.length);
    // Nothing of the batch committed: each captured payment is applied alone, in lock order.
    for (const { index, captured: c } of captured) outcomes[index] = await alone(c.confirmation);
  }
  return outcomes;
}

/**
 * One payment applied exactly once: a batch of one (confirmPayments), its refusal or fault
 * thrown. `orderId` was checked at the boundary (return, webhook, reconciliation).
 */
export async function confirmPayment(
  db: Kysely<Database>,
  provider: ProviderSource,
  confirmation: PaymentConfirmation,
): Promise<Confirmed> {
  const [answer] = await confirmPayments({ db, provider, confirmations: [confirmation] });
  if (!answer!.ok) throw answer!.error;
  return answer!.confirmed;
}

/** A payment's row to write: the link's own row updated, or a row of its own added. */
interface PaymentRecord {
  link: PaymentRow;
  /** The link had a payment already (a second one through it): kept as its own row. */
  extra: boolean;
  payment: CapturedPayment;
  status: PaymentStatus;
  note: string | null;
  reason: RefundReason | null;
}

/**
 * The batch's transaction. Every row any payment writes is locked up front in one stable order:
 * the invoice counter, the orders by id, their links by id, then the size rows the PENDING ones
 * take by id. Then each payment is judged in memory, in that order, against what the earlier
 * ones did (a duplicate finds the first; a second payment for an order finds it placed; stock
 * taken by one order is gone for the next), and each table is written once for the batch.
 */
async function applyAll(
  trx: Transaction<Database>,
  payments: CapturedPayment[],
): Promise<Confirmed[]> {
  const at = new Date();
  // The invoice counter first (every paid order numbers an invoice), then the batch's rows.
  await lockInvoiceCounter(trx, at);
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
  const tenderedOf = await tenderedByOrder(trx, orderIds);
  const stock = await readBatchStock(
    trx,
    orders.filter((o) => o.status === 'PENDING').map((o) => o.id),
  );

  // What the batch has done so far, as the next payment would read it back.
  const orderNow = new Map<string, OrderRow>(orders.map((o) => [o.id, o]));
  const linkNow = new Map<string, PaymentRow>(links.map((l) => [l.payment_link_id, l]));
  const done = new Map<string, ConfirmationOutcome>();
  const results: Confirmed[] = [];
  const planned: Array<{ at: number; plan: PlannedPlacement }> = [];
  const records: PaymentRecord[] = [];
  for (const captured of payments) {
    const { orderId } = captured.confirmation;
    const paymentId = captured.payment.id;
    const recorded = again.get(paymentId) ?? done.get(paymentId);
    if (recorded) {
      // The same payment twice (a return and a webhook in one batch), or already recorded.
      results.push({ outcome: recorded, entry: null });
      continue;
    }
    const order = orderNow.get(orderId) ?? null;
    const link = linkNow.get(captured.linkId);
    if (!link) throw new Error(`payment link ${captured.linkId} vanished`);
    const record = (status: PaymentStatus, note: string | null, reason: RefundReason | null) => {
      records.push({
        link,
        extra: link.provider_payment_id !== null,
        payment: captured,
        status,
        note,
        reason,
      });
      if (link.provider_payment_id === null)
        linkNow.set(link.payment_link_id, { ...link, provider_payment_id: paymentId, status });
    };
    const tendered = tenderedOf.get(orderId) ?? 0;
    const verdict = judgePayment({ payment: captured.payment, order, link, tendered });
    let confirmed: Confirmed;
    if (!verdict.place) {
      record('REFUND_PENDING', verdict.note, verdict.reason);
      confirmed = owedBack(orderId, order, verdict.note);
    } else {
      const plan = planPlacement(
        {
          order: order!,
          reason: paidReason(captured.payment, captured.confirmation),
          refundNote: (short) =>
            soldOutNote(short, order!.total_discounted_price - tendered, tendered),
        },
        stock,
      );
      planned.push({ at: results.length, plan });
      const placed = plan.result.placed;
      const note = plan.result.placed ? null : plan.result.note;
      record(placed ? 'PAID' : 'REFUND_PENDING', note, placed ? null : 'SOLD_OUT');
      const status: OrderStatus = placed ? 'PLACED' : 'CANCELLED';
      orderNow.set(orderId, { ...order!, status, status_note: note });
      // The ledger's entry is filled in once the batch's placements are written.
      confirmed = {
        outcome: { result: placed ? 'PAID' : 'REFUND_PENDING', orderId, orderStatus: status, note },
        entry: null,
      };
    }
    done.set(paymentId, confirmed.outcome);
    results.push(confirmed);
  }

  const placements = await writePlacements(
    trx,
    planned.map((p) => p.plan),
    at,
  );
  planned.forEach((p, i) => (results[p.at]!.entry = placements[i]!.entry));
  await recordPayments(trx, records, at);
  await refundSecondPayments(
    trx,
    records.filter((r) => r.status === 'REFUND_PENDING').map((r) => r.payment.payment.id),
  );
  return results;
}

/** Every payment of the batch recorded: the links' rows in one statement, extra rows in one. */
async function recordPayments(trx: Transaction<Database>, records: PaymentRecord[], at: Date) {
  const own = records.filter((r) => !r.extra);
  if (own.length)
    await sql`UPDATE payments p
      SET provider_payment_id = v.payment_id, status = v.status, note = v.note,
          refund_reason = v.reason, amount = v.amount, updated_at = ${at}
      FROM unnest(${own.map((r) => r.link.id)}::uuid[], ${own.map((r) => r.payment.payment.id)}::text[],
                  ${own.map((r) => r.status)}::text[], ${own.map((r) => r.note)}::text[],
                  ${own.map((r) => r.reason)}::text[],
                  ${own.map((r) => r.payment.payment.amount ?? r.link.amount)}::int[])
        AS v(id, payment_id, status, note, reason, amount)
      WHERE p.id = v.id`.execute(trx);
  const extra = records.filter((r) => r.extra);
  // A second, different payment through the same link: kept as its own row for the refund.
  if (extra.length)
    await trx
      .insertInto('payments')
      .values(
        extra.map(({ link, payment, status, note, reason }) => ({
          order_id: payment.confirmation.orderId,
          provider: link.provider,
          payment_link_id: `${link.payment_link_id}:${payment.payment.id}`,
          payment_link_url: link.payment_link_url,
          provider_payment_id: payment.payment.id,
          status,
          amount: payment.payment.amount ?? link.amount,
          note,
          refund_reason: reason,
          expires_at: link.expires_at,
        })),
      )
      .execute();
}
