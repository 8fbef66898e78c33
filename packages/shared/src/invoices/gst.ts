import * as z from 'zod/mini';
import { textField } from '../validation/db-values';

/**
 * GST on jewellery (HSN 7113): 3 % of the whole transaction value (CBIC rate notification
 * 1/2017-Central Tax (Rate), schedule V); split CGST 1.5 % + SGST 1.5 % when the place of supply
 * (the shipping state) is the seller's state, IGST 3 % otherwise (IGST Act s. 10(1)(a)).
 * Prices are GST-inclusive whole rupees.
 */
export const JEWELLERY_HSN = '7113';

/** Taxable value of a GST-inclusive amount (the rest is the tax). */
export const taxableOf = (inclusive: number): number => Math.round((inclusive * 100) / 103);

export interface TaxSplit {
  intraState: boolean;
  cgst: number;
  sgst: number;
  igst: number;
}

/** The tax of an invoice split by where it is supplied. */
export function splitGst(tax: number, sellerStateCode: string, supplyStateCode: string): TaxSplit {
  if (sellerStateCode === supplyStateCode) {
    const cgst = Math.round(tax / 2);
    return { intraState: true, cgst, sgst: tax - cgst, igst: 0 };
  }
  return { intraState: false, cgst: 0, sgst: 0, igst: tax };
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const rest = n % 10;
  return rest ? `${TENS[Math.floor(n / 10)]}-${ONES[rest]}` : TENS[Math.floor(n / 10)]!;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** Whole rupees in words with Indian numbering: 1234567 → "Twelve Lakh Thirty-Four Thousand…". */
export function rupeesInWords(amount: number): string {
  const n = Math.round(Math.abs(amount));
  if (n === 0) return 'Rupees Zero Only';
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  // Above 99 crore the crores themselves are said in Indian numbering ("One Hundred Crore").
  if (crore)
    parts.push(`${crore >= 100 ? rupeesInWords(crore).slice(7, -5) : belowHundred(crore)} Crore`);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return `Rupees ${parts.join(' ')} Only`;
}

/**
 * Financial year (April–March) of a moment, in India's time (UTC+5:30, no daylight saving):
 * 2026-04-01 → "2026-27".
 */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  const year = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/** "KJ/2026-27/000123" */
export const documentNumber = (series: string, fy: string, seq: number): string =>
  `${series}/${fy}/${String(seq).padStart(6, '0')}`;

/**
 * PAN (Income-tax Rule 114B): asked of the buyer for a purchase above ₹2,00,000.
 * Format AAAAA9999A.
 */
export const PAN_THRESHOLD = 200_000;
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const PAN_MESSAGE =
  'A PAN is 10 characters: five letters, four digits, a letter (AAAAA9999A)';
export const panSchema = textField(PAN_MESSAGE).check(
  z.trim(),
  z.toUpperCase(),
  z.regex(PAN_PATTERN, PAN_MESSAGE),
);
export const needsPan = (total: number): boolean => total > PAN_THRESHOLD;

/** GSTIN: state code, PAN, entity digit, 'Z', check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The GSTIN's check character (mod-36 checksum of the first 14 characters). */
export function gstinCheckCharacter(first14: string): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = alphabet.indexOf(first14[i]!);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return alphabet[(36 - (sum % 36)) % 36]!;
}

/** A problem with a GSTIN for the given state code, or null when it is well-formed. */
export function gstinProblem(gstin: string, stateCode: string): string | null {
  if (!GSTIN_PATTERN.test(gstin))
    return 'SELLER_GSTIN must be 15 characters: state code, PAN, entity digit, Z, check character';
  if (gstin.slice(0, 2) !== stateCode)
    return `SELLER_GSTIN starts with state code ${gstin.slice(0, 2)} but SELLER_STATE's code is ${stateCode}`;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14])
    return 'SELLER_GSTIN check character does not match';
  return null;
}
