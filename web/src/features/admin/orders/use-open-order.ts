import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, type MouseEvent } from 'react';
import type { AdminOrder } from '../shared/types';

/** An order number as the shop prints it (8 hex digits) or a whole id: a search that names one order. */
const ONE_ORDER = /^([0-9a-f]{8}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * Opening an order from the list: a click on its row, or a search that names one order by its
 * number or id (once per search).
 */
export function useOpenOrder(
  search: string,
  orders: AdminOrder[] | undefined,
  isPlaceholderData: boolean,
) {
  const navigate = useNavigate();
  const opened = useRef('');
  useEffect(() => {
    const only = orders?.length === 1 ? orders[0] : undefined;
    if (!only || isPlaceholderData || !ONE_ORDER.test(search) || opened.current === search) return;
    if (!only._id.startsWith(search.toLowerCase())) return;
    opened.current = search;
    void navigate({ to: '/admin/orders/$orderId', params: { orderId: only._id } });
  }, [orders, isPlaceholderData, search, navigate]);

  // A click anywhere on a row opens it, except on its own controls (and their menus and dialogs,
  // which React bubbles here through their portals though they are not inside the row).
  return (event: MouseEvent<HTMLElement>, order: AdminOrder) => {
    const target = event.target as HTMLElement;
    if (
      !event.currentTarget.contains(target) ||
      target.closest('button, a, input, [role=menuitem]')
    )
      return;
    void navigate({ to: '/admin/orders/$orderId', params: { orderId: order._id } });
  };
}
