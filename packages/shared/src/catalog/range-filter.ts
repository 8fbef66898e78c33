// The listing's price and discount sliders (spec section 4: releasing a handle writes 'min,max').
// The slider spans what the listing actually holds, shows the URL's range inside it, and a handle
// left at an end of the slider leaves that side of the filter open — moving one handle never
// applies the other's bound.
import { DISCOUNT_BOUNDS, PRICE_BOUNDS, parseRange } from './listing';

export interface SliderBounds {
  min: number;
  max: number;
}

/** What "no filter on this side" is written as: the listing's defaults (spec section 5). */
export const OPEN_PRICE: SliderBounds = { min: PRICE_BOUNDS.min, max: PRICE_BOUNDS.max };
export const OPEN_DISCOUNT: SliderBounds = { min: DISCOUNT_BOUNDS.min, max: DISCOUNT_BOUNDS.max };

const clamp = (n: number, { min, max }: SliderBounds) => Math.min(max, Math.max(min, n));

/**
 * The price slider's ends: the listing's cheapest and dearest piece (its other filters applied),
 * widened to whole ₹5 steps; the default bounds while the listing is not known or empty.
 */
export function priceSliderBounds(range: SliderBounds | null | undefined): SliderBounds {
  if (!range) return OPEN_PRICE;
  const step = PRICE_BOUNDS.step;
  const min = Math.max(step, Math.floor(range.min / step) * step);
  const max = Math.max(min + step, Math.ceil(range.max / step) * step);
  return { min, max };
}

/** The handles' values for a URL range: inside the slider, the whole slider when absent. */
export function sliderValues(
  text: string | undefined,
  bounds: SliderBounds,
  open: SliderBounds,
): [number, number] {
  const [a, b] = parseRange(text, [open.min, open.max]);
  return [clamp(Math.min(a, b), bounds), clamp(Math.max(a, b), bounds)];
}

/** The 'min,max' a release writes: a handle at an end of the slider writes that side open. */
export function committedRange(
  [a, b]: readonly [number, number],
  bounds: SliderBounds,
  open: SliderBounds,
): string {
  const low = a <= bounds.min ? Math.min(open.min, bounds.min) : a;
  const high = b >= bounds.max ? Math.max(open.max, bounds.max) : b;
  return `${low},${high}`;
}
