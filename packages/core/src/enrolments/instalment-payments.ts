import type { Kysely, Transaction } from 'kysely';
import type { Database, SchemeEnrolmentRow, SchemePaymentStatus } from '@kanak/db';
import { formatRupees, indiaDate, type PaymentReturnStatus } from '@kanak/shared';
import { canSeeRecordOf } from '../auth';
import { badRequest, conflict, DomainError, notFound, unauthorized } from '../common';
import { isId, requireId } from '../common';
import { systemClock, type Clock } from '../common';
import { writeOutbox } from '../outbox';
import { submitAndWait } from '../outbox';
import type { OutboxDeps } from '../outbox';
import type { z } from 'zod';
import { JOBS, type ParsedJob } from '../queues';
import type { PaymentReturnCaller, PaymentReturnDeps } from '../payments';
import { LINK_GRACE_MS, LINK_REUSE_MARGIN_MS } from '../payments';
import { expireCheckedLinks, markLinkChecked } from '../payments';
import type { ProviderPayment } from '../payment-providers';
import { providersOf, type ProviderSource } from '../payment-providers';
import { createAtSomeProviderOf } from '../payments';
import { askHolders } from '../payments';
import { queueReceiptMail, takeReceiptNumber } from './receipts';

/** The note on a link made stale by a fresh one for the same instalment. */
const REPLACED_NOTE = 'Replaced by a fresh link';

/**
 * An instalment's payment goes the way an order's does (payments/): the provider is asked, never
 * the browser; the return, the webhook and reconciliation all write the same outbox key, the
 * worker applies it in one transaction under the enrolment's row lock, and the payment is
 * recorded once under its unique provider id. Only what a payment does differs: it pays an
 * instalment instead of placing an order.
 */
export type InstalmentConfirmation = z.output<typeof JOBS.instalmentConfirmation.payload>;

/** Payload of a scheme job on the 'payment-confirmations' queue (relayed from the outbox). */
export type InstalmentConfirmationJob = ParsedJob<typeof JOBS.instalmentConfirmation>;

/** Which of the confirmations queue's two kinds a job is (its payload is parsed after). */
export const isInstalmentJob = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === 'scheme';

export interface InstalmentOutcome {
  result: PaymentReturnStatus;
  enrolmentId: string;
  /** The instalment it paid (or was meant for). */
  n: number | null;
  note: string | null;
}

/** One outbox row per enrolment and provider payment id, like orders' pay-{order}-{payment}. */
export const instalmentJobKey = (enrolmentId: string, paymentId: string) =>
  `scheme-pay-${enrolmentId}-${paymentId}`;

export interface InstalmentLinkOrigins {
  server: string;
  web: string;
}

export interface OpenInstalmentLinkOptions {
  provider: ProviderSource;
  enrolment: Pick<
    SchemeEnrolmentRow,
    'id' | 'user_id' | 'instalment' | 'holder_name' | 'plan_name'
  > & {
    email: string;
  };
  n: number;
  origins: InstalmentLinkOrigins;
  expiresAt: Date;
  now: Date;
}

/**
 * A payment link for instalment `n`, open until `expiresAt`, made in the caller's transaction
 * (the enrolment row locked by it): an open link for the same instalment with enough life left
 * is reused, whichever configured provider holds it, so a double click or two reminders give one
 * link. A fresh one is made as an order's is (createAtSomeProviderOf: the preferred provider
 * first, the next when it fails, the same breakers), and any other link still open for the
 * enrolment is closed as replaced: one open link at a time. A payment that beat the close is
 * still found (reconciliation asks about EXPIRED links) and applied or owed back once.
 */
