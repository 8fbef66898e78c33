import type { Kysely, Transaction } from 'kysely';
import type { Database, SchemeEnrolmentRow, SchemePaymentRow, TenderStatus } from '@kanak/db';
import { indiaDate } from '@kanak/shared';
import { scheduleOf, type SchemeTerms } from './rules';

// A scheme's balance: its schedule from the instalments paid, and what orders hold or spent of
// it. Checkout's tenders build on this; it knows nothing of payments or orders' code, so the
// domains stay layered one way (schemes below tenders, tenders below payments and the ledger).

type Db = Kysely<Database> | Transaction<Database>;
const LIVE: TenderStatus[] = ['HELD', 'SPENT'];

/** What orders hold or spent of a scheme, in paise. */
export const usedPaise = (r: { held: number; spent: number } | undefined) =>
  r ? r.held + r.spent : 0;

export const termsOf = (e: SchemeEnrolmentRow): SchemeTerms => ({
  instalments: e.instalments,
  bonusPercent: e.bonus_percent,
  graceDays: e.grace_days,
  missedRule: e.missed_rule,
  bonusCutPercent: e.bonus_cut_percent,
  redeemWithinDays: e.redeem_within_days,
});

export type Paid = Pick<SchemePaymentRow, 'n' | 'amount' | 'paid_at' | 'status'>;

/** The schedule of a started enrolment from its PAID instalments, or null before the first. */
export function enrolmentSchedule(e: SchemeEnrolmentRow, payments: Paid[], today: string) {
  if (!e.started_on) return null;
  const paidOn = payments
    .filter((p) => p.status === 'PAID' && p.paid_at)
    .sort((a, b) => a.n - b.n)
    .map((p) => indiaDate(p.paid_at!));
  return scheduleOf({
    terms: termsOf(e),
    instalmentPaise: e.instalment * 100,
    startedOn: e.started_on,
    paidOn,
    today,
  });
}

/** Paise each enrolment's orders hold (HELD) and spent (SPENT). */
export async function redeemedOf(
  db: Db,
  enrolmentIds: string[],
): Promise<Map<string, { held: number; spent: number }>> {
  const out = new Map<string, { held: number; spent: number }>();
  if (enrolmentIds.length === 0) return out;
  const rows = await db
    .selectFrom('order_tenders')
    .select(['enrolment_id', 'status', 'amount_paise'])
    .where('enrolment_id', 'in', enrolmentIds)
    .where('status', 'in', LIVE)
    .execute();
  for (const r of rows) {
    const sum = out.get(r.enrolment_id!) ?? { held: 0, spent: 0 };
    if (r.status === 'HELD') sum.held += r.amount_paise;
    else sum.spent += r.amount_paise;
    out.set(r.enrolment_id!, sum);
  }
  return out;
}
