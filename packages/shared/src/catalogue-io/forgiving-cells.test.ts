import { describe, expect, it } from 'vitest';
import { optionOf, rupeesOrText } from './forgiving-cells';
import { nearestColumn, unknownColumnMessage } from './column-help';
import { rowToFormValues } from './columns';

describe('cells the import forgives', () => {
  it('reads an option in other capitals when it can mean one value only', () => {
    expect(optionOf('Live', ['draft', 'live', 'archived'])).toBe('live');
    expect(optionOf(' PERGRAM ', ['percent', 'perGram'])).toBe('perGram');
    // Two values apart only by case: left as typed, for the schema to name.
    expect(optionOf('ab', ['Ab', 'aB'])).toBe('ab');
    expect(optionOf('Purple', ['rose', 'white'])).toBe('Purple');
  });

  it('reads rupees as the shared typed-rupees rule does, and passes anything else on', () => {
    expect(rupeesOrText('₹31,000')).toBe(31_000);
    expect(rupeesOrText('31,000')).toBe(31_000);
    expect(rupeesOrText('Rs. 1,23,456')).toBe(123_456);
    expect(rupeesOrText('-5')).toBe(-5);
    expect(rupeesOrText('12 lakh')).toBe('12 lakh');
    expect(rupeesOrText('')).toBe('');
  });

  it('a row: "Gold", "Live" and "₹31,000" become the form values they mean', () => {
    const values = rowToFormValues(
      {
        status: 'Live',
        metal: 'Gold',
        category: 'Gold > Rings > Ring',
        pricing: 'FIXED',
        price: '₹31,000',
        discounted_price: '29,500',
      },
      [],
    );
    expect(values).toMatchObject({
      status: 'live',
      type: 'gold',
      topLevelCategory: 'gold',
      secondLevelCategory: 'rings',
      thirdLevelCategory: 'ring',
      pricing: { basis: 'fixed' },
      price: 31_000,
      discountedPrice: 29_500,
    });
  });

  it('names the column a mistyped heading likely meant, never a README', () => {
    expect(nearestColumn('discountd_price')).toBe('discounted_price');
    expect(nearestColumn('Size 1 Stock')).toBe('size_1_stock');
    expect(nearestColumn('shelf_note')).toBeNull();
    expect(unknownColumnMessage('shelf_note')).not.toContain('README');
  });
});
