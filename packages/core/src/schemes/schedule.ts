import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { formatRupees, indiaDate } from '@kanak/shared';
import { systemClock, type Clock } from '../common/clock';
import type { PaymentProvider } from '../payments/provider';
import { notificationKey, queueNotification } from '../notifications/queue-notification';
import { enrolmentSchedule } from './enrolments';
import { openInstalmentLink, type InstalmentLinkOrigins } from './instalment-payments';
import { addDays, isMature, reminderFor } from './rules';

export interface SchemeScheduleReport {
  reminded: number;
  matured: number;
}

/** The end of an India day, as an instant (the reminder's link works through it). */
const endOfIndiaDay = (date: string) => new Date(`${date}T23:59:59+05:30`);

/**
 * The scheduler's run (a repeatable job): every paying enrolment whose next instalment is due in
 * 3 days or less gets the "before" reminder, and on its due day (through the grace) the "due"
 * one, each with a pay link that expires at the end of the grace. Each is sent once per due date:
 * the mail's row is keyed by enrolment, due date and kind (notifications.idempotency_key,
 * unique), written in the transaction that holds the enrolment's row — another worker running at
 * once skips it, a restart finds the row. Enrolments whose instalments are all paid mature on
 * their maturity date (a conditional update: once).
 */
export async function runSchemeSchedule(
  db: Kysely<Database>,
  provider: PaymentProvider,
  origins: InstalmentLinkOrigins,
  clock: Clock = systemClock,
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
    const sent = await db
      .selectFrom('notifications')
      .select('id')
      .where('idempotency_key', '=', notificationKey(intent))
      .executeTakeFirst();
    if (sent) continue;
    const queued = await db.transaction().execute(async (trx) => {
      // Another worker holding it is sending this very reminder: skip, not wait.
      const held = await sql<{ id: string }>`
        SELECT id FROM scheme_enrolments WHERE id = ${e.id} AND state = 'ACTIVE'
        FOR UPDATE SKIP LOCKED`.execute(trx);
      if (held.rows.length === 0) return false;
      const again = await trx
        .selectFrom('notifications')
        .select('id')
        .where('idempotency_key', '=', notificationKey(intent))
        .executeTakeFirst();
      if (again) return false;
      const lastDay = addDays(next.date, e.grace_days);
      const link = await openInstalmentLink(
        trx,
        provider,
        e,
        next.n,
        origins,
        endOfIndiaDay(lastDay),
        now,
      );
      const id = await queueNotification(trx, {
        ...intent,
        userId: e.user_id,
        payload: {
          plan: e.plan_name,
          n: String(next.n),
          amount: formatRupees(e.instalment),
          due: next.date,
          link: link.url,
          expires: lastDay,
          when,
        },
      });
      return id !== null;
    });
    if (queued) report.reminded++;
  }
  return report;
}
