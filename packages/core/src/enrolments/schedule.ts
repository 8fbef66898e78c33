import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, SchemeEnrolmentRow } from '@kanak/db';
import { formatIndiaDate, formatRupees, indiaDate } from '@kanak/shared';
import { systemClock, type Clock } from '../common';
import { conflict, notFound } from '../common';
import type { ProviderSource } from '../payment-providers';
import { notificationKey, queueNotification, type NotificationIntent } from '../mail-queue';
import { enrolmentSchedule } from '../schemes';
import { openInstalmentLink, type InstalmentLinkOrigins } from './instalment-link';
import { addDays, isMature, reminderFor } from '../schemes';

export interface SchemeScheduleReport {
  reminded: number;
  matured: number;
}

/** The end of an India day, as an instant (the reminder's link works through it). */
const endOfIndiaDay = (date: string) => new Date(`${date}T23:59:59+05:30`);

type ReminderEnrolment = SchemeEnrolmentRow & { email: string };

/**
 * Locks an ACTIVE enrolment's row; `skip`: answers false at once when another transaction holds
 * it (the scheduler), otherwise waits for it (the admin's reminder by hand).
 */
async function holdActive(trx: Transaction<Database>, id: string, skip: boolean) {
  const held = skip
    ? await sql<{ id: string }>`
        SELECT id FROM scheme_enrolments WHERE id = ${id} AND state = 'ACTIVE'
        FOR UPDATE SKIP LOCKED`.execute(trx)
    : await sql<{ id: string }>`
        SELECT id FROM scheme_enrolments WHERE id = ${id} AND state = 'ACTIVE'
        FOR UPDATE`.execute(trx);
  return held.rows.length > 0;
}

/** Whether the mail of this event was queued already. */
const queuedAlready = async (
  db: Kysely<Database>,
  intent: Pick<NotificationIntent, 'eventKey' | 'recipient' | 'kind'>,
) =>
  (await db
    .selectFrom('notifications')
    .select('id')
    .where('idempotency_key', '=', notificationKey(intent))
    .executeTakeFirst()) !== undefined;

export interface QueueSchemeReminderOptions {
  provider: ProviderSource;
  origins: InstalmentLinkOrigins;
  enrolment: ReminderEnrolment;
  next: { n: number; date: string };
  when: 'before' | 'due' | 'late' | 'missed';
  eventKey: string;
  linkUntil: string;
  now: Date;
}

/**
 * Queues one "scheme-reminder" mail (through the outbox) for the enrolment's next instalment,
 * with a pay link that works until the end of `linkUntil` (an India date). Shared by the
 * scheduler and the admin's reminder by hand. Answers false when the same event was queued.
 */
async function queueSchemeReminder(
  trx: Transaction<Database>,
  { provider, origins, enrolment: e, next, ...opts }: QueueSchemeReminderOptions,
): Promise<boolean> {
  const link = await openInstalmentLink(trx, {
    provider,
    enrolment: e,
    n: next.n,
    origins,
    expiresAt: endOfIndiaDay(opts.linkUntil),
    now: opts.now,
  });
  const id = await queueNotification(trx, {
    kind: 'scheme-reminder',
    recipient: e.email,
    eventKey: opts.eventKey,
    userId: e.user_id,
    payload: {
      plan: e.plan_name,
      n: String(next.n),
      amount: formatRupees(e.instalment),
      // Mails write days as people read them ("9 Dec 2026").
      due: formatIndiaDate(next.date),
      link: link.url,
      expires: formatIndiaDate(opts.linkUntil),
      when: opts.when,
      ...(opts.when === 'missed' ? { rule: missedRuleText(e) } : {}),
    },
  });
  return id !== null;
}

/** What a missed instalment does to the scheme, by the terms the shopper enrolled on. */
function missedRuleText(e: SchemeEnrolmentRow): string {
  if (e.missed_rule === 'SHRINK_BONUS')
    return `By your plan's terms, each missed instalment takes ${e.bonus_cut_percent}% of the bonus at maturity away.`;
  return "By your plan's terms, a missed instalment moves the later due dates and the maturity a month later.";
}

/** How long the pay link of a reminder sent by hand works (India days, today included). */
export const MANUAL_REMINDER_LINK_DAYS = 3;

export interface RemindEnrolmentOptions {
  provider: ProviderSource;
  origins: InstalmentLinkOrigins;
  enrolmentId: string;
  clock?: Clock;
}

/**
 * The admin's reminder by hand: the same "scheme-reminder" mail as the
 * scheduler's, for an ACTIVE enrolment whose next instalment is due or overdue, with a pay link
 * that works for 3 days. At most once per enrolment per India day: the mail's row is keyed by
 * enrolment and day (notifications.idempotency_key, unique), so a second one the same day is a
 * conflict (409), even when two admins press at once.
 */
