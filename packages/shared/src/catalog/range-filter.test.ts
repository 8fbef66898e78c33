import { describe, expect, it } from 'vitest';
import {
  committedRange,
  OPEN_DISCOUNT,
  OPEN_PRICE,
  priceSliderBounds,
  sliderValues,
} from './range-filter';

describe('price and discount sliders', () => {
  it('span the listing’s own cheapest and dearest piece, in ₹5 steps', () => {
    expect(priceSliderBounds({ min: 640, max: 640_090 })).toEqual({ min: 640, max: 640_090 });
    expect(priceSliderBounds({ min: 643, max: 1_002 })).toEqual({ min: 640, max: 1_005 });
    expect(priceSliderBounds({ min: 999, max: 999 })).toEqual({ min: 995, max: 1_000 });
    expect(priceSliderBounds(null)).toEqual(OPEN_PRICE);
  });

  it('show the whole listing when the URL has no range, and the URL’s range inside it', () => {
    const bounds = { min: 640, max: 640_090 };
    expect(sliderValues(undefined, bounds, OPEN_PRICE)).toEqual([640, 640_090]);
    expect(sliderValues('5000,20000', bounds, OPEN_PRICE)).toEqual([5000, 20000]);
    expect(sliderValues('100,1000000', bounds, OPEN_PRICE)).toEqual([640, 640_090]);
    expect(sliderValues('20,100', { min: 0, max: 90 }, OPEN_DISCOUNT)).toEqual([20, 90]);
  });

  it('moving one handle writes only its own bound; the other end stays open', () => {
    const bounds = { min: 640, max: 640_090 };
    expect(committedRange([5000, 640_090], bounds, OPEN_PRICE)).toBe('5000,1000000');
    expect(committedRange([640, 20000], bounds, OPEN_PRICE)).toBe('100,20000');
    expect(committedRange([5000, 20000], bounds, OPEN_PRICE)).toBe('5000,20000');
    expect(committedRange([30, 90], { min: 0, max: 90 }, OPEN_DISCOUNT)).toBe('30,100');
  });
});
