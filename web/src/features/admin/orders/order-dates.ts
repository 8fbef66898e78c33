import { formatIndiaDate, formatIndiaDateTime } from '@kanak/shared';

/**
 * Dates in the back office: the day and, where the moment matters, the time — India's, whatever
 * the clock of the computer the page is read on, so they agree with the invoices and reports.
 */
export const formatDay = (iso: string) => formatIndiaDate(iso);
export const formatMoment = (iso: string) => formatIndiaDateTime(iso);
