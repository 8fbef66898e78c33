import { getRouteApi } from '@tanstack/react-router';
import { listingToProductQuery, SORTS, type ListingSearch } from '@kanak/shared';
import { HomeTrail } from '@/components/layout/HomeTrail';
import { BreadcrumbItem, BreadcrumbPage, BreadcrumbSeparator } from '@/components/ui/breadcrumb';
import { trpc } from '@/lib/trpc';
import { ListingView } from './ListingView';
import { titleCase, toListInput } from './listing-search';

const route = getRouteApi('/$levelOne/$levelTwo/$levelThree');

export function ListingPage() {
  const { levelOne, levelTwo, levelThree } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
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
    <ListingView
      header={
        <>
          <HomeTrail className="mb-4">
            <BreadcrumbItem>{titleCase(levelOne)}</BreadcrumbItem>
            <BreadcrumbSeparator />
            <BreadcrumbItem>
              <BreadcrumbPage>{label}</BreadcrumbPage>
            </BreadcrumbItem>
          </HomeTrail>
          <h1 className="text-4xl text-primary sm:text-5xl">New Arrivals</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {label} {data ? `· ${data.totalElements} designs` : ''}
          </p>
        </>
      }
      data={data}
      fetching={products.isFetching}
      search={search}
      onSearch={setSearch}
      sort={filter.sort}
      sorts={SORTS}
      page={filter.pageNumber}
    />
  );
}
