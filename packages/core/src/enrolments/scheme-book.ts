import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { indiaDate, type SchemeBookFilter } from '@kanak/shared';
import { systemClock, type Clock } from '../common';
import { enrolmentView, SCHEDULE_COLUMNS } from './enrolments';
import { redeemedOf, usedPaise } from '../schemes';
import { instalmentsOwedBack } from '../refunds';

/**
 * The owner's view of the schemes: enrolments (all, overdue, maturing this
 * month, matured but unredeemed), collections per India month, and the liability — money held
 * for customers until it is redeemed (jewellery.md, "Savings schemes"): Σ instalments paid +
 * Σ bonus committed (matured schemes) − Σ redeemed, over schemes not closed. Rupees.
 */
export async function schemeBook(
  db: Kysely<Database>,
  filter: SchemeBookFilter = 'all',
  clock: Clock = systemClock,
) {
  const now = clock();
  const today = indiaDate(now);
  const rows = await db
    .selectFrom('scheme_enrolments')
    .innerJoin('users', 'users.id', 'scheme_enrolments.user_id')
    .selectAll('scheme_enrolments')
    .select('users.email')
    .where('scheme_enrolments.state', '!=', 'PENDING')
    .orderBy('scheme_enrolments.created_at', 'desc')
    .execute();
  const payments = rows.length
    ? await db
        .selectFrom('scheme_payments')
        .select(SCHEDULE_COLUMNS)
        .where(
          'enrolment_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
    : [];
  const redeemed = await redeemedOf(
    db,
    rows.map((r) => r.id),
  );
  const views = rows.map((r) => ({
    ...enrolmentView({
      e: r,
      payments: payments.filter((p) => p.enrolment_id === r.id),
      now,
      redeemedPaise: usedPaise(redeemed.get(r.id)),
    }),
    email: r.email,
  }));
  const liability = { paid: 0, bonus: 0, redeemed: 0, total: 0 };
  for (const [i, r] of rows.entries()) {
    const v = views[i]!;
    if (v.state === 'CLOSED') continue;
    liability.paid += v.paid.reduce((s, p) => s + p.amount, 0);
    if (v.state === 'MATURED' || v.state === 'REDEEMED') liability.bonus += v.bonus;
    // Redeemed: spent on placed orders. A balance held by an unpaid order is still owed.
    liability.redeemed += (redeemed.get(r.id)?.spent ?? 0) / 100;
  }
  liability.total = liability.paid + liability.bonus - liability.redeemed;
  const months = new Map<string, number>();
  for (const p of payments)
    if (p.status === 'PAID' && p.paid_at) {
      const month = indiaDate(p.paid_at).slice(0, 7);
      months.set(month, (months.get(month) ?? 0) + p.amount);
    }
  const thisMonth = today.slice(0, 7);
  const keep = (v: (typeof views)[number]) =>
    filter === 'overdue'
      ? v.due?.overdue === true && v.state === 'ACTIVE'
      : filter === 'maturing'
        ? v.state === 'ACTIVE' && v.maturesOn?.slice(0, 7) === thisMonth
        : filter === 'unredeemed'
          ? v.state === 'MATURED'
          : true;
  return {
    enrolments: views.filter(keep),
    owedBack: await instalmentsOwedBack(db),
    collections: [...months]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, amount]) => ({ month, amount })),
    liability,
  };
}
