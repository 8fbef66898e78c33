import * as z from 'zod/mini';
import { measureValue } from '../catalog/measure';
import { PURITIES } from '../pricing/purities';
import { textField } from '../validation/db-values';

/**
 * BIS hallmarking of gold (IS 1417 and the Hallmarking Order, 2020): the purity mark is the
 * caratage and fineness (22K916…); the HUID is a 6-character alphanumeric code, one per piece.
 * Since 1 April 2023 hallmarked gold jewellery must carry a HUID to be sold; pieces under 2 g
 * are exempt.
 */
export const BIS_GOLD_MARKS = [
  '24K999',
  '24K995',
  '23K958',
  '22K916',
  '20K833',
  '18K750',
  '14K585',
  '9K375',
] as const;
export type BisGoldMark = (typeof BIS_GOLD_MARKS)[number];

/**
 * The hallmark a metal-priced piece carries: its priced purity's mark (gold 916 → 22K916), null
 * for silver and platinum (BIS gold marks only). One truth: the mark is never set apart from the
 * purity the piece is priced at; migration 021's trigger keeps the stored one so.
 */
export function hallmarkOfPurity(metal: string, purity: string): BisGoldMark | null {
  const typed = purity.trim().toUpperCase();
  const found = PURITIES.find(
    (p) => p.metal === metal && (p.purity === typed || p.karat === typed),
  );
  if (!found || !found.karat) return null;
  const mark = `${found.karat}${found.purity}`;
  return isBisGoldMark(mark) ? mark : null;
}

export const isBisGoldMark = (mark: string): mark is BisGoldMark =>
  (BIS_GOLD_MARKS as readonly string[]).includes(mark);

export const HUID_PATTERN = /^[A-Z0-9]{6}$/;
export const HUID_MESSAGE = 'A HUID is 6 characters, capital letters A–Z and digits 0–9';
/** Gold pieces at or above this weight need a HUID to be sold. */
export const HUID_MIN_GRAMS = 2;

/** Trims and capitalises what an admin typed ("ab12 cd" is not a HUID, "ab12cd" is AB12CD). */
export const normaliseHuid = (text: string): string => text.trim().toUpperCase();

export const huidSchema = textField(HUID_MESSAGE).check(
  z.trim(),
  z.toUpperCase(),
  z.regex(HUID_PATTERN, HUID_MESSAGE),
);

/** HUIDs typed for an order's items, keyed by order item id. */
export const huidsInput = z.record(
  textField().check(z.maxLength(100, 'Order item id is not valid')),
  z.array(huidSchema).check(z.maxLength(100, 'Too many HUIDs for one item')),
);
export type HuidsInput = z.infer<typeof huidsInput>;

/** Whether each unit of a line needs a HUID: hallmarked gold of 2 g or more ("5 g" → 5). */
export function needsHuid(line: { hallmark: string | null; weight: string }): boolean {
  if (!line.hallmark) return false;
  const grams = measureValue(line.weight);
  return grams !== null && grams >= HUID_MIN_GRAMS;
}

export const BIS_CARE_NOTE =
  'Verify a HUID in the BIS CARE app (Verify HUID): it shows the purity, article, jeweller and assaying centre.';
