import { useEffect, useMemo, useState } from 'react';
import { OriginFilter } from '@/features/stones/OriginFilter';
import {
  COLORS,
  committedRange,
  DISCOUNT_SLIDER,
  formatRupees,
  LISTING_TYPES,
  normaliseType,
  OCCASIONS,
  OPEN_DISCOUNT,
  OPEN_PRICE,
  parseList,
  PRICE_BOUNDS,
  priceSliderBounds,
  sliderValues,
  toggleListValue,
  type ListingFacets,
  type ListingSearch,
  type PriceRange,
  type SliderBounds,
} from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Slider } from '@/components/ui/slider';
import { cn } from '@/lib/utils';
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
  bounds: SliderBounds;
  steps: number;
  toValue: (position: number) => number;
  toPosition: (value: number) => number;
}

const discountScale: Scale = {
  bounds: DISCOUNT_SLIDER,
  steps: Math.round((DISCOUNT_SLIDER.max - DISCOUNT_SLIDER.min) / DISCOUNT_SLIDER.step),
  toValue: (p) => DISCOUNT_SLIDER.min + p * DISCOUNT_SLIDER.step,
  toPosition: (v) => Math.round((v - DISCOUNT_SLIDER.min) / DISCOUNT_SLIDER.step),
};

/**
 * Prices span decades (₹640 to ₹6,40,090), so equal handle travel covers equal ratios between the
 * listing's cheapest and dearest piece; values stay whole multiples of the ₹5 step (spec section 5).
 */
const LOG_STEPS = 1000;
function logPrice(bounds: SliderBounds): Scale {
  const ratio = bounds.max / bounds.min;
  return {
    bounds,
    steps: LOG_STEPS,
    toValue: (p) => {
      const raw = bounds.min * Math.pow(ratio, p / LOG_STEPS);
      const stepped = Math.round(raw / PRICE_BOUNDS.step) * PRICE_BOUNDS.step;
      return Math.min(bounds.max, Math.max(bounds.min, stepped));
    },
    toPosition: (v) =>
      Math.round((Math.log(Math.max(bounds.min, v) / bounds.min) / Math.log(ratio)) * LOG_STEPS),
  };
}

function facetMaps(facets: ListingFacets | undefined) {
  if (!facets) return undefined;
  const toMap = (list: ListingFacets[ListKey]) => new Map(list.map((f) => [f.value, f.count]));
  return { type: toMap(facets.type), color: toMap(facets.color), occasion: toMap(facets.occasion) };
}

