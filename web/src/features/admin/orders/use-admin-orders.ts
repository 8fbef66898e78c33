import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '@/lib/trpc';
import type { OrderFilters } from './use-order-filters';

const PAGE_SIZE = 20;

/**
 * One page of the orders list as the filters ask for it, with the counts the page shows. No
 * polling: the worker's order events reload the list (see LiveOrders). The page on screen stays
 * while the next one loads.
 */
export function useAdminOrders(filters: OrderFilters) {
  const { page, refundsOnly, returnsOnly, status, search, from, to } = filters;
  const list = trpc.orders.adminList.useQuery(
    {
      page,
      pageSize: PAGE_SIZE,
      ...(refundsOnly ? { refundsDue: true } : {}),
      ...(returnsOnly ? { openReturn: true } : {}),
      ...(status ? { status } : {}),
      ...(search ? { search } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  return {
    list,
    orders: list.data?.content,
    refundCount: list.data?.refundsDue ?? 0,
    returnCount: list.data?.openReturns ?? 0,
    // Money owed that is not an order's: instalments of savings schemes (with the refunds filter).
    instalmentsOwed: list.data?.instalmentsOwed ?? [],
    totalPages: list.data?.totalPages ?? 1,
    shownPage: list.data?.currentPage ?? page,
  };
}
