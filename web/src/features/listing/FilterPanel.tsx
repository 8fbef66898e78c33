import { useEffect, useState } from 'react';
import {
  COLORS,
  DISCOUNT_SLIDER,
  DISCOUNT_SLIDER_INITIAL,
  formatRupees,
  LISTING_TYPES,
  OCCASIONS,
  parseList,
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

function parseRange(value: string | undefined, fallback: readonly [number, number]): [number, number] {
  const parts = (value ?? '').split(',').map(Number);
  return parts.length === 2 && parts.every(Number.isFinite) ? [parts[0]!, parts[1]!] : [fallback[0], fallback[1]];
}

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
            <Checkbox id={id} checked={selected.includes(option)} onCheckedChange={() => onToggle(name, option)} />
            <Label htmlFor={id} className="cursor-pointer font-normal">
              {name === 'color' && <span className="size-3.5 rounded-full ring-1 ring-border" style={{ background: SWATCH[option] }} aria-hidden />}
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
  bounds,
  format,
  onCommit,
}: {
  title: string;
  value: string | undefined;
  initial: readonly [number, number];
  bounds: { min: number; max: number; step: number };
  format: (n: number) => string;
  onCommit: (range: [number, number]) => void;
}) {
  const [range, setRange] = useState(() => parseRange(value, initial));
  useEffect(() => setRange(parseRange(value, initial)), [value, initial]);
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-serif text-lg text-primary">{title}</legend>
      <Slider
        min={bounds.min}
        max={bounds.max}
        step={bounds.step}
        value={range}
        minStepsBetweenThumbs={1}
        onValueChange={(v) => setRange([v[0]!, v[1]!])}
        // Releasing a handle writes 'min,max' into the query (spec section 4).
        onValueCommit={(v) => onCommit([v[0]!, v[1]!])}
        thumbLabels={[`Minimum ${title.toLowerCase()}`, `Maximum ${title.toLowerCase()}`]}
      />
      <p className="flex justify-between text-xs text-muted-foreground">
        <span>{format(range[0])}</span>
        <span>{format(range[1])}</span>
      </p>
    </fieldset>
  );
}

export function FilterPanel({ search, onChange }: { search: ListingSearch; onChange: (next: ListingSearch) => void }) {
  const toggle = (key: ListKey, value: string) => onChange({ ...search, [key]: toggleListValue(search[key], value), page: undefined });
  const hasFilters = Boolean(search.color || search.type || search.occasion || search.price || search.discount);
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
        bounds={PRICE_BOUNDS}
        format={formatRupees}
        onCommit={([a, b]) => onChange({ ...search, price: `${a},${b}`, page: undefined })}
      />
      <RangeFilter
        title="Discount"
        value={search.discount}
        initial={DISCOUNT_SLIDER_INITIAL}
        bounds={DISCOUNT_SLIDER}
        format={(n) => `${n}%`}
        onCommit={([a, b]) => onChange({ ...search, discount: `${a},${b}`, page: undefined })}
      />
      <CheckGroup title="Jewellery Type" name="type" options={LISTING_TYPES} selected={parseList(search.type)} onToggle={toggle} />
      <CheckGroup title="Color" name="color" options={COLORS} selected={parseList(search.color)} onToggle={toggle} />
      <CheckGroup title="Occasion" name="occasion" options={OCCASIONS} selected={parseList(search.occasion)} onToggle={toggle} />
    </div>
  );
}