export async function openInstalmentLink(
  trx: Transaction<Database>,
  { provider, enrolment, n, origins, expiresAt, now }: OpenInstalmentLinkOptions,
): Promise<{ id: string; url: string; expiresAt: Date }> {
  const providers = providersOf(provider);
  const open = await trx
    .selectFrom('scheme_payments')
    .select(['payment_link_id', 'payment_link_url', 'expires_at'])
    .where('enrolment_id', '=', enrolment.id)
    .where('n', '=', n)
    .where(
      'provider',
      'in',
      providers.list.map((p) => p.name),
    )
    .where('status', '=', 'CREATED')
    .where('expires_at', '>', new Date(now.getTime() + LINK_REUSE_MARGIN_MS))
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (open)
    return { id: open.payment_link_id, url: open.payment_link_url, expiresAt: open.expires_at };
  const link = await createAtSomeProviderOf(providers)({
    // The provider's reference: the enrolment id (the webhook names it; see recordInstalmentWebhook).
    orderId: enrolment.id,
    amount: enrolment.instalment,
    description: `Kanak Jewellers ${enrolment.plan_name}: instalment ${n}`,
    customer: {
      name: enrolment.holder_name,
      email: enrolment.email,
      // Some providers (Cashfree) need a phone: the account's, else its latest address's.
      contact: await contactOf(trx, enrolment.user_id),
    },
    callbackUrl: `${origins.web}/account/schemes/${enrolment.id}`,
    serverOrigin: origins.server,
    expiresAt,
  });
  await trx
    .updateTable('scheme_payments')
    .set({ status: 'EXPIRED', note: REPLACED_NOTE, updated_at: now })
    .where('enrolment_id', '=', enrolment.id)
    .where('status', '=', 'CREATED')
    .where('provider_payment_id', 'is', null)
    .execute();
  await trx
    .insertInto('scheme_payments')
    .values({
      enrolment_id: enrolment.id,
      n,
      provider: link.provider,
      payment_link_id: link.id,
      payment_link_url: link.url,
      amount: enrolment.instalment,
      expires_at: expiresAt,
    })
    .execute();
  return { id: link.id, url: link.url, expiresAt };
}

/** The shopper's phone for a provider's link: the account's, else the latest address's. */
async function contactOf(db: Kysely<Database>, userId: string): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select('mobile')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (user?.mobile) return user.mobile;
  const address = await db
    .selectFrom('addresses')
    .select('mobile')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return address?.mobile ?? '';
}

const resultOf = (status: SchemePaymentStatus): PaymentReturnStatus =>
  status === 'PAID' ? 'PAID' : status === 'REFUND_PENDING' ? 'REFUND_PENDING' : 'PENDING';

async function findRecorded(
  db: Kysely<Database>,
  paymentId: string,
): Promise<InstalmentOutcome | null> {
  const row = await db
    .selectFrom('scheme_payments')
    .select(['enrolment_id', 'n', 'status', 'note'])
    .where('provider_payment_id', '=', paymentId)
    .executeTakeFirst();
  return row
    ? { result: resultOf(row.status), enrolmentId: row.enrolment_id, n: row.n, note: row.note }
    : null;
}

export interface ConfirmInstalmentPaymentOptions {
  provider: ProviderSource;
  confirmation: Omit<InstalmentConfirmation, 'kind'>;
  clock?: Clock;
}

/**
 * Applies an instalment's payment exactly once. Asked of the provider first (outside the
 * transaction); then, with the enrolment and the link locked and the payment re-checked as not
 * recorded: the instalment is marked PAID (its paid date starts the schedule when it is the
 * first), or — paid twice, through a closed link, for the wrong amount, or for an enrolment no
 * longer paying — recorded as owed back, never dropped.
 */
