import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { confirmInstalmentPayment, type InstalmentOutcome } from '../enrolments';
import type { LedgerEntry } from '../ledger';
import type { ProviderSource } from '../payment-providers';
import { confirmPayments, type ConfirmationOutcome, type PaymentConfirmation } from '../payments';
import type { AnyConfirmation, InstalmentConfirmation } from '../queues';

/** What one confirmation did: the outcome for whoever waits, the ledger's entry to follow up. */
export interface AnyConfirmed {
  outcome: ConfirmationOutcome | InstalmentOutcome;
  /** An order's move to follow up; null for an instalment, a duplicate, a payment not settled. */
  entry: LedgerEntry | null;
}

/** Each confirmation's own answer: what it did, or why it failed (a refusal or a fault). */
export type ConfirmationAnswer =
  { ok: true; confirmed: AnyConfirmed } | { ok: false; error: unknown };

export interface ApplyConfirmationsOptions {
  db: Kysely<Database>;
  provider: ProviderSource;
  /** Either kind, as the confirmations queue carries them (a job's extra fields are ignored). */
  confirmations: readonly AnyConfirmation[];
  /** Told when an orders' batch transaction failed and its payments were applied one by one. */
  onBatchFailed?: ((error: unknown, size: number) => void) | undefined;
}

/** An order's confirmation as the payments domain takes it (without the queue's `kind`). */
const orderConfirmation = (c: PaymentConfirmation): PaymentConfirmation => ({
  orderId: c.orderId,
  paymentId: c.paymentId,
  source: c.source,
  ...(c.provider ? { provider: c.provider } : {}),
});

const instalmentConfirmation = (c: InstalmentConfirmation) => ({
  enrolmentId: c.enrolmentId,
  paymentId: c.paymentId,
  source: c.source,
  ...(c.provider ? { provider: c.provider } : {}),
});

/**
 * The one confirmation path: a batch of confirmations of both kinds, each answered on its own,
 * whoever sent it (the worker's batches; a single one, as the reconciliation sends, is a batch of
 * one). Every payment is asked of the provider by the same step (payments' askAboutPayment,
 * never the browser's word), then handed to its ledger step: an order's to the orders' batch
 * (confirmPayments: one transaction for the batch, set-based writes, one by one when it fails);
 * an instalment's to its enrolment (confirmInstalmentPayment: its own transaction under the
 * enrolment's lock). Either is recorded exactly once under its provider payment id, so a repeat
 * (a return and a webhook, a re-run after a crash) finds the first outcome. Instalments share no
 * row with orders, and each instalment holds one enrolment's lock in its own transaction, so
 * all of them run side by side (two payments of one enrolment queue on its lock): an order never
 * waits for an unrelated instalment's provider call.
 */
export async function applyConfirmations({
  db,
  provider,
  confirmations,
  onBatchFailed,
}: ApplyConfirmationsOptions): Promise<ConfirmationAnswer[]> {
  const answers = new Array<ConfirmationAnswer>(confirmations.length);
  const orders: Array<{ at: number; confirmation: PaymentConfirmation }> = [];
  const instalments: Array<{ at: number; confirmation: InstalmentConfirmation }> = [];
  confirmations.forEach((c, at) => {
    if (c.kind === 'scheme') instalments.push({ at, confirmation: c });
    else orders.push({ at, confirmation: orderConfirmation(c) });
  });
  const applyOrders = async () => {
    if (orders.length === 0) return;
    try {
      const outcomes = await confirmPayments({
        db,
        provider,
        confirmations: orders.map((o) => o.confirmation),
        onBatchFailed,
      });
      orders.forEach(({ at }, i) => (answers[at] = outcomes[i]!));
    } catch (error) {
      // Kept to the orders: the batch's instalments still answer for themselves.
      for (const { at } of orders) answers[at] = { ok: false, error };
    }
  };
  const applyInstalment = async ({ at, confirmation }: (typeof instalments)[number]) => {
    try {
      const outcome = await confirmInstalmentPayment(db, {
        provider,
        confirmation: instalmentConfirmation(confirmation),
      });
      answers[at] = { ok: true, confirmed: { outcome, entry: null } };
    } catch (error) {
      answers[at] = { ok: false, error };
    }
  };
  await Promise.all([applyOrders(), ...instalments.map(applyInstalment)]);
  return answers;
}

/** One confirmation of either kind: a batch of one (applyConfirmations), its refusal thrown. */
export async function applyConfirmation(
  db: Kysely<Database>,
  provider: ProviderSource,
  confirmation: AnyConfirmation,
): Promise<AnyConfirmed> {
  const [answer] = await applyConfirmations({ db, provider, confirmations: [confirmation] });
  if (!answer!.ok) throw answer!.error;
  return answer!.confirmed;
}
