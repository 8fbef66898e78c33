// What PostgreSQL accepts, checked before a value leaves the client's input: whole numbers within
// the 32-bit range of an `integer` column, and text without the characters `text` cannot hold.
import * as z from 'zod/mini';
import { dbText, isInt32, isStorableText } from './db-limits';

export { clampNumber, dbText, INT32_MAX, INT32_MIN, isInt32, isStorableText } from './db-limits';

/**
 * The zod check form of dbText, first in a string schema's checks (before trim and lengths): for
 * text that is only looked up (a search, a size's weight), where a NUL can match nothing anyway.
 */
export const dbSafeText = z.overwrite(dbText);

/** The message of text PostgreSQL cannot store; "Invalid" makes the 400 name the field in front. */
export const UNSTORABLE_TEXT_MESSAGE =
  'Invalid text: a NUL character or a broken character (lone surrogate) cannot be stored';

/**
 * The shared rule of text that is stored: a NUL or a lone surrogate is refused with a 400 rather
 * than reaching PostgreSQL, which refuses the byte (a 500). First among a string's checks.
 */
export const storableText = z.refine<string>(isStorableText, UNSTORABLE_TEXT_MESSAGE);

/** A string that is stored: the shared text rule, then the caller's own checks. */
export function textField(message?: string) {
  return z.string(message).check(storableText);
}

export interface WholeNumberMessages {
  /** When the value is not a number at all (a string, an object…). */
  type: string;
  /** When it has a fraction (1.5, 5e-324) or is not finite. */
  whole: string;
  min: [number, string];
  max: [number, string];
}

/** Checks of a whole number within [min, max], that range inside the 32-bit `integer` range. */
function wholeChecks(messages: WholeNumberMessages) {
  const [min, minMessage] = messages.min;
  const [max, maxMessage] = messages.max;
  if (!isInt32(min) || !isInt32(max) || min > max)
    throw new Error(`whole number range ${min}..${max} does not fit an integer column`);
  return [
    // Number.isInteger, not multipleOf(1): zod's multipleOf lets 5e-324 through.
    z.refine<number>((n) => Number.isInteger(n), messages.whole),
    z.gte(min, minMessage),
    z.lte(max, maxMessage),
  ] as const;
}

/** A whole number for an `integer` column, sent as a JSON number. */
export function int32(messages: WholeNumberMessages) {
  return z.number(messages.type).check(...wholeChecks(messages));
}

/**
 * A whole number for an `integer` column that a form may also send as its digits ("25000"):
 * the digits are read as a number, then checked like int32.
 */
export function int32OrDigits(messages: WholeNumberMessages) {
  return z.pipe(
    z.union([
      z.number(messages.type),
      z.string().check(z.trim(), z.regex(/^\d+$/, messages.whole)),
    ]),
    z.pipe(
      z.transform((v: number | string) => Number(v)),
      z.number(messages.type).check(...wholeChecks(messages)),
    ),
  );
}