function CheckGroup({
  title,
  name,
  options,
  selected,
  counts,
  onToggle,
}: {
  title: string;
  name: ListKey;
  options: readonly string[];
  selected: string[];
  /** Pieces each value leaves given the other filters; unknown until the listing answers. */
  counts: ReadonlyMap<string, number> | undefined;
  onToggle: (key: ListKey, value: string) => void;
}) {
  return (
    <fieldset className="space-y-2.5">
      <legend className="mb-2 font-serif text-lg text-primary">{title}</legend>
      {options.map((option) => {
        const id = `filter-${name}-${option}`;
        const checked = selected.includes(option);
        const count = counts
          ? (counts.get(name === 'type' ? normaliseType(option) : option) ?? 0)
          : undefined;
        // A value that would empty the page is greyed and cannot be picked; a chosen one stays
        // clickable so it can be taken off.
        const empty = count === 0 && !checked;
        return (
          <div
            key={option}
            className={cn('flex items-center gap-2.5', empty && 'opacity-50')}
            data-testid={`facet-${name}-${option}`}
          >
            <Checkbox
              id={id}
              checked={checked}
              disabled={empty}
              onCheckedChange={() => onToggle(name, option)}
              aria-describedby={count !== undefined ? `${id}-count` : undefined}
            />
            <Label
              htmlFor={id}
              className={cn('font-normal', empty ? 'cursor-not-allowed' : 'cursor-pointer')}
            >
              {name === 'color' && (
                <span
                  className="size-3.5 rounded-full ring-1 ring-border"
                  style={{ background: SWATCH[option] }}
                  aria-hidden
                />
              )}
              {titleCase(option)}
            </Label>
            {/* Beside the label, not in it: the value's name stays the option's own ("Gold"),
                and the count is read as the checkbox's description. */}
            {count !== undefined && (
              <span
                id={`${id}-count`}
                className="text-xs tabular-nums text-muted-foreground"
                data-testid="facet-count"
              >
                ({count})
              </span>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

function RangeFilter({
  title,
  value,
  scale,
  open,
  format,
  onCommit,
}: {
  title: string;
  value: string | undefined;
  scale: Scale;
  /** What a handle left at an end writes: that side unfiltered. */
  open: SliderBounds;
  format: (n: number) => string;
  onCommit: (range: string) => void;
}) {
  const { bounds } = scale;
  // Values (not handle positions) are the state, so the handles show exact prices.
  const [range, setRange] = useState(() => sliderValues(value, bounds, open));
  // Follow the URL and the listing's span when they change (back button, Clear all, new filters);
  // the scales and open bounds are stable values (memoized or module constants).
  useEffect(() => setRange(sliderValues(value, bounds, open)), [value, bounds, open]);
  const positions = range.map(scale.toPosition);
  // Only the handle that moved takes a new value; the other keeps its exact one.
  const fromPositions = (v: number[]): [number, number] =>
    [0, 1].map((i) => (v[i] === positions[i] ? range[i]! : scale.toValue(v[i]!))) as [
      number,
      number,
    ];
  return (
    <fieldset className="space-y-3" data-testid={`range-${title.toLowerCase()}`}>
      <legend className="mb-2 font-serif text-lg text-primary">{title}</legend>
      <Slider
        min={0}
        max={scale.steps}
        step={1}
        value={positions}
        minStepsBetweenThumbs={1}
        onValueChange={(v) => setRange(fromPositions(v))}
        // Releasing a handle writes 'min,max' into the query (spec section 4); a handle at an end
        // of the slider writes that side open, so it filters nothing out.
        onValueCommit={(v) => onCommit(committedRange(fromPositions(v), bounds, open))}
        thumbLabels={[`Minimum ${title.toLowerCase()}`, `Maximum ${title.toLowerCase()}`]}
        thumbValueText={(p) =>
          format(p === positions[0] ? range[0] : p === positions[1] ? range[1] : scale.toValue(p))
        }
      />
      <p className="flex justify-between text-xs text-muted-foreground">
        <span data-testid="range-low">{format(range[0])}</span>
        <span data-testid="range-high">{format(range[1])}</span>
      </p>
    </fieldset>
  );
}

export function FilterPanel({
  search,
  onChange,
  priceRange,
  facets,
}: {
  search: ListingSearch;
  onChange: (next: ListingSearch) => void;
  /** The listing's cheapest and dearest piece (from the server with the listing). */
  priceRange?: PriceRange | null;
  /** Each filter value's count under the other filters (from the server with the listing). */
  facets?: ListingFacets;
}) {
  const counts = useMemo(() => facetMaps(facets), [facets]);
  const priceBounds = priceSliderBounds(priceRange);
  const priceScale = useMemo(
    () => logPrice({ min: priceBounds.min, max: priceBounds.max }),
    [priceBounds.min, priceBounds.max],
  );
  const toggle = (key: ListKey, value: string) =>
    onChange({ ...search, [key]: toggleListValue(search[key], value), page: undefined });
  const hasFilters = Boolean(
    search.color ||
    search.type ||
    search.occasion ||
    search.price ||
    search.discount ||
    search.origin,
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
        scale={priceScale}
        open={OPEN_PRICE}
        format={formatRupees}
        onCommit={(price) => onChange({ ...search, price, page: undefined })}
      />
      <RangeFilter
        title="Discount"
        value={search.discount}
        scale={discountScale}
        open={OPEN_DISCOUNT}
        format={(n) => `${n}%`}
        onCommit={(discount) => onChange({ ...search, discount, page: undefined })}
      />
      <CheckGroup
        title="Jewellery Type"
        name="type"
        counts={counts?.type}
        options={LISTING_TYPES}
        selected={parseList(search.type)}
        onToggle={toggle}
      />
      <CheckGroup
        title="Color"
        name="color"
        counts={counts?.color}
        options={COLORS}
        selected={parseList(search.color)}
        onToggle={toggle}
      />
      <CheckGroup
        title="Occasion"
        name="occasion"
        counts={counts?.occasion}
        options={OCCASIONS}
        selected={parseList(search.occasion)}
        onToggle={toggle}
      />
      <OriginFilter
        value={search.origin}
        onChange={(origin) => onChange({ ...search, origin, page: undefined })}
      />
    </div>
  );
}
