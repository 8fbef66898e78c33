import { badRequest } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isId = (value: unknown): value is string =>
  typeof value === 'string' && UUID.test(value);

/** Ids are UUIDs; anything else is refused with a 400 before it reaches the database. */
export function requireId(value: unknown, what: string): string {
  if (!isId(value)) throw badRequest(`${what} id is not valid`);
  return value.toLowerCase();
}
