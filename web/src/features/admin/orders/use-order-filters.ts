import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { OrderStatus } from '@kanak/shared';

const route = getRouteApi('/admin/orders');

/** Which orders the list shows: a status, the days placed, a search and the two quick filters. */
export function useOrderFilters() {
  const initial = route.useSearch().q ?? '';
  const [page, setPage] = useState(1);
  // Refunds due: paid orders that could not be kept (sold out when the payment arrived), to pay back.
  const [refundsOnly, setRefundsOnly] = useState(false);
  // Orders with a return or exchange not finished.
  const [returnsOnly, setReturnsOnly] = useState(false);
  const [status, setStatusOnly] = useState<OrderStatus | ''>('');
  const [term, setTerm] = useState(initial);
  const [search, setSearch] = useState(initial.trim());
  const [from, setFromOnly] = useState('');
  const [to, setToOnly] = useState('');
  // Typing searches after a short pause, from the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(term.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [term]);
  // A new filter starts again from the first page.
  const fromFirstPage =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return {
    page,
    setPage,
    refundsOnly,
    returnsOnly,
    status,
    setStatus: fromFirstPage(setStatusOnly),
    term,
    setTerm,
    search,
    from,
    setFrom: fromFirstPage(setFromOnly),
    to,
    setTo: fromFirstPage(setToOnly),
    /** Whether anything narrows the list (its empty text says so). */
    narrowed: Boolean(status || search || from || to),
    showRefunds: (only: boolean) => {
      setRefundsOnly(only);
      setReturnsOnly(false);
      setPage(1);
    },
    showReturns: () => {
      setRefundsOnly(false);
      setReturnsOnly(true);
      setPage(1);
    },
  };
}

export type OrderFilters = ReturnType<typeof useOrderFilters>;
