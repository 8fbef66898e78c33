import type { RefObject } from 'react';
import type { ListingFacets, ListingSearch, PriceRange } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { TitledSheet } from '@/components/ui/sheet';
import { FilterPanel } from './FilterPanel';

/** The listing's filters as a drawer on phones and tablets. */
export default function FiltersSheet({
  open,
  onOpenChange,
  search,
  onChange,
  designs,
  priceRange,
  facets,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  search: ListingSearch;
  onChange: (next: ListingSearch) => void;
  /** How many designs the filters leave, once known. */
  designs: number | undefined;
  priceRange: PriceRange | null | undefined;
  facets: ListingFacets | undefined;
  /** The Filters button: the drawer has no trigger of its own to give focus back to. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <TitledSheet
      open={open}
      onOpenChange={onOpenChange}
      side="left"
      className="p-0"
      returnFocusTo={returnFocusTo}
      headerClassName="sr-only"
      title="Filters"
      description="Narrow the listing by price, discount, type, colour and occasion"
    >
      <div className="p-5 pt-10">
        <FilterPanel search={search} onChange={onChange} priceRange={priceRange} facets={facets} />
      </div>
      <div className="sticky bottom-0 mt-auto border-t bg-background p-4">
        <Button className="w-full" size="lg" onClick={() => onOpenChange(false)}>
          {designs !== undefined ? `View ${designs} designs` : 'View designs'}
        </Button>
      </div>
    </TitledSheet>
  );
}
