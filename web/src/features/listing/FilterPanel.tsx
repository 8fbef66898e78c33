import { useEffect, useState } from 'react';
import {
  COLORS,
  DISCOUNT_SLIDER,
  DISCOUNT_SLIDER_INITIAL,
  formatRupees,
  LISTING_TYPES,
  OCCASIONS,
  parseList,
  parseRange,
  PRICE_BOUNDS,
  PRICE_SLIDER_INITIAL,
  toggleListValue,
  type ListingSearch,
} from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Slider } from '@/components/ui/slider';
import { titleCase } from './listing-search';

type ListKey = 'color' | 'type' | 'occasion';

const SWATCH: Record<string, string> = {
  rose: 'linear-gradient(135deg,#e8a598,#b76e5d)',
  'rose-white': 'linear-gradient(135deg,#e8a598 50%,#e3e5ea 50%)',
  white: 'linear-gradient(135deg,#f5f6f8,#bfc3cb)',
  yellow: 'linear-gradient(135deg,#f6d77a,#c99a2e)',
  'yellow-white': 'linear-gradient(135deg,#f6d77a 50%,#e3e5ea 50%)',
  'yellow-rose': 'linear-gradient(135deg,#f6d77a 50%,#e8a598 50%)',
  'yellow-white-rose': 'conic-gradient(#f6d77a 0 33%,#e3e5ea 0 66%,#e8a598 0)',
};

/** Maps a handle position to a value and back (the price slider is logarithmic). */
interface Scale {
  steps: number;
  toValue: (position: number) => number;
  toPosition: (value: number) => number;
}

const linear = (bounds: { min: number; max: number; step: number }): Scale => ({
  steps: Math.round((bounds.max - bounds.min) / bounds.step),
  toValue: (p) => bounds.min + p * bounds.step,
  toPosition: (v) => Math.round((v - bounds.min) / bounds.step),
});

const discountScale = linear(DISCOUNT_SLIDER);

/**
 * ₹100 to ₹10,00,000 spans four decades, so equal handle travel covers equal ratios; values stay
 * whole multiples of the ₹5 step (spec section 5).
 */
const LOG_STEPS = 1000;
const logPrice: Scale = {
  steps: LOG_STEPS,
  toValue: (p) => {
    const raw = PRICE_BOUNDS.min * Math.pow(PRICE_BOUNDS.max / PRICE_BOUNDS.min, p / LOG_STEPS);
    const stepped = Math.round(raw / PRICE_BOUNDS.step) * PRICE_BOUNDS.step;
    return Math.min(PRICE_BOUNDS.max, Math.max(PRICE_BOUNDS.min, stepped));
  },
  toPosition: (v) =>
    Math.round(
      (Math.log(Math.max(PRICE_BOUNDS.min, v) / PRICE_BOUNDS.min) /
        Math.log(PRICE_BOUNDS.max / PRICE_BOUNDS.min)) *
        LOG_STEPS,
    ),
};

function CheckGroup({
  title,
  name,
  options,
  selected,
  onToggle,
}: {
  title: string;
  name: ListKey;
  options: readonly string[];
  selected: string[];
  onToggle: (key: ListKey, value: string) => void;
}) {
  return (
    <fieldset className="space-y-2.5">
      <legend className="mb-2 font-serif text-lg text-primary">{title}</legend>
      {options.map((option) => {
        const id = `filter-${name}-${option}`;
        return (
          <div key={option} className="flex items-center gap-2.5">
            <Checkbox
              id={id}
              checked={selected.includes(option)}
              onCheckedChange={() => onToggle(name, option)}
            />
            <Label htmlFor={id} className="cursor-pointer font-normal">
              {name === 'color' && (
                <span
                  className="size-3.5 rounded-full ring-1 ring-border"
                  style={{ background: SWATCH[option] }}
                  aria-hidden
                />
              )}
              {titleCase(option)}
            </Label>
          </div>
        );
      })}
    </fieldset>
  );
}

function RangeFilter({
  title,
  value,
  initial,
  scale,
  format,
  onCommit,
}: {
  title: string;
  value: string | undefined;
  initial: readonly [number, number];
  scale: Scale;
  format: (n: number) => string;
  onCommit: (range: [number, number]) => void;
}) {
  // Values (not handle positions) are the state, so the initial display reads exactly 1000 to 60000.
  const [range, setRange] = useState(() => parseRange(value, initial));
  // Follow the URL when it changes (back button, Clear all).
  useEffect(() => setRange(parseRange(value, initial)), [value, initial]);
  const positions = range.map(scale.toPosition);
  // A handle that did not move keeps its exact value.
  const fromPositions = (v: number[]): [number, number] =>
    [0, 1].map((i) => (v[i] === positions[i] ? range[i]! : scale.toValue(v[i]!))) as [
      number,
      number,
    ];
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-serif text-lg text-primary">{title}</legend>
      <Slider
        min={0}
        max={scale.steps}
        step={1}
        value={positions}
        minStepsBetweenThumbs={1}
        onValueChange={(v) => setRange(fromPositions(v))}
        // Releasing a handle writes 'min,max' into the query (spec section 4).
        onValueCommit={(v) => onCommit(fromPositions(v))}
        thumbLabels={[`Minimum ${title.toLowerCase()}`, `Maximum ${title.toLowerCase()}`]}
        thumbValueText={(p) =>
          format(p === positions[0] ? range[0] : p === positions[1] ? range[1] : scale.toValue(p))
        }
      />
      <p className="flex justify-between text-xs text-muted-foreground">
        <span>{format(range[0])}</span>
        <span>{format(range[1])}</span>
      </p>
    </fieldset>
  );
}

export function FilterPanel({
  search,
  onChange,
}: {
  search: ListingSearch;
  onChange: (next: ListingSearch) => void;
}) {
  const toggle = (key: ListKey, value: string) =>
    onChange({ ...search, [key]: toggleListValue(search[key], value), page: undefined });
  const hasFilters = Boolean(
    search.color || search.type || search.occasion || search.price || search.discount,
  );
  return (
    <div className="space-y-7">
      <div className="flex items-center justify-between">
        <h2 className="font-serif text-2xl">Filters</h2>
        {hasFilters && (
          <Button
            variant="link"
            size="sm"
            className="h-auto px-0"
            onClick={() => onChange({ sort: search.sort })}
          >
            Clear all
          </Button>
        )}
      </div>
      <RangeFilter
        title="Price"
        value={search.price}
        initial={PRICE_SLIDER_INITIAL}
        scale={logPrice}
        format={formatRupees}
        onCommit={([a, b]) => onChange({ ...search, price: `${a},${b}`, page: undefined })}
      />
      <RangeFilter
        title="Discount"
        value={search.discount}
        initial={DISCOUNT_SLIDER_INITIAL}
        scale={discountScale}
        format={(n) => `${n}%`}
        onCommit={([a, b]) => onChange({ ...search, discount: `${a},${b}`, page: undefined })}
      />
      <CheckGroup
        title="Jewellery Type"
        name="type"
        options={LISTING_TYPES}
        selected={parseList(search.type)}
        onToggle={toggle}
      />
      <CheckGroup
        title="Color"
        name="color"
        options={COLORS}
        selected={parseList(search.color)}
        onToggle={toggle}
      />
      <CheckGroup
        title="Occasion"
        name="occasion"
        options={OCCASIONS}
        selected={parseList(search.occasion)}
        onToggle={toggle}
      />
    </div>
  );
}
