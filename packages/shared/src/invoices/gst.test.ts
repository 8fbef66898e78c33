import { describe, expect, it } from 'vitest';
import {
  documentNumber,
  financialYear,
  gstinCheckCharacter,
  gstinProblem,
  needsPan,
  panSchema,
  rupeesInWords,
  splitGst,
  taxableOf,
} from './gst';
import * as z from 'zod/mini';

describe('GST rules', () => {
  it('splits 3 % into CGST and SGST within the state, IGST across', () => {
    expect(taxableOf(51845)).toBe(50335);
    expect(splitGst(1510, '29', '29')).toEqual({ intraState: true, cgst: 755, sgst: 755, igst: 0 });
    expect(splitGst(1511, '29', '29')).toMatchObject({ cgst: 756, sgst: 755 });
    expect(splitGst(1510, '29', '27')).toEqual({ intraState: false, cgst: 0, sgst: 0, igst: 1510 });
  });

  it('says totals in words with lakh and crore', () => {
    expect(rupeesInWords(100000)).toBe('Rupees One Lakh Only');
    expect(rupeesInWords(1234567)).toBe(
      'Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven Only',
    );
    expect(rupeesInWords(51845)).toBe('Rupees Fifty-One Thousand Eight Hundred Forty-Five Only');
    expect(rupeesInWords(123456789)).toBe(
      'Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine Only',
    );
  });

  it('numbers by financial year in India’s time', () => {
    expect(financialYear(new Date('2026-03-31T18:29:00Z'))).toBe('2025-26');
    expect(financialYear(new Date('2026-03-31T18:31:00Z'))).toBe('2026-27');
    expect(documentNumber('KJ', '2026-27', 123)).toBe('KJ/2026-27/000123');
  });

  it('checks PAN and GSTIN', () => {
    expect(needsPan(200000)).toBe(false);
    expect(needsPan(200001)).toBe(true);
    expect(z.safeParse(panSchema, 'abcde1234f').data).toBe('ABCDE1234F');
    expect(z.safeParse(panSchema, 'ABCD1234F').success).toBe(false);
    const body = '29AAACK1234E1Z';
    const gstin = body + gstinCheckCharacter(body);
    expect(gstinProblem(gstin, '29')).toBeNull();
    expect(gstinProblem(gstin, '27')).toContain('state code');
    expect(
      gstinProblem('29AAACK1234E1ZZ'.replace(/.$/, gstin[14] === 'A' ? 'B' : 'A'), '29'),
    ).toContain('check character');
  });
});