export async function confirmInstalmentPayment(
  db: Kysely<Database>,
  { provider, confirmation, clock = systemClock }: ConfirmInstalmentPaymentOptions,
): Promise<InstalmentOutcome> {
  const { enrolmentId, paymentId } = confirmation;
  const recorded = await findRecorded(db, paymentId);
  if (recorded && recorded.enrolmentId !== enrolmentId)
    throw badRequest(`Payment ${paymentId} was not made for this scheme`);
  if (recorded) return recorded;
  const links = await db
    .selectFrom('scheme_payments')
    .select(['payment_link_id', 'provider'])
    .where('enrolment_id', '=', enrolmentId)
    .execute();
  if (links.length === 0) throw notFound('Payment link for this scheme');
  // Each provider holding a link of the enrolment is asked (the one that reported it first),
  // as for an order: the payment may have been made at whichever took the link.
  const payment = await askHolders(providersOf(provider), confirmation, links);
  if (!payment) throw badRequest(`Payment ${paymentId} is not known to the payment provider`);
  if (!payment.paymentLinkId) throw badRequest(`Payment ${paymentId} was not made for this scheme`);
  if (payment.status === 'failed')
    return {
      result: 'FAILED',
      enrolmentId,
      n: null,
      note: 'The payment failed; the instalment is still due',
    };
  if (payment.status !== 'captured')
    return { result: 'PENDING', enrolmentId, n: null, note: 'The payment is not complete yet' };
  const linkId = payment.paymentLinkId;
  return db.transaction().execute(async (trx) => {
    const enrolment = await trx
      .selectFrom('scheme_enrolments')
      .selectAll()
      .where('id', '=', enrolmentId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // Re-checked under the lock: a concurrent duplicate may have committed meanwhile.
    const again = await findRecorded(trx, payment.id);
    if (again) return again;
    const link = await trx
      .selectFrom('scheme_payments')
      .selectAll()
      .where('payment_link_id', '=', linkId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return applyInstalment(trx, { enrolment, link, payment, now: clock() });
  });
}

export interface ApplyInstalmentOptions {
  enrolment: SchemeEnrolmentRow;
  link: { id: string; n: number; status: SchemePaymentStatus; amount: number; expires_at: Date } & {
    provider_payment_id: string | null;
    payment_link_id: string;
    payment_link_url: string;
    provider: string;
  };
  payment: ProviderPayment;
  now: Date;
}

async function applyInstalment(
  trx: Transaction<Database>,
  { enrolment, link, payment, now }: ApplyInstalmentOptions,
): Promise<InstalmentOutcome> {
  const paidAt = payment.madeAt ?? now;
  const amount = payment.amount ?? link.amount;
  const outcome = (result: PaymentReturnStatus, note: string | null): InstalmentOutcome => ({
    result,
    enrolmentId: enrolment.id,
    n: link.n,
    note,
  });
  const record = async (
    status: SchemePaymentStatus,
    note: string | null,
    receiptNo: string | null = null,
  ) => {
    if (link.provider_payment_id === null)
      await trx
        .updateTable('scheme_payments')
        .set({
          provider_payment_id: payment.id,
          status,
          note,
          amount,
          paid_at: paidAt,
          updated_at: now,
          receipt_no: receiptNo,
        })
        .where('id', '=', link.id)
        .execute();
    else
      // A second payment through the same link: kept as its own row, to be paid back.
      await trx
        .insertInto('scheme_payments')
        .values({
          enrolment_id: enrolment.id,
          n: link.n,
          provider: link.provider,
          payment_link_id: `${link.payment_link_id}:${payment.id}`,
          payment_link_url: link.payment_link_url,
          provider_payment_id: payment.id,
          status,
          amount,
          note,
          paid_at: paidAt,
          expires_at: link.expires_at,
          receipt_no: receiptNo,
        })
        .execute();
  };
  const owed = async (note: string) => {
    await record('REFUND_PENDING', note);
    return outcome('REFUND_PENDING', note);
  };
  if (enrolment.state !== 'PENDING' && enrolment.state !== 'ACTIVE')
    return owed(`The scheme was ${enrolment.state} when payment ${payment.id} arrived: refund due`);
  const alreadyPaid = await trx
    .selectFrom('scheme_payments')
    .select('id')
    .where('enrolment_id', '=', enrolment.id)
    .where('n', '=', link.n)
    .where('status', '=', 'PAID')
    .executeTakeFirst();
  if (alreadyPaid)
    return owed(
      `Instalment ${link.n} was already paid when payment ${payment.id} arrived: refund due`,
    );
  if (payment.madeAt && payment.madeAt.getTime() > link.expires_at.getTime())
    return owed(`Payment ${payment.id} arrived after its payment link had expired: refund due`);
  if (amount !== enrolment.instalment)
    return owed(
      `Paid ${formatRupees(amount)} but the instalment is ${formatRupees(enrolment.instalment)}: refund due`,
    );
  // Instalments are paid in turn: the link's own number must be the next one.
  const paidCount = await trx
    .selectFrom('scheme_payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('enrolment_id', '=', enrolment.id)
    .where('status', '=', 'PAID')
    .executeTakeFirstOrThrow();
  if (Number(paidCount.n) + 1 !== link.n)
    return owed(`Instalment ${link.n} is not the next one due: refund due`);
  const receiptNo = await takeReceiptNumber(trx, paidAt);
  await record('PAID', null, receiptNo);
  if (link.n === 1)
    await trx
      .updateTable('scheme_enrolments')
      .set({ state: 'ACTIVE', started_on: indiaDate(paidAt) })
      .where('id', '=', enrolment.id)
      .execute();
  await queueReceiptMail(trx, enrolment, {
    n: link.n,
    amount,
    receiptNo,
    reference: payment.id,
    paidAt,
  });
  return outcome('PAID', null);
}

/**
 * The shopper back from an instalment's payment page: refused with one read when it could not be
 * a payment of this enrolment (unknown, someone else's, no such link, no open link), else kept in
 * the outbox under the provider's payment id and applied by the worker. A repeat joins the row.
 */
export async function requestInstalmentConfirmation(
  deps: PaymentReturnDeps,
  ret: { enrolmentId: string; paymentId: string; paymentLinkId?: string },
  caller: PaymentReturnCaller,
): Promise<InstalmentOutcome | null> {
  await deps.limits.consume('paymentReturn', caller.address);
  const enrolmentId = requireId(ret.enrolmentId, 'Scheme');
  const jobKey = instalmentJobKey(enrolmentId, ret.paymentId);
  const refuse = (reason: Error) => (caller.user ? reason : unauthorized());
  const enrolment = await deps.db
    .selectFrom('scheme_enrolments')
    .select(['user_id'])
    .where('id', '=', enrolmentId)
    .executeTakeFirst();
  if (!enrolment || (caller.user && !canSeeRecordOf(caller.user, enrolment.user_id)))
    throw refuse(notFound('Scheme'));
  const [kept, links] = await Promise.all([
    deps.db.selectFrom('outbox').select('id').where('job_key', '=', jobKey).executeTakeFirst(),
    deps.db
      .selectFrom('scheme_payments')
      .select(['payment_link_id', 'status', 'expires_at', 'provider_payment_id', 'note'])
      .where('enrolment_id', '=', enrolmentId)
      .execute(),
  ]);
  const recorded = links.some(
    (l) =>
      l.provider_payment_id === ret.paymentId ||
      // A return that names the link for its payment (Cashfree's): the link is paid.
      (l.payment_link_id === ret.paymentId && l.provider_payment_id !== null),
  );
  if (!kept && !recorded) {
    const now = (deps.clock ?? systemClock)().getTime();
    const named = ret.paymentLinkId
      ? links.filter((l) => l.payment_link_id === ret.paymentLinkId)
      : links;
    if (named.length === 0)
      throw refuse(
        badRequest(
          ret.paymentLinkId
            ? `Payment link ${ret.paymentLinkId} was not made for this scheme`
            : 'No payment link was made for this scheme',
        ),
      );
    // A link replaced by a fresh one is still payable at its provider until it expires: its
    // payment is asked about like any other (and owed back if the instalment was paid twice).
    const open = named.some(
      (l) =>
        (l.status === 'CREATED' || (l.status === 'EXPIRED' && l.note === REPLACED_NOTE)) &&
        l.expires_at.getTime() > now - LINK_GRACE_MS,
    );
    if (!open)
      throw refuse(
        conflict('This payment link has expired: open the scheme and pay with a new link'),
      );
  }
  const { outcome } = await submitAndWait<InstalmentOutcome>(deps, {
    job: JOBS.instalmentConfirmation,
    jobKey,
    payload: {
      kind: 'scheme',
      enrolmentId,
      paymentId: ret.paymentId,
      source: 'return',
    } satisfies InstalmentConfirmation,
    retryRefused: false,
  });
  return outcome;
}

/** Whether a provider's reference names an enrolment (the webhook's routing: scheme or order). */
export async function isSchemeReference(db: Kysely<Database>, reference: string): Promise<boolean> {
  if (!isId(reference)) return false;
  const row = await db
    .selectFrom('scheme_enrolments')
    .select('id')
    .where('id', '=', reference)
    .executeTakeFirst();
  return row !== undefined;
}

/** A signed webhook for an instalment: kept in the outbox and acknowledged without waiting. */
export async function recordInstalmentWebhook(
  deps: Pick<OutboxDeps, 'db' | 'relay'>,
  webhook: { enrolmentId: string; paymentId: string; provider?: string },
): Promise<string> {
  const jobKey = instalmentJobKey(webhook.enrolmentId, webhook.paymentId);
  await writeOutbox(deps.db, {
    job: JOBS.instalmentConfirmation,
    jobKey,
    payload: { kind: 'scheme', ...webhook, source: 'webhook' } satisfies InstalmentConfirmation,
    retryRefused: true,
  });
  deps.relay.wake();
  return jobKey;
}

export interface InstalmentReconcileReport {
  checked: number;
  applied: { enrolmentId: string; paymentId: string; result: PaymentReturnStatus }[];
  failed: { linkId: string; message: string }[];
  expired: number;
}

/**
 * Reconciliation for instalments, as reconcilePayments does for orders: every link without a
 * recorded payment is asked about (least recently checked first) until one check after its
 * expiry and grace; a payment whose return and webhook were both lost is applied by the same
 * exactly-once path. Links asked that last time are then closed as EXPIRED.
 */
export async function reconcileInstalments(
  db: Kysely<Database>,
  provider: ProviderSource,
  options: { olderThanMs: number; limit?: number },
): Promise<InstalmentReconcileReport> {
  const providers = providersOf(provider);
  const now = Date.now();
  const expired = await expireCheckedLinks(db, 'scheme_payments', now);
  const links = await db
    .selectFrom('scheme_payments')
    .select(['id', 'payment_link_id', 'enrolment_id', 'provider'])
    .where('reconciled', '=', false)
    .where('provider_payment_id', 'is', null)
    .where('status', 'in', ['CREATED', 'EXPIRED'])
    // Every provider that holds a link: each is asked about its own.
    .where(
      'provider',
      'in',
      providers.list.map((p) => p.name),
    )
    .where('created_at', '<', new Date(now - options.olderThanMs))
    .orderBy('updated_at')
    .limit(options.limit ?? 50)
    .execute();
  const report: InstalmentReconcileReport = {
    checked: links.length,
    applied: [],
    failed: [],
    expired,
  };
  for (const link of links) {
    let asked = true;
    try {
      const holder = providers.get(link.provider);
      if (!holder) throw new Error(`No provider ${link.provider} is configured to ask about it`);
      const payments = await holder.linkPayments(link.payment_link_id);
      for (const payment of payments.filter((p) => p.status === 'captured')) {
        try {
          const outcome = await confirmInstalmentPayment(db, {
            provider: providers,
            confirmation: {
              enrolmentId: link.enrolment_id,
              paymentId: payment.id,
              source: 'reconcile',
              provider: holder.name,
            },
          });
          report.applied.push({
            enrolmentId: link.enrolment_id,
            paymentId: payment.id,
            result: outcome.result,
          });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
        }
      }
    } catch (error) {
      asked = false;
      report.failed.push({
        linkId: link.payment_link_id,
        message: error instanceof Error ? error.message : String(error),
      });
    }
    await markLinkChecked(db, { table: 'scheme_payments', id: link.id, asked });
  }
  return report;
}

/** What the sandbox's hosted page shows for an instalment's link; undefined when unknown. */
export async function findInstalmentLink(db: Kysely<Database>, linkId: string) {
  return db
    .selectFrom('scheme_payments as p')
    .innerJoin('scheme_enrolments as e', 'e.id', 'p.enrolment_id')
    .select([
      'p.enrolment_id',
      'p.n',
      'p.amount',
      'p.status',
      'p.provider',
      'p.expires_at',
      'e.state',
      'e.plan_name',
    ])
    .where('p.payment_link_id', '=', linkId)
    .executeTakeFirst();
}
