import { indiaDate } from '@kanak/shared';

/** India's calendar date of an instant (the rule is shared's, re-exported for this module's tests). */
export { indiaDate };

/**
 * Holidays as configured: 'YYYY-MM-DD' for one day, 'MM-DD' for the same day every year (the
 * national holidays 26 January, 15 August and 2 October are the default).
 */
export const DEFAULT_DELIVERY_HOLIDAYS: readonly string[] = ['01-26', '08-15', '10-02'];

const isHoliday = (day: string, holidays: readonly string[]) =>
  holidays.includes(day) || holidays.includes(day.slice(5));

/**
 * The date a parcel handed over today arrives when it takes `days` working days: counted from
 * the day after `now` (India's date; 0 days is today), Sundays and holidays not counted. A pure rule of an
 * injected instant, so tests fix the clock.
 */
export function deliverBy(now: Date, days: number, holidays: readonly string[]): string {
  const date = new Date(`${indiaDate(now)}T00:00:00Z`);
  for (let left = days; left > 0;) {
    date.setUTCDate(date.getUTCDate() + 1);
    const day = date.toISOString().slice(0, 10);
    if (date.getUTCDay() !== 0 && !isHoliday(day, holidays)) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}
