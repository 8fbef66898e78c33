// What PostgreSQL accepts, as plain functions without zod: the storefront's first load uses these
// (listing URLs) and should not carry a schema library for them.
/** The range of a PostgreSQL `integer` column. */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/** A whole number an `integer` column can store (not NaN, not ±Infinity, not 1.5 or 5e-324). */
export function isInt32(value: unknown): value is number {
  return (
    typeof value === 'number' && Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX
  );
}

/** A finite number clamped into [min, max]; NaN and ±Infinity are not numbers here, so null. */
export function clampNumber(value: number, min: number, max: number): number | null {
  if (!Number.isFinite(value)) return null;
  return Math.min(max, Math.max(min, value));
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as PostgreSQL stores it: NUL (which `text` refuses) is dropped, and a lone surrogate (which
 * UTF-8 cannot encode) becomes U+FFFD, as the driver would make it, but before lengths are checked.
 */
export function dbText(value: string): string {
  return value.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
}

/** Whether PostgreSQL can store the text as it is: no NUL, no lone surrogate. */
export function isStorableText(value: string): boolean {
  LONE_SURROGATE.lastIndex = 0;
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}
