import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ListingSearch, ProductPage } from '@kanak/shared';
import { EmptyArt } from '@/components/EmptyArt';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { FilterPanel } from './FilterPanel';
import { ListingCard } from './ListingCard';
import { ListingPagination } from './ListingPagination';
import { SortSelect } from './SortSelect';
import { warmProductPage } from './warm-product-page';

// The phone's filter drawer (and the dialog library under it) loads when first opened.
const FiltersSheet = lazy(() => import('./FiltersSheet'));

/**
 * A page of products with its sort, filters (sidebar, or a drawer on phones), pagination and
 * empty state: the category listing and the search results page both show one.
 */
export function ListingView({
  header,
  data,
  fetching,
  search,
  onSearch,
  sort,
  sorts,
  page,
  empty,
}: {
  /** The breadcrumb, title and count above the sort. */
  header: ReactNode;
  data: ProductPage | undefined;
  fetching: boolean;
  search: ListingSearch;
  onSearch: (next: ListingSearch) => void;
  sort: string;
  sorts: readonly { value: string; label: string }[];
  page: number;
  /** What an empty answer shows (default: 'No products found' with Clear filters). */
  empty?: ReactNode;
}) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  useEffect(warmProductPage, []);
  const [filtersWanted, setFiltersWanted] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b pb-5">
        <div className="min-w-0">{header}</div>
        <div className="flex items-center gap-2">
          <Button
            ref={filtersButton}
            variant="outline"
            className="lg:hidden"
            onClick={() => {
              setFiltersWanted(true);
              setFiltersOpen(true);
            }}
            aria-label="Open filters"
          >
            <SlidersHorizontal /> Filters
          </Button>
          <SortSelect
            value={sort}
            sorts={sorts}
            onValueChange={(s) => onSearch({ ...search, sort: s, page: undefined })}
          />
        </div>
      </div>

      <div className="mt-8 grid gap-10 lg:grid-cols-[250px_1fr]">
        <aside className="hidden lg:block" aria-label="Filters">
          <div className="sticky top-36">
            <FilterPanel
              search={search}
              onChange={onSearch}
              priceRange={data?.priceRange}
              facets={data?.facets}
            />
          </div>
        </aside>
        {filtersWanted && (
          <Suspense>
            <FiltersSheet
              open={filtersOpen}
              onOpenChange={setFiltersOpen}
              search={search}
              onChange={onSearch}
              designs={data?.totalElements}
              priceRange={data?.priceRange}
              facets={data?.facets}
              returnFocusTo={filtersButton}
            />
          </Suspense>
        )}

        <section
          aria-labelledby="listing-products"
          aria-busy={fetching}
          className="relative min-h-[50vh]"
        >
          {/* Cards are h3s: this keeps the outline whole on phones, where the filters' h2 is hidden. */}
          <h2 id="listing-products" className="sr-only">
            Products
          </h2>
          {!data ? (
            <div className="flex h-[50vh] items-center justify-center">
              <Spinner className="size-10" label="Loading products" />
            </div>
          ) : data.content.length === 0 ? (
            (empty ?? (
              <div className="flex flex-col items-center gap-4 py-16 text-center">
                <EmptyArt className="w-56" />
                <h2 className="text-3xl text-primary">No products found</h2>
                <p className="max-w-sm text-sm text-muted-foreground">
                  Try widening the price range or removing a filter.
                </p>
                <Button variant="outline" onClick={() => onSearch({})}>
                  Clear filters
                </Button>
              </div>
            ))
          ) : (
            <>
              {fetching && (
                <div className="absolute inset-0 z-10 flex items-start justify-center bg-background/60 pt-24">
                  <Spinner className="size-10" label="Loading products" />
                </div>
              )}
              <ul className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3">
                {data.content.map((product, i) => (
                  <li key={product._id}>
                    {/* The first row on a phone (two columns) is the first screen's largest paint. */}
                    <ListingCard product={product} priority={i < 2} />
                  </li>
                ))}
              </ul>
              <ListingPagination
                page={page}
                totalPages={data.totalPages}
                onPage={(next) => {
                  onSearch({ ...search, page: next });
                  window.scrollTo({ top: 0, behavior: 'smooth' });
                }}
              />
            </>
          )}
        </section>
      </div>
    </main>
  );
}
