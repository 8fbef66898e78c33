import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SearchX } from 'lucide-react';
import {
  ALL_CATEGORIES,
  listingToProductQuery,
  SEARCH_SORTS,
  searchSortOf,
  type ListingSearch,
} from '@kanak/shared';
import { listingLink } from '@/components/layout/catalogue-links';
import { ListingView } from '@/features/listing/ListingView';
import { trpc } from '@/lib/trpc';
import { searchPageInput } from './search-input';

const route = getRouteApi('/search');

/** Shown when a search finds nothing: the categories shoppers open most. */
const POPULAR_CATEGORIES = [
  { name: 'Earrings', slug: 'earring' },
  { name: 'Finger Rings', slug: 'ring' },
  { name: 'Pendants', slug: 'pendant' },
  { name: 'Mangalsutras', slug: 'mangal-sutra' },
  { name: 'Chains', slug: 'chain' },
  { name: 'Bangles', slug: 'bangle' },
  { name: 'Necklaces', slug: 'necklace' },
];

/** /search?q=…: every match, paged and sortable, with the listing's filters. */
export function SearchPage() {
  const { q = '', ...search } = route.useSearch();
  const navigate = route.useNavigate();
  const filter = listingToProductQuery(ALL_CATEGORIES, search);
  const sort = searchSortOf(search.sort);
  const text = q.trim();
  const results = trpc.catalog.searchPage.useQuery(searchPageInput(search, q), {
    enabled: text !== '',
    placeholderData: (prev) => prev,
  });
  const setSearch = (next: ListingSearch) =>
    void navigate({ search: { ...next, q }, resetScroll: false });
  const data = text === '' ? undefined : results.data;
  // An exact SKU (the product's or a size's) opens its product.
  const goTo = useNavigate();
  const skuHit = data && skuMatch(data.content, text);
  useEffect(() => {
    if (skuHit)
      void goTo({ to: '/product/$productId', params: { productId: skuHit }, replace: true });
  }, [skuHit, goTo]);

  if (text === '')
    return (
      <main className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-4xl text-primary">Search</h1>
        <p className="mt-2 text-muted-foreground">
          Type what you are looking for in the search box above: a piece, a metal, an occasion.
        </p>
      </main>
    );

  return (
    <ListingView
      header={
        <>
          <h1 className="text-4xl break-words text-primary sm:text-5xl">Results for “{text}”</h1>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="search-count">
            {data ? `${data.totalElements} designs` : 'Searching…'}
          </p>
        </>
      }
      data={data}
      fetching={results.isFetching}
      search={search}
      onSearch={setSearch}
      sort={sort}
      sorts={SEARCH_SORTS}
      page={filter.pageNumber}
      empty={
        <NoResults q={text} alternatives={data?.alternatives ?? []} filtered={hasFilters(search)} />
      }
    />
  );
}

/** The product whose SKU, or one of whose size SKUs, is exactly the text typed (any case). */
export function skuMatch(
  products: readonly { _id: string; sku?: string; sizes: readonly { sku?: string }[] }[],
  text: string,
): string | null {
  const typed = text.trim().toUpperCase();
  if (products.length !== 1 || !typed) return null;
  const [only] = products;
  const skus = [only!.sku, ...only!.sizes.map((s) => s.sku)];
  return skus.some((sku) => sku?.toUpperCase() === typed) ? only!._id : null;
}

const hasFilters = (s: ListingSearch) =>
  Boolean(s.color || s.type || s.occasion || s.price || s.discount);

function NoResults({
  q,
  alternatives,
  filtered,
}: {
  q: string;
  alternatives: string[];
  filtered: boolean;
}) {
  return (
    <div className="flex flex-col items-center gap-5 py-12 text-center" data-testid="search-empty">
      <SearchX className="size-14 text-muted-foreground" aria-hidden />
      <h2 className="text-3xl text-primary">No pieces match “{q}”</h2>
      {filtered && (
        <p className="text-sm text-muted-foreground">
          Filters are narrowing this search:{' '}
          <Link to="/search" search={{ q }} className="text-primary underline underline-offset-4">
            search without them
          </Link>
          .
        </p>
      )}
      {alternatives.length > 0 && (
        <div>
          <p className="text-sm text-muted-foreground">Did you mean</p>
          <ul className="mt-2 flex flex-wrap justify-center gap-2" aria-label="Did you mean">
            {alternatives.map((alt) => (
              <li key={alt}>
                <Link
                  to="/search"
                  search={{ q: alt }}
                  className="inline-block rounded-full border bg-card px-4 py-1.5 text-sm font-medium text-primary hover:bg-secondary"
                >
                  {alt}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <p className="text-sm text-muted-foreground">Popular categories</p>
        <ul className="mt-2 flex flex-wrap justify-center gap-2" aria-label="Popular categories">
          {POPULAR_CATEGORIES.map((c) => (
            <li key={c.slug}>
              <Link
                {...listingLink('all-jewellery', 'category', c.slug)}
                className="inline-block rounded-full bg-secondary px-4 py-1.5 text-sm hover:bg-secondary/70"
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
