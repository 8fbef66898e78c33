import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvStream, safeCell } from './report-csv';

describe('CSV for a spreadsheet', () => {
  it('escapes text a spreadsheet would run as a formula, and keeps numbers as numbers', () => {
    for (const formula of [
      '=HYPERLINK("http://evil.example")',
      '+91 dial',
      '-2+3',
      '@SUM(A1)',
      '\tx',
      '＝HYPERLINK("http://evil.example")',
      '＋91',
      '－2＋3',
      '＠SUM(A1)',
    ])
      expect(safeCell(formula)).toBe(`'${formula}`);
    expect(safeCell('Asha Rao')).toBe('Asha Rao');
    expect(safeCell(-1234)).toBe(-1234);
    expect(safeCell(null)).toBe('');
  });

  it('starts with a byte-order mark and a heading row, keeps ₹ and Indian scripts, quotes commas', async () => {
    const rows = [
      { name: 'आशा राव', note: '₹1,23,456' },
      { name: '=cmd|calc', note: 'plain' },
      { name: '＝cmd|calc', note: '＠SUM(A1)' },
      { name: '－2＋3', note: '＋91' },
    ];
    const bytes = await buffer(
      csvStream(
        [
          { header: 'Buyer', cell: (r: (typeof rows)[number]) => r.name },
          { header: 'Note', cell: (r: (typeof rows)[number]) => r.note },
        ],
        rows,
      ),
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').split('\r\n')).toEqual([
      'Buyer,Note',
      'आशा राव,"₹1,23,456"',
      "'=cmd|calc,plain",
      "'＝cmd|calc,'＠SUM(A1)",
      "'－2＋3,'＋91",
      '',
    ]);
  });
});
