/**
 * India's time (Asia/Kolkata, UTC+05:30, no daylight saving) as people read it: every date an
 * owner or shopper sees — documents, CSVs, pages, mails, charts — is written here, so a parcel
 * handed over at 02:14 in Bengaluru is "7 Dec 2026" everywhere and never "6 Dec" in UTC.
 * Month names are spelt out by hand: Intl's short months differ by ICU version ("Sep"/"Sept").
 */
export const INDIA_OFFSET = '+05:30';
const OFFSET_MS = 330 * 60_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

type Moment = Date | string | number;

/** The wall clock in India as a UTC-based Date (read it with getUTC…). */
const indiaClock = (at: Moment): Date => new Date(new Date(at).getTime() + OFFSET_MS);
const two = (n: number) => String(n).padStart(2, '0');

/** "2026-12-07": a calendar day (YYYY-MM-DD, as stored) or a moment's India day → "7 Dec 2026". */
export function formatIndiaDate(at: Moment): string {
  if (typeof at === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(at)) {
    const [y, m, d] = at.split('-').map(Number) as [number, number, number];
    return `${d} ${MONTHS[m - 1]} ${y}`;
  }
  const ist = indiaClock(at);
  return `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
}

/** India's calendar date of an instant, as YYYY-MM-DD (stored days, URLs, CSV day columns). */
export const indiaDate = (at: Date): string => indiaClock(at).toISOString().slice(0, 10);

/** "02:14" (24-hour, India's time). */
export function formatIndiaTime(at: Moment): string {
  const ist = indiaClock(at);
  return `${two(ist.getUTCHours())}:${two(ist.getUTCMinutes())}`;
}

/** "7 Dec 2026, 02:14" (24-hour, India's time). */
export function formatIndiaDateTime(at: Moment): string {
  return `${formatIndiaDate(at)}, ${formatIndiaTime(at)}`;
}

/** "7 Dec" — a chart's axis, where the year is plain from the range. */
export function formatIndiaDayMonth(at: Moment): string {
  return formatIndiaDate(at).replace(/ \d{4}$/, '');
}

/** "2026-12-07T02:14:35+05:30": ISO 8601 in India's time, for CSV columns headed "(IST)". */
export function indiaIsoDateTime(at: Moment): string {
  const ist = indiaClock(at);
  return `${ist.toISOString().slice(0, 19)}${INDIA_OFFSET}`;
}
