import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** A six-digit one-time code (leading zeros kept). */
export const newCodCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Stored as a hash tied to its order: a database reader cannot confirm anyone's order. */
export const codCodeHash = (orderId: string, code: string): string =>
  createHash('sha256').update(`${orderId}:${code}`).digest('hex');

export function codCodeMatches(orderId: string, code: string, hash: string): boolean {
  const given = Buffer.from(codCodeHash(orderId, code), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
