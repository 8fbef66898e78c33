import type { SchemeMissedRule } from '@kanak/shared';
import { SCHEME_MAX_DAYS } from '@kanak/shared';

/**
 * The pure rules of a savings scheme (jewellery.md, "Savings schemes"): due dates, the missed
 * instalment's outcome, bonus, maturity and the redemption window. Dates are India dates
 * (YYYY-MM-DD); amounts are paise.
 */
export interface SchemeTerms {
  instalments: number;
  bonusPercent: number;
  graceDays: number;
  missedRule: SchemeMissedRule;
  bonusCutPercent: number;
  redeemWithinDays: number;
}

const toUtc = (date: string) =>
  Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => fromUtc(toUtc(date) + days * 86_400_000);

/** The same day `months` later, or the month's last day when it has no such day (31 Jan → 28 Feb). */
export function addMonths(date: string, months: number): string {
  const y = +date.slice(0, 4);
  const m = +date.slice(5, 7) - 1 + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return fromUtc(Date.UTC(y, m, Math.min(+date.slice(8, 10), last)));
}

export const daysBetween = (from: string, to: string) =>
  Math.round((toUtc(to) - toUtc(from)) / 86_400_000);

/** Late past grace: paid after the due date plus the grace days. */
export const pastGrace = (due: string, paidOn: string, graceDays: number) =>
  paidOn > addDays(due, graceDays);

export interface SchemeSchedule {
  /** Each paid instalment's due date and whether it was paid past grace (a missed one). */
  paid: { n: number; due: string; paidOn: string; late: boolean }[];
  /** The next instalment to pay, or null once all are paid. */
  next: { n: number; date: string; overdue: boolean } | null;
  missed: number;
  /** Paise: what maturity adds, by the plan's rule for the missed instalments so far. */
  bonus: number;
  maturesOn: string;
  redeemBy: string;
}

export interface ScheduleOfOptions {
  terms: SchemeTerms;
  instalmentPaise: number;
  startedOn: string;
  paidOn: string[];
  today: string;
}

/**
 * The schedule of an enrolment started (first instalment paid) on `startedOn`, given the India
 * dates its instalments were paid on, in order. Instalment n is due n − 1 months after the start.
 * One paid past its grace is missed: under MOVE_MATURITY it moves every later due date and the
 * maturity a month; under SHRINK_BONUS each takes `bonusCutPercent` % of the full bonus away.
 * Maturity is a month after the last due date; redemption is open for `redeemWithinDays` after
 * it. Neither ever goes past day 364 from the start (under 365 days in all).
 */
export function scheduleOf({
  terms,
  instalmentPaise,
  startedOn,
  paidOn,
  today,
}: ScheduleOfOptions): SchemeSchedule {
  let shift = 0;
  let missed = 0;
  const paid: SchemeSchedule['paid'] = [];
  let next: SchemeSchedule['next'] = null;
  for (let n = 1; n <= terms.instalments; n++) {
    const due = addMonths(startedOn, n - 1 + shift);
    const on = paidOn[n - 1];
    if (on === undefined) {
      next = { n, date: due, overdue: pastGrace(due, today, terms.graceDays) };
      break;
    }
    const late = n > 1 && pastGrace(due, on, terms.graceDays);
    paid.push({ n, due, paidOn: on, late });
    if (late) {
      missed++;
      if (terms.missedRule === 'MOVE_MATURITY') shift++;
    }
  }
  const cap = addDays(startedOn, SCHEME_MAX_DAYS);
  const min = (a: string, b: string) => (a < b ? a : b);
  const maturesOn = min(addMonths(startedOn, terms.instalments + shift), cap);
  return {
    paid,
    next,
    missed,
    bonus: bonusOf(terms, instalmentPaise, missed),
    maturesOn,
    redeemBy: min(addDays(maturesOn, terms.redeemWithinDays), cap),
  };
}

/** The bonus in paise: `bonusPercent` % of one instalment, less the SHRINK_BONUS cuts. */
export function bonusOf(terms: SchemeTerms, instalmentPaise: number, missed: number): number {
  const full = Math.round((instalmentPaise * terms.bonusPercent) / 100);
  if (terms.missedRule !== 'SHRINK_BONUS') return full;
  const kept = Math.max(0, 100 - missed * terms.bonusCutPercent);
  return Math.round((full * kept) / 100);
}

/** Matured: every instalment paid and the maturity date reached. */
export const isMature = (schedule: SchemeSchedule, today: string) =>
  schedule.next === null && today >= schedule.maturesOn;

/** Redeemable on `today`: matured and within the window. */
export const canRedeem = (schedule: SchemeSchedule, today: string) =>
  isMature(schedule, today) && today <= schedule.redeemBy;

export { instalmentAllowed } from '@kanak/shared';

/** How many days before a due date its reminder goes. */
export const REMIND_DAYS_BEFORE = 3;

/**
 * Which reminder a day brings for an unpaid due date: 3 days before, on the day (within grace),
 * or — the grace over — that it was missed.
 */
export function reminderFor(
  due: string,
  today: string,
  graceDays: number,
): 'before' | 'due' | 'missed' | null {
  if (today >= addDays(due, -REMIND_DAYS_BEFORE) && today < due) return 'before';
  if (today >= due && today <= addDays(due, graceDays)) return 'due';
  if (pastGrace(due, today, graceDays)) return 'missed';
  return null;
}
