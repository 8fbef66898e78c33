import { describe, expect, it } from 'vitest';
import { stockEdit, stockMovedMessage } from './stock-edit';

describe('stockEdit', () => {
  it('without a loaded figure the stock sent is the new stock (clients that send no precondition)', () => {
    expect(stockEdit(2, { stock: 5 })).toEqual({ kind: 'set', stock: 5 });
    expect(stockEdit(5, { stock: 5 })).toEqual({ kind: 'keep' });
  });

  it('a stock left as loaded never overwrites sales made meanwhile', () => {
    // Loaded 5, three sold (2 stored), the admin only fixed the title.
    expect(stockEdit(2, { stock: 5, loadedStock: 5 })).toEqual({ kind: 'keep' });
    expect(stockEdit(9, { stock: 5, loadedStock: 5 })).toEqual({ kind: 'keep' });
  });

  it('a changed stock is written when nothing moved meanwhile', () => {
    expect(stockEdit(5, { stock: 8, loadedStock: 5 })).toEqual({ kind: 'set', stock: 8 });
    expect(stockEdit(5, { stock: 0, loadedStock: 5 })).toEqual({ kind: 'set', stock: 0 });
  });

  it('a changed stock that also moved meanwhile is refused with both figures', () => {
    expect(stockEdit(2, { stock: 8, loadedStock: 5 })).toEqual({
      kind: 'moved',
      loaded: 5,
      current: 2,
    });
  });

  it('a change to the figure that is already stored writes nothing and refuses nothing', () => {
    expect(stockEdit(2, { stock: 2, loadedStock: 5 })).toEqual({ kind: 'keep' });
  });
});

describe('stockMovedMessage', () => {
  it('names each moved weight with the loaded and the current figure', () => {
    expect(stockMovedMessage([{ weight: '5 g', loaded: 5, current: 2 }])).toBe(
      'Stock of 5 g changed from 5 to 2 while you were editing; nothing was saved. Check the stock and save again.',
    );
    expect(
      stockMovedMessage([
        { weight: '5 g', loaded: 5, current: 2 },
        { weight: '6 g', loaded: 3, current: 4 },
      ]),
    ).toBe(
      'Stock of 5 g changed from 5 to 2 and stock of 6 g changed from 3 to 4 while you were editing; nothing was saved. Check the stock and save again.',
    );
  });
});
