import { beforeEach, describe, expect, it } from 'vitest';
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
    addGuestItem('p1', '5 g');
    addGuestItem('p1', '5 g');
    addGuestItem('p1', '6 g');
    expect(readGuestCart()).toEqual([
      { productId: 'p1', weight: '5 g', quantity: 2 },
      { productId: 'p1', weight: '6 g', quantity: 1 },
    ]);
  });

  it('keeps quantities between 1 and 99 and removes a line', () => {
    addGuestItem('p1', '5 g');
    const id = guestLineId({ productId: 'p1', weight: '5 g' });
    setGuestQuantity(id, 0);
    expect(readGuestCart()[0]!.quantity).toBe(1);
    setGuestQuantity(id, 500);
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
    addGuestItem('p1', '5 g');
    expect(readGuestCart()).toBe(readGuestCart());
  });
});
