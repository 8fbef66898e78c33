import { describe, expect, it } from 'vitest';
import { indiaDate } from '@kanak/shared';
import {
  addDays,
  addMonths,
  canRedeem,
  daysBetween,
  instalmentAllowed,
  isMature,
  reminderFor,
  scheduleOf,
  type SchemeTerms,
} from './rules';

const terms: SchemeTerms = {
  instalments: 10,
  bonusPercent: 75,
  graceDays: 7,
  missedRule: 'MOVE_MATURITY',
  bonusCutPercent: 0,
  redeemWithinDays: 30,
};

/** A fake clock moved by the test; `today` is its India date. */
function fakeClock(start: string) {
  let now = new Date(`${start}T06:30:00Z`);
  return {
    today: () => indiaDate(now),
    to: (date: string) => (now = new Date(`${date}T06:30:00Z`)),
  };
}

describe('savings scheme rules', () => {
  it('counts months to the month end and days across years', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
  });

  it('ten instalments paid on their due dates: full bonus, maturity a month after the last', () => {
    const clock = fakeClock('2026-01-10');
    const paid: string[] = [];
    for (let n = 1; n <= 10; n++) {
      const s = scheduleOf({
        terms,
        instalmentPaise: 500_000,
        startedOn: '2026-01-10',
        paidOn: paid,
        today: clock.today(),
      });
      expect(s.next).toEqual({ n, date: addMonths('2026-01-10', n - 1), overdue: false });
      clock.to(s.next!.date);
      paid.push(clock.today());
    }
    const s = scheduleOf({
      terms,
      instalmentPaise: 500_000,
      startedOn: '2026-01-10',
      paidOn: paid,
      today: clock.today(),
    });
    expect(s.next).toBeNull();
    expect(s.missed).toBe(0);
    expect(s.bonus).toBe(375_000); // 75 % of ₹5,000
    expect(s.maturesOn).toBe('2026-11-10');
    expect(s.redeemBy).toBe('2026-12-10');
    expect(daysBetween('2026-01-10', s.redeemBy)).toBeLessThan(365);
    expect(isMature(s, clock.today())).toBe(false);
    clock.to('2026-11-10');
    expect(isMature(s, clock.today())).toBe(true);
    expect(canRedeem(s, clock.today())).toBe(true);
    clock.to('2026-12-11');
    expect(canRedeem(s, clock.today())).toBe(false);
  });

  it('late within grace changes nothing; past grace moves the maturity a month', () => {
    const within = [
      '2026-01-10',
      '2026-02-17',
      ...Array.from({ length: 8 }, (_, i) => addMonths('2026-01-10', i + 2)),
    ];
    const a = scheduleOf({
      terms,
      instalmentPaise: 500_000,
      startedOn: '2026-01-10',
      paidOn: within,
      today: '2026-10-10',
    });
    expect(a.missed).toBe(0);
    expect(a.maturesOn).toBe('2026-11-10');

    const past = ['2026-01-10', '2026-02-18'];
    const b = scheduleOf({
      terms,
      instalmentPaise: 500_000,
      startedOn: '2026-01-10',
      paidOn: past,
      today: '2026-02-18',
    });
    expect(b.paid[1]!.late).toBe(true);
    // Every later due date moves a month: the third falls on 10 April, not 10 March.
    expect(b.next).toEqual({ n: 3, date: '2026-04-10', overdue: false });
    expect(b.maturesOn).toBe('2026-12-10');
    // The redemption window is cut at day 364 from the start.
    expect(b.redeemBy).toBe('2027-01-09');
    expect(b.bonus).toBe(375_000);
  });

  it('SHRINK_BONUS: each instalment past grace cuts the stated share of the bonus', () => {
    const shrink = { ...terms, missedRule: 'SHRINK_BONUS' as const, bonusCutPercent: 25 };
    const paid = ['2026-01-10', '2026-02-25', '2026-03-10', '2026-04-30'];
    const s = scheduleOf({
      terms: shrink,
      instalmentPaise: 500_000,
      startedOn: '2026-01-10',
      paidOn: paid,
      today: '2026-04-30',
    });
    expect(s.missed).toBe(2);
    expect(s.bonus).toBe(187_500); // 50 % of the full ₹3,750
    expect(s.maturesOn).toBe('2026-11-10');
  });

  it('an unpaid instalment past its grace is overdue', () => {
    const s = scheduleOf({
      terms,
      instalmentPaise: 500_000,
      startedOn: '2026-01-10',
      paidOn: ['2026-01-10'],
      today: '2026-02-18',
    });
    expect(s.next).toEqual({ n: 2, date: '2026-02-10', overdue: true });
  });

  it('reminders: from 3 days before, on the due day through its grace, then missed', () => {
    expect(reminderFor('2026-02-10', '2026-02-06', 7)).toBeNull();
    expect(reminderFor('2026-02-10', '2026-02-07', 7)).toBe('before');
    expect(reminderFor('2026-02-10', '2026-02-10', 7)).toBe('due');
    expect(reminderFor('2026-02-10', '2026-02-17', 7)).toBe('due');
    expect(reminderFor('2026-02-10', '2026-02-18', 7)).toBe('missed');
    expect(reminderFor('2026-02-10', '2026-03-30', 7)).toBe('missed');
  });

  it('instalments are the minimum plus whole steps', () => {
    expect(instalmentAllowed(1500, 1000, 500)).toBe(true);
    expect(instalmentAllowed(1200, 1000, 500)).toBe(false);
    expect(instalmentAllowed(500, 1000, 500)).toBe(false);
  });
});
