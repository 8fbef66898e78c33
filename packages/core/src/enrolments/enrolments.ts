import type { Kysely, Transaction } from 'kysely';
import type { Database, SchemeEnrolmentRow, SchemePaymentRow } from '@kanak/db';
import {
  formatRupees,
  indiaDate,
  instalmentProblem,
  needsPan,
  PAN_THRESHOLD,
  type SchemeEnrolInput,
  type SchemeEnrolment,
} from '@kanak/shared';
import type { AuthUser } from '../auth';
import { canSeeRecordOf } from '../auth';
import { badRequest, conflict, DomainError, notFound } from '../common';
import { requireId } from '../common';
import { systemClock, type Clock } from '../common';
import type { ProviderSource } from '../payment-providers';
import { DEFAULT_LINK_TTL_MINUTES } from '../payments';
import { openInstalmentLink, type InstalmentLinkOrigins } from './instalment-link';
import { enrolmentSchedule, redeemedOf, termsOf, usedPaise, type Paid } from '../schemes';

export interface EnrolmentViewOptions {
  enrolment: SchemeEnrolmentRow;
  payments: (Paid &
    Pick<SchemePaymentRow, 'payment_link_url' | 'expires_at'> &
    Partial<Pick<SchemePaymentRow, 'receipt_no' | 'provider_payment_id'>>)[];
  now: Date;
  /** Paise orders hold or spent of this scheme's balance (redemption at checkout). */
  redeemedPaise?: number;
}

/** The enrolment as its shopper (and the admin) sees it, in rupees. */
export function enrolmentView({
  enrolment: e,
  payments,
  now,
  redeemedPaise = 0,
}: EnrolmentViewOptions): SchemeEnrolment {
  const today = indiaDate(now);
  const schedule = enrolmentSchedule(e, payments, today);
  const paid = payments.filter((p) => p.status === 'PAID').sort((a, b) => a.n - b.n);
  const late = new Map(schedule?.paid.map((p) => [p.n, p.late]) ?? []);
  const next =
    e.state === 'PENDING'
      ? { n: 1, date: indiaDate(e.created_at), overdue: false }
      : (schedule?.next ?? null);
  const open = next
    ? payments.find(
        (p) => p.n === next.n && p.status === 'CREATED' && p.expires_at.getTime() > now.getTime(),
      )
    : undefined;
  const paidRupees = paid.reduce((sum, p) => sum + p.amount, 0);
  const bonus = (schedule?.bonus ?? 0) / 100;
  return {
    id: e.id,
    plan: {
      id: e.plan_id,
      name: e.plan_name,
      ...termsOf(e),
      terms: e.terms,
    },
    instalment: e.instalment,
    holderName: e.holder_name,
    paid: paid.map((p) => ({
      n: p.n,
      amount: p.amount,
      paidAt: p.paid_at!.toISOString(),
      late: late.get(p.n) ?? false,
      receiptNo: p.receipt_no ?? null,
      reference: p.provider_payment_id ?? null,
    })),
    due: next ? { ...next, ...(open ? { paymentUrl: open.payment_link_url } : {}) } : null,
    bonus,
    // The bonus joins the balance at maturity; until then the balance is what was paid.
    balance:
      paidRupees +
      (e.state === 'MATURED' || e.state === 'REDEEMED' ? bonus : 0) -
      redeemedPaise / 100,
    redeemed: redeemedPaise / 100,
    maturesOn: schedule?.maturesOn ?? null,
    redeemBy: schedule?.redeemBy ?? null,
    state: e.state,
  };
}

export interface SchemeDeps {
  db: Kysely<Database>;
  /** One provider, or the failover set (a link is made at the first that answers). */
  provider: ProviderSource;
  origins: InstalmentLinkOrigins;
  ttlMinutes?: number;
  clock?: Clock;
}

/**
 * A signed-in shopper enrols in an open plan and gets the first instalment's payment link. The
 * plan's terms are copied onto the enrolment (kept whatever the plan becomes). A PAN is asked
 * when the scheme's total passes the threshold used at checkout (Income-tax Rule 114B).
 */
