import {
  Pagination,
  PaginationButton,
  PaginationContent,
  PaginationEllipsis,
  PaginationItem,
  PaginationNext,
  PaginationPrevious,
} from '@/components/ui/pagination';
import { pageWindow, type PagerProps } from '@/lib/page-window';

export function ListingPagination({ page, totalPages, onPage }: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <Pagination className="mt-10">
      <PaginationContent>
        <PaginationItem>
          <PaginationPrevious disabled={page <= 1} onClick={() => onPage(page - 1)} />
        </PaginationItem>
        {pageWindow(page, totalPages).map((p, i) =>
          p === 'gap' ? (
            <PaginationItem key={`gap-${i}`}>
              <PaginationEllipsis />
            </PaginationItem>
          ) : (
            <PaginationItem key={p}>
              <PaginationButton
                isActive={p === page}
                onClick={() => onPage(p)}
                aria-label={`Page ${p}`}
              >
                {p}
              </PaginationButton>
            </PaginationItem>
          ),
        )}
        <PaginationItem>
          <PaginationNext disabled={page >= totalPages} onClick={() => onPage(page + 1)} />
        </PaginationItem>
      </PaginationContent>
    </Pagination>
  );
}
