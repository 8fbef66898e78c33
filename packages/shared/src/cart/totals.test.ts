import { describe, expect, it } from 'vitest';
import { MAX_CART_QUANTITY } from './schemas';
import { capCartQuantity, cartQuantityRefusal, cartTotals, lineTotal } from './totals';

describe('lineTotal', () => {
  it('multiplies both unit prices by the quantity', () => {
    expect(lineTotal({ price: 1200, discountedPrice: 999 }, 3)).toEqual({
      quantity: 3,
      price: 3600,
      discountedPrice: 2997,
    });
  });
});

describe('cartTotals', () => {
  it('adds items and prices and gives the discount as their difference', () => {
    const lines = [
      lineTotal({ price: 1000, discountedPrice: 800 }, 2),
      lineTotal({ price: 500, discountedPrice: 500 }, 1),
    ];
    expect(cartTotals(lines)).toEqual({
      totalItem: 3,
      totalPrice: 2500,
      discount: 400,
      totalDiscountedPrice: 2100,
    });
  });

  it('is all zeros for an empty cart', () => {
    expect(cartTotals([])).toEqual({
      totalItem: 0,
      totalPrice: 0,
      discount: 0,
      totalDiscountedPrice: 0,
    });
  });
});

describe('cartQuantityRefusal', () => {
  it('accepts a quantity within the stock and the per-item maximum', () => {
    expect(cartQuantityRefusal(1, 1)).toBeNull();
    expect(cartQuantityRefusal(MAX_CART_QUANTITY, 500)).toBeNull();
  });

  it('refuses more than the stock with the message the server cart sends', () => {
    expect(cartQuantityRefusal(1, 0)).toBe('This size is out of stock');
    expect(cartQuantityRefusal(2, 1)).toBe('Only 1 of this size is in stock');
    expect(cartQuantityRefusal(4, 3)).toBe('Only 3 of this size are in stock');
  });

  it('refuses more than the per-item maximum even with stock to spare', () => {
    expect(cartQuantityRefusal(MAX_CART_QUANTITY + 1, 1000)).toBe(
      `At most ${MAX_CART_QUANTITY} of one item per order`,
    );
  });
});

describe('capCartQuantity', () => {
  it('keeps a quantity between 1 and the per-item maximum', () => {
    expect(capCartQuantity(0)).toBe(1);
    expect(capCartQuantity(-5)).toBe(1);
    expect(capCartQuantity(7)).toBe(7);
    expect(capCartQuantity(500)).toBe(MAX_CART_QUANTITY);
    expect(capCartQuantity(Number.NaN)).toBe(1);
  });

  it('caps at the stock when it is known', () => {
    expect(capCartQuantity(5, 3)).toBe(3);
    expect(capCartQuantity(500, 1000)).toBe(MAX_CART_QUANTITY);
  });

  it('leaves one piece of a sold-out line so it can still be removed', () => {
    expect(capCartQuantity(4, 0)).toBe(1);
  });
});
