import { indiaDate } from '@kanak/shared';
import { conflict } from '../common';

const DAY_MS = 86_400_000;

/** The last moment a return may be asked: RETURN_WINDOW_DAYS days after delivery. */
export const returnWindowEnd = (deliveredAt: Date, windowDays: number) =>
  new Date(deliveredAt.getTime() + windowDays * DAY_MS);

/**
 * Refuses a request outside the policy (409 with the window's end date in the message and in
 * `details.windowEndsOn`): before delivery, the window has not started; after its end, it closed.
 */
export function checkReturnWindow(deliveredAt: Date | null, now: Date, windowDays: number): Date {
  if (!deliveredAt)
    throw conflict(
      `Returns and exchanges can be asked once the order is delivered, within ${windowDays} days of delivery`,
      { windowEndsOn: null },
    );
  const end = returnWindowEnd(deliveredAt, windowDays);
  if (now.getTime() > end.getTime())
    throw conflict(
      `The ${windowDays}-day return window for this order ended on ${indiaDate(end)}`,
      { windowEndsOn: indiaDate(end) },
    );
  return end;
}
