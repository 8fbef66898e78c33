import type { DeliveryPromiseView } from './promise';

// Apart from the promise's schemas: the product page prints the line without loading zod.

/** "Tue, 2 Dec" from 'YYYY-MM-DD' (a calendar date: no time zone may move it). */
export function formatDeliveryDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
  const weekday = date.toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
  const month = date.toLocaleDateString('en-GB', { month: 'short', timeZone: 'UTC' });
  return `${weekday}, ${date.getUTCDate()} ${month}`;
}

/** The product page's and checkout's one line for a promise. */
export function promiseLine(promise: DeliveryPromiseView): string {
  if (!promise.serviceable || !promise.deliverBy) return `We do not deliver to ${promise.pin} yet`;
  return `Delivery by ${formatDeliveryDate(promise.deliverBy)} to ${promise.pin}`;
}
