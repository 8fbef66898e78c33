import { describe, expect, it } from 'vitest';
import { mergeEdits, mergeHint } from './merge-edits';
import { emptyProductFields, type ProductFormFields } from './product-fields';

const loaded: ProductFormFields = {
  ...emptyProductFields(),
  imageUrls: [{ imageUrl: '/uploads/a.png' }, { imageUrl: '/uploads/b.png' }],
  title: 'Aurora Ring',
  brand: 'Kanak',
  color: 'yellow',
  price: 1000,
  discountedPrice: 900,
  description: 'A band.',
  sizes: [
    { weight: '5', size: '16', stock: 5 },
    { weight: '6', size: '17', stock: 4 },
  ],
};
const withSizes = (fields: ProductFormFields, stocks: (number | string)[]) => ({
  ...fields,
  sizes: fields.sizes.map((row, i) => ({ ...row, stock: stocks[i]! })),
});

describe('mergeEdits', () => {
  it('a title fix picks up the stock sold meanwhile', () => {
    const edited = { ...loaded, title: 'Aurora Rings' };
    const current = withSizes(loaded, [2, 4]);
    const merged = mergeEdits(loaded, edited, current);
    expect(merged.values).toEqual({ ...current, title: 'Aurora Rings' });
    // Stock sold is no one's change to announce.
    expect(merged).toMatchObject({ incoming: [], clashes: [], stockNotes: [] });
  });

  it("another admin's change to a field this admin left alone comes in; theirs stay", () => {
    const edited = { ...withSizes(loaded, ['7', 4]), title: 'Aurora Rings' };
    const current = { ...loaded, price: 1200, description: 'A wide band.' };
    const merged = mergeEdits(loaded, edited, current);
    expect(merged.values).toMatchObject({
      title: 'Aurora Rings',
      price: 1200,
      description: 'A wide band.',
      sizes: [
        { weight: '5', stock: '7' },
        { weight: '6', stock: 4 },
      ],
    });
    expect(merged).toMatchObject({ incoming: ['Price', 'Description'], clashes: [] });
    expect(mergeHint(merged)).toBe(
      'The form now has their changes to Price, Description, and keeps yours.',
    );
  });

  it('a field both changed keeps this admin’s value and is named', () => {
    const edited = { ...loaded, title: 'Mine', price: '1100' };
    const current = { ...loaded, title: 'Theirs', price: 1100 };
    const merged = mergeEdits(loaded, edited, current);
    expect(merged.values.title).toBe('Mine');
    // The same change made twice ('1100' typed, 1100 saved) is no clash.
    expect(merged.clashes).toEqual(['Title']);
  });

  it('a stock the admin changed that moved meanwhile shows the current figure, with a note', () => {
    const edited = withSizes(loaded, ['8', 4]);
    const current = withSizes(loaded, [2, 4]);
    const merged = mergeEdits(loaded, edited, current);
    expect(merged.values.sizes.map((s) => s.stock)).toEqual([2, 4]);
    expect(merged.stockNotes).toEqual([{ weight: '5 g', loaded: '5', current: '2', entered: '8' }]);
    expect(mergeHint(merged)).toBe(
      'The form now shows the product as it is saved now, with your changes kept. Stock that moved shows its current figure, with what you entered beside it.',
    );
    // Entering the figure that is stored now is no conflict.
    expect(mergeEdits(loaded, withSizes(loaded, ['2', 4]), current).stockNotes).toEqual([]);
  });

  it("size rows: the other admin's rows come in unless this admin changed rows too", () => {
    const current = {
      ...loaded,
      sizes: [...loaded.sizes, { weight: '7', size: '18', stock: 1 }],
    };
    const taken = mergeEdits(loaded, loaded, current);
    expect(taken.values.sizes).toEqual(current.sizes);
    expect(taken.incoming).toEqual(['Sizes']);
    const edited = {
      ...loaded,
      sizes: [loaded.sizes[0]!, { weight: '6', size: '19', stock: 4 }],
    };
    const merged = mergeEdits(loaded, edited, withSizes(current, [3, 4, 1]));
    expect(merged.values.sizes).toEqual([
      { weight: '5', size: '16', stock: 3 },
      { weight: '6', size: '19', stock: 4 },
    ]);
    expect(merged.clashes).toEqual(['Sizes']);
    expect(mergeHint(merged)).toContain('You both changed Sizes: the form keeps your version.');
  });
});