/** Open enrolments (not redeemed or closed) one account may hold in one plan. */
export const MAX_OPEN_ENROLMENTS_PER_PLAN = 3;
/** Enrolments one account may start in 24 hours: each opens a payment link at the provider. */
export const MAX_ENROLMENTS_PER_DAY = 10;

export interface EnrolmentBudgetOptions {
  userId: string;
  planId: number;
  now: Date;
}

/**
 * Refuses an enrolment past the account's limits. The account's row is locked first, so that
 * requests sent at once are counted one after another (40 in 0.4 s made 40 provider links).
 */
async function enrolmentBudget(
  trx: Transaction<Database>,
  { userId, planId, now }: EnrolmentBudgetOptions,
) {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const counts = await trx
    .selectFrom('scheme_enrolments')
    .select((eb) => [
      eb.fn
        .count<string>('id')
        .filterWhere((w) =>
          w.and([w('plan_id', '=', planId), w('state', 'not in', ['REDEEMED', 'CLOSED'])]),
        )
        .as('open'),
      eb.fn
        .count<string>('id')
        .filterWhere('created_at', '>', new Date(now.getTime() - 24 * 3_600_000))
        .as('today'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(counts.open) >= MAX_OPEN_ENROLMENTS_PER_PLAN)
    throw conflict(
      `You already have ${MAX_OPEN_ENROLMENTS_PER_PLAN} open enrolments in this plan: pay or close one first`,
    );
  if (Number(counts.today) >= MAX_ENROLMENTS_PER_DAY)
    throw new DomainError(
      'TOO_MANY_REQUESTS',
      `You can start at most ${MAX_ENROLMENTS_PER_DAY} scheme enrolments a day: please try again tomorrow`,
    );
}

export async function enrol(
  deps: SchemeDeps,
  user: AuthUser,
  input: SchemeEnrolInput,
): Promise<{ id: string; paymentUrl: string }> {
  const now = (deps.clock ?? systemClock)();
  const plan = await deps.db
    .selectFrom('scheme_plans')
    .selectAll()
    .where('id', '=', input.planId)
    .executeTakeFirst();
  if (!plan) throw notFound('Plan');
  if (plan.paused) throw conflict('This plan is not open for new enrolments');
  const misfit = instalmentProblem(input.instalment, {
    minInstalment: plan.min_instalment,
    step: plan.step,
  });
  if (misfit) throw badRequest(misfit);
  const total = input.instalment * plan.instalments;
  if (needsPan(total) && !input.pan)
    throw badRequest(
      `A PAN is needed for a scheme above ${formatRupees(PAN_THRESHOLD)} in all (${formatRupees(total)})`,
    );
  const account = await deps.db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  return deps.db.transaction().execute(async (trx) => {
    await enrolmentBudget(trx, { userId: user.id, planId: plan.id, now });
    const e = await trx
      .insertInto('scheme_enrolments')
      .values({
        user_id: user.id,
        plan_id: plan.id,
        plan_name: plan.name,
        instalments: plan.instalments,
        bonus_percent: plan.bonus_percent,
        grace_days: plan.grace_days,
        missed_rule: plan.missed_rule,
        bonus_cut_percent: plan.bonus_cut_percent,
        redeem_within_days: plan.redeem_within_days,
        terms: plan.terms,
        instalment: input.instalment,
        holder_name: input.name ?? `${account.first_name} ${account.last_name}`.trim(),
        pan: input.pan ?? null,
        nominee: input.nominee || null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const link = await openInstalmentLink(trx, {
      provider: deps.provider,
      enrolment: { ...e, email: account.email },
      n: 1,
      origins: deps.origins,
      expiresAt: new Date(now.getTime() + (deps.ttlMinutes ?? DEFAULT_LINK_TTL_MINUTES) * 60_000),
      now,
    });
    return { id: e.id, paymentUrl: link.url };
  });
}

/** The instalment columns an enrolment's schedule and view are worked out from. */
export const SCHEDULE_COLUMNS = [
  'enrolment_id',
  'n',
  'amount',
  'paid_at',
  'status',
  'payment_link_url',
  'expires_at',
] as const;

async function paymentsOf(db: Kysely<Database>, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('scheme_payments')
    .select([...SCHEDULE_COLUMNS, 'receipt_no', 'provider_payment_id'])
    .where('enrolment_id', 'in', ids)
    .orderBy('created_at')
    .orderBy('n')
    .execute();
}

/** The shopper's enrolments, newest first. */
export async function listEnrolments(
  db: Kysely<Database>,
  user: AuthUser,
  clock: Clock = systemClock,
): Promise<SchemeEnrolment[]> {
  const rows = await db
    .selectFrom('scheme_enrolments')
    .selectAll()
    .where('user_id', '=', user.id)
    .orderBy('created_at', 'desc')
    .execute();
  const payments = await paymentsOf(
    db,
    rows.map((r) => r.id),
  );
  const now = clock();
  const redeemed = await redeemedOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    enrolmentView({
      enrolment: r,
      payments: payments.filter((p) => p.enrolment_id === r.id),
      now,
      redeemedPaise: usedPaise(redeemed.get(r.id)),
    }),
  );
}

export interface GetEnrolmentOptions {
  user: AuthUser;
  idInput: unknown;
  clock?: Clock;
}

/** One enrolment, to its owner or an admin (404 to anyone else). */
export async function getEnrolment(
  db: Kysely<Database>,
  { user, idInput, clock = systemClock }: GetEnrolmentOptions,
): Promise<SchemeEnrolment> {
  const row = await findEnrolmentFor(db, user, idInput);
  const redeemed = await redeemedOf(db, [row.id]);
  return enrolmentView({
    enrolment: row,
    payments: await paymentsOf(db, [row.id]),
    now: clock(),
    redeemedPaise: usedPaise(redeemed.get(row.id)),
  });
}

export async function findEnrolmentFor(db: Kysely<Database>, user: AuthUser, idInput: unknown) {
  const id = requireId(idInput, 'Scheme');
  const row = await db
    .selectFrom('scheme_enrolments')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || !canSeeRecordOf(user, row.user_id)) throw notFound('Scheme');
  return row;
}

/**
 * A payment link for the enrolment's next instalment (the first while PENDING), open for the
 * link's life; the open one is reused. Refused once every instalment is paid.
 */
export async function payNextInstalment(
  deps: SchemeDeps,
  user: AuthUser,
  idInput: unknown,
): Promise<{ paymentUrl: string; n: number }> {
  const now = (deps.clock ?? systemClock)();
  const found = await findEnrolmentFor(deps.db, user, idInput);
  if (found.user_id !== user.id) throw notFound('Scheme');
  return deps.db.transaction().execute(async (trx) => {
    const e = await trx
      .selectFrom('scheme_enrolments')
      .innerJoin('users', 'users.id', 'scheme_enrolments.user_id')
      .selectAll('scheme_enrolments')
      .select('users.email')
      .where('scheme_enrolments.id', '=', found.id)
      .forUpdate('scheme_enrolments')
      .executeTakeFirstOrThrow();
    if (e.state !== 'PENDING' && e.state !== 'ACTIVE')
      throw conflict(`This scheme is ${e.state}: no instalment is due`);
    const payments = await paymentsOf(trx, [e.id]);
    const n =
      e.state === 'PENDING' ? 1 : (enrolmentSchedule(e, payments, indiaDate(now))?.next?.n ?? null);
    if (n === null) throw conflict('Every instalment of this scheme is paid');
    const link = await openInstalmentLink(trx, {
      provider: deps.provider,
      enrolment: e,
      n,
      origins: deps.origins,
      expiresAt: new Date(now.getTime() + (deps.ttlMinutes ?? DEFAULT_LINK_TTL_MINUTES) * 60_000),
      now,
    });
    return { paymentUrl: link.url, n };
  });
}
