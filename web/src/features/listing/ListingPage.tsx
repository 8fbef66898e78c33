import { getRouteApi, Link } from '@tanstack/react-router';
import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { listingToProductQuery, SORTS, type ListingSearch } from '@kanak/shared';
import { EmptyArt } from '@/components/EmptyArt';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from '@/components/ui/breadcrumb';
import { Button } from '@/components/ui/button';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { trpc } from '@/lib/trpc';
import { FilterPanel } from './FilterPanel';
import { ListingCard } from './ListingCard';
import { ListingPagination } from './ListingPagination';
import { titleCase, toListInput } from './listing-search';

// The phone's filter drawer (and the dialog library under it) loads when first opened.
const FiltersSheet = lazy(() => import('./FiltersSheet'));

const route = getRouteApi('/$levelOne/$levelTwo/$levelThree');

export function ListingPage() {
  const { levelOne, levelTwo, levelThree } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filtersWanted, setFiltersWanted] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const filter = listingToProductQuery(levelThree, search);
  // Re-fetched whenever the category or any query parameter changes (spec section 4).
  const products = trpc.catalog.list.useQuery(toListInput(filter), {
    placeholderData: (prev) => prev,
  });
  const setSearch = (next: ListingSearch) => void navigate({ search: next, resetScroll: false });
  const data = products.data;
  // /all-jewellery/category/jewellery is every piece; /{one}/{type or occasion}/jewellery names the filter.
  const label = titleCase(
    levelThree !== 'jewellery' ? levelThree : levelTwo === 'category' ? levelOne : levelTwo,
  );

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumb>
        <BreadcrumbList>
          <BreadcrumbItem>
            <BreadcrumbLink asChild>
              <Link to="/">Home</Link>
            </BreadcrumbLink>
          </BreadcrumbItem>
          <BreadcrumbSeparator />
          <BreadcrumbItem>{titleCase(levelOne)}</BreadcrumbItem>
          <BreadcrumbSeparator />
          <BreadcrumbItem>
            <BreadcrumbPage>{label}</BreadcrumbPage>
          </BreadcrumbItem>
        </BreadcrumbList>
      </Breadcrumb>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4 border-b pb-5">
        <div>
          <h1 className="text-4xl text-primary sm:text-5xl">New Arrivals</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {label} {data ? `· ${data.totalElements} designs` : ''}
          </p>
        </div>
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
          <Select
            value={filter.sort}
            onValueChange={(sort) => setSearch({ ...search, sort, page: undefined })}
          >
            <SelectTrigger className="w-48" aria-label="Sort by">
              <SelectValue placeholder="Sort" />
            </SelectTrigger>
            <SelectContent align="end">
              {SORTS.map((s) => (
                <SelectItem key={s.value} value={s.value}>
                  {s.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      <div className="mt-8 grid gap-10 lg:grid-cols-[250px_1fr]">
        <aside className="hidden lg:block" aria-label="Filters">
          <div className="sticky top-36">
            <FilterPanel search={search} onChange={setSearch} />
          </div>
        </aside>
        {filtersWanted && (
          <Suspense>
            <FiltersSheet
              open={filtersOpen}
              onOpenChange={setFiltersOpen}
              search={search}
              onChange={setSearch}
              designs={data?.totalElements}
              returnFocusTo={filtersButton}
            />
          </Suspense>
        )}

        <section
          aria-labelledby="listing-products"
          aria-busy={products.isFetching}
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
            <div className="flex flex-col items-center gap-4 py-16 text-center">
              <EmptyArt className="w-56" />
              <h2 className="text-3xl text-primary">No products found</h2>
              <p className="max-w-sm text-sm text-muted-foreground">
                Try widening the price range or removing a filter.
              </p>
              <Button variant="outline" onClick={() => setSearch({})}>
                Clear filters
              </Button>
            </div>
          ) : (
            <>
              {products.isFetching && (
                <div className="absolute inset-0 z-10 flex items-start justify-center bg-background/60 pt-24">
                  <Spinner className="size-10" label="Loading products" />
                </div>
              )}
              <ul className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3">
                {data.content.map((product) => (
                  <li key={product._id}>
                    <ListingCard product={product} />
                  </li>
                ))}
              </ul>
              <ListingPagination
                page={filter.pageNumber}
                totalPages={data.totalPages}
                onPage={(page) => {
                  setSearch({ ...search, page });
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
