import { presentText } from '@kanak/shared';

/**
 * A number from a query string for a zod check: absent, '' and 'undefined' stay undefined, and
 * anything else is handed on as Number(text), so 'abc' fails the schema with its own message.
 */
export function queryNumber(value: unknown): number | undefined {
  if (typeof value !== 'string') return value === undefined ? undefined : Number.NaN;
  const text = presentText(value);
  return text === undefined ? undefined : Number(text);
}
