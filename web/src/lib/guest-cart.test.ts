import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_QUANTITY_MESSAGE, stockMessage } from '@kanak/shared';
import {
  addGuestItem,
  clearGuestCart,
  guestLineId,
  readGuestCart,
  removeGuestItem,
  setGuestQuantity,
} from './guest-cart';

// Node has no localStorage: a small in-memory one stands in for the browser's.
const store = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
  },
});

describe('guest cart', () => {
  beforeEach(() => clearGuestCart());

  it('adds lines and raises the quantity of a repeated product and weight', () => {
    expect(addGuestItem('p1', '5 g', 10)).toBeNull();
    expect(addGuestItem('p1', '5 g', 10)).toBeNull();
    expect(addGuestItem('p1', '6 g', 10)).toBeNull();
    expect(readGuestCart()).toEqual([
      { productId: 'p1', weight: '5 g', quantity: 2 },
      { productId: 'p1', weight: '6 g', quantity: 1 },
    ]);
  });

  it('refuses more pieces than the size has in stock, with the server cart message', () => {
    expect(addGuestItem('p1', '5 g', 2)).toBeNull();
    expect(addGuestItem('p1', '5 g', 2)).toBeNull();
    expect(addGuestItem('p1', '5 g', 2)).toBe(stockMessage(2));
    expect(addGuestItem('p2', '5 g', 0)).toBe('This size is out of stock');
    expect(readGuestCart()).toEqual([{ productId: 'p1', weight: '5 g', quantity: 2 }]);
  });

  it('refuses more than the per-item maximum even when the stock is larger', () => {
    expect(addGuestItem('p1', '5 g', 500, 99)).toBeNull();
    expect(addGuestItem('p1', '5 g', 500)).toBe(MAX_QUANTITY_MESSAGE);
    expect(readGuestCart()[0]!.quantity).toBe(99);
  });

  it('keeps a set quantity between 1 and the stock (at most 99) and removes a line', () => {
    addGuestItem('p1', '5 g', 3);
    const id = guestLineId({ productId: 'p1', weight: '5 g' });
    setGuestQuantity(id, 0, 3);
    expect(readGuestCart()[0]!.quantity).toBe(1);
    setGuestQuantity(id, 5, 3);
    expect(readGuestCart()[0]!.quantity).toBe(3);
    setGuestQuantity(id, 500, 1000);
    expect(readGuestCart()[0]!.quantity).toBe(99);
    removeGuestItem(id);
    expect(readGuestCart()).toEqual([]);
    expect(store.has('guestCart')).toBe(false);
  });

  it('ignores a corrupted or foreign value in storage', () => {
    store.set('guestCart', '{not json');
    expect(readGuestCart()).toEqual([]);
    store.set(
      'guestCart',
      JSON.stringify([{ productId: 'p1', weight: '5 g', quantity: 1 }, { productId: 7 }]),
    );
    expect(readGuestCart()).toEqual([{ productId: 'p1', weight: '5 g', quantity: 1 }]);
  });

  it('returns the same array while storage is unchanged (a stable useSyncExternalStore snapshot)', () => {
    addGuestItem('p1', '5 g', 1);
    expect(readGuestCart()).toBe(readGuestCart());
  });
});
