import { describe, expect, it } from 'vitest';
import { fillPlaceholders, pageBlocks } from './page-text';

const facts = {
  returnWindowDays: 15,
  exchangePercent: 100,
  buybackPercent: 85,
  supportEmail: 'care@kanak.shop',
  supportPhone: '+91 80 4000 1234',
  shopAddress: 'Bengaluru',
  grievanceOfficerName: 'A. Officer',
  grievanceOfficerEmail: 'grievance@kanak.shop',
  grievanceOfficerPhone: '+91 80 4000 1235',
};

describe('policy page text', () => {
  it('reads headings, lists and paragraphs, keeping markup as text', () => {
    expect(
      pageBlocks('## Delivery\nFirst line\nsecond line\n\n- one\n- two\nAfter <b>bold</b>\n\n#'),
    ).toEqual([
      { kind: 'heading', text: 'Delivery' },
      { kind: 'paragraph', text: 'First line second line' },
      { kind: 'list', items: ['one', 'two'] },
      { kind: 'paragraph', text: 'After <b>bold</b>' },
    ]);
  });

  it('fills known placeholders and leaves unknown ones as written', () => {
    expect(
      fillPlaceholders('{{returnWindowDays}} days, {{ buybackPercent }}% {{nope}}', facts),
    ).toBe('15 days, 85% {{nope}}');
  });
});