export async function remindEnrolment(
  db: Kysely<Database>,
  { provider, origins, enrolmentId, clock = systemClock }: RemindEnrolmentOptions,
): Promise<{ queued: true; n: number; due: string; recipient: string }> {
  const now = clock();
  const today = indiaDate(now);
  if (!/^[0-9a-f-]{36}$/i.test(enrolmentId)) throw notFound('Enrolment');
  const e = await db
    .selectFrom('scheme_enrolments')
    .innerJoin('users', 'users.id', 'scheme_enrolments.user_id')
    .selectAll('scheme_enrolments')
    .select('users.email')
    .where('scheme_enrolments.id', '=', enrolmentId)
    .executeTakeFirst();
  if (!e) throw notFound('Enrolment');
  if (e.state !== 'ACTIVE')
    throw conflict(`Only an active scheme can be reminded (this one is ${e.state.toLowerCase()})`);
  const payments = await db
    .selectFrom('scheme_payments')
    .select(['enrolment_id', 'n', 'amount', 'paid_at', 'status'])
    .where('enrolment_id', '=', e.id)
    .where('status', '=', 'PAID')
    .execute();
  const next = enrolmentSchedule(e, payments, today)?.next ?? null;
  if (!next || next.date > today)
    throw conflict('This scheme has no instalment due or overdue: there is nothing to remind');
  const eventKey = `scheme-reminder:${e.id}:manual:${today}`;
  const alreadyToday = () =>
    conflict(
      `A reminder for this scheme was already sent today (${today}); the next can be sent tomorrow`,
    );
  const intent = { kind: 'scheme-reminder' as const, recipient: e.email, eventKey };
  if (await queuedAlready(db, intent)) throw alreadyToday();
  const queued = await db.transaction().execute(async (trx) => {
    if (!(await holdActive(trx, e.id, false))) {
      throw conflict('This scheme is no longer active: there is nothing to remind');
    }
    // Two admins at once: the second waited for the lock and finds the first one's mail.
    if (await queuedAlready(trx, intent)) return false;
    return queueSchemeReminder(trx, {
      provider,
      origins,
      enrolment: e,
      next,
      when: next.date < today ? 'late' : 'due',
      eventKey,
      linkUntil: addDays(today, MANUAL_REMINDER_LINK_DAYS - 1),
      now,
    });
  });
  if (!queued) throw alreadyToday();
  return { queued: true, n: next.n, due: next.date, recipient: e.email };
}

export interface RunSchemeScheduleOptions {
  provider: ProviderSource;
  origins: InstalmentLinkOrigins;
  clock?: Clock;
}

/**
 * The scheduler's run (a repeatable job): every paying enrolment whose next instalment is due in
 * 3 days or less gets the "before" reminder, and on its due day (through the grace) the "due"
 * one, each with a pay link that expires at the end of the grace; once the grace is over unpaid,
 * the "missed" one (what the plan's rule does, a pay link for 3 days). Each is sent once per due date:
 * the mail's row is keyed by enrolment, due date and kind (notifications.idempotency_key,
 * unique), written in the transaction that holds the enrolment's row — another worker running at
 * once skips it, a restart finds the row. Enrolments whose instalments are all paid mature on
 * their maturity date (a conditional update: once).
 */
export async function runSchemeSchedule(
  db: Kysely<Database>,
  { provider, origins, clock = systemClock }: RunSchemeScheduleOptions,
): Promise<SchemeScheduleReport> {
  const now = clock();
  const today = indiaDate(now);
  const report: SchemeScheduleReport = { reminded: 0, matured: 0 };
  const enrolments = await db
    .selectFrom('scheme_enrolments')
    .innerJoin('users', 'users.id', 'scheme_enrolments.user_id')
    .selectAll('scheme_enrolments')
    .select('users.email')
    .where('scheme_enrolments.state', '=', 'ACTIVE')
    .execute();
  if (enrolments.length === 0) return report;
  const payments = await db
    .selectFrom('scheme_payments')
    .select(['enrolment_id', 'n', 'amount', 'paid_at', 'status'])
    .where(
      'enrolment_id',
      'in',
      enrolments.map((e) => e.id),
    )
    .where('status', '=', 'PAID')
    .execute();
  for (const e of enrolments) {
    const schedule = enrolmentSchedule(
      e,
      payments.filter((p) => p.enrolment_id === e.id),
      today,
    );
    if (!schedule) continue;
    if (isMature(schedule, today)) {
      const moved = await db
        .updateTable('scheme_enrolments')
        .set({ state: 'MATURED', matured_at: now })
        .where('id', '=', e.id)
        .where('state', '=', 'ACTIVE')
        .executeTakeFirst();
      report.matured += Number(moved.numUpdatedRows);
      continue;
    }
    const next = schedule.next;
    const when = next ? reminderFor(next.date, today, e.grace_days) : null;
    if (!next || !when) continue;
    const intent = {
      kind: 'scheme-reminder' as const,
      recipient: e.email,
      eventKey: `scheme-reminder:${e.id}:${next.date}:${when}`,
    };
    if (await queuedAlready(db, intent)) continue;
    const queued = await db.transaction().execute(async (trx) => {
      // Another worker holding it is sending this very reminder: skip, not wait.
      if (!(await holdActive(trx, e.id, true))) return false;
      if (await queuedAlready(trx, intent)) return false;
      return queueSchemeReminder(trx, {
        provider,
        origins,
        enrolment: e,
        next,
        when,
        eventKey: intent.eventKey,
        // A missed one's link works for the days a reminder by hand gives; the others' to the
        // end of the grace.
        linkUntil:
          when === 'missed'
            ? addDays(today, MANUAL_REMINDER_LINK_DAYS - 1)
            : addDays(next.date, e.grace_days),
        now,
      });
    });
    if (queued) report.reminded++;
  }
  return report;
}
