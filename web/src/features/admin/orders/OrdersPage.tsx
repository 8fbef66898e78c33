import { keepPreviousData } from '@tanstack/react-query';
import { Loader2, Search, Undo2 } from 'lucide-react';
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import {
  formatRupees,
  ORDER_STATUSES,
  statusForAction,
  type AdminOrderAction,
  type OrderStatus,
} from '@kanak/shared';
import { StatusBadge } from '@/components/StatusBadge';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useOrderEvent } from '@/features/orders/live-orders';
import { useSession } from '@/features/session/use-session';
import { RefundBadge } from '@/features/orders/RefundNotice';
import { trpc } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { DiscountCell, OrderItemTitles } from '../dashboard/RecentOrdersTable';
import { errorMessage } from '../shared/error-message';
import { ImageGroup, orderImages } from '../shared/ImageGroup';
import { PageHeader } from '../shared/PageHeader';
import { Pager } from '../shared/Pager';
import type { AdminOrder } from '../shared/types';
import { DeleteOrderButton } from './DeleteOrderButton';
import { OrderStatusMenu } from './OrderStatusMenu';

/** A queued move the list waits for: the worker applies it and its event reloads the list. */
interface PendingMove {
  to: OrderStatus;
  since: number;
}

const PAGE_SIZE = 20;
const GIVE_UP_MS = 30_000;

/** /admin/orders: every order, newest first, a page at a time from the server, with status moves and delete. */
export function OrdersPage() {
  const utils = trpc.useUtils();
  const [pending, setPending] = useState<Record<string, PendingMove>>({});
  const [page, setPage] = useState(1);
  // Refunds due: paid orders that could not be kept (sold out when the payment arrived), to pay back.
  const [refundsOnly, setRefundsOnly] = useState(false);
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [term, setTerm] = useState('');
  const [search, setSearch] = useState('');
  const [now, setNow] = useState(() => Date.now());
  const waiting = Object.keys(pending).length > 0;
  // Typing searches after a short pause, from the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(term.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [term]);
  // No polling: the worker's order events reload the list (see LiveOrders). The page on screen
  // stays while the next one loads.
  const list = trpc.orders.adminList.useQuery(
    {
      page,
      pageSize: PAGE_SIZE,
      ...(refundsOnly ? { refundsDue: true } : {}),
      ...(status ? { status } : {}),
      ...(search ? { search } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  const orders = { ...list, data: list.data?.content };

  // A queued move the worker refused: the admin who asked (this one, for this move) is told why.
  const me = useSession().user?._id;
  useOrderEvent((event) => {
    if (event.kind !== 'refused' || event.actorUserId !== me) return;
    if (pending[event.orderId]?.to !== event.to) return;
    toast.error(event.message);
    setPending(({ [event.orderId]: _, ...rest }) => rest);
  });

  // Wakes the check below when the oldest queued move is due to be reported as still queued.
  useEffect(() => {
    if (!waiting) return;
    const oldest = Math.min(...Object.values(pending).map((m) => m.since));
    const timer = setTimeout(() => setNow(Date.now()), oldest + GIVE_UP_MS - Date.now() + 50);
    return () => clearTimeout(timer);
  }, [pending, waiting]);

  // A move is done when the reloaded list shows the new status; one never applied is reported.
  useEffect(() => {
    if (!orders.data || !waiting) return;
    const done: string[] = [];
    for (const [id, move] of Object.entries(pending)) {
      const order = orders.data.find((o) => o._id === id);
      if (!order || order.orderStatus === move.to) {
        done.push(id);
        if (order) toast.success(`Order is now ${move.to}`);
      } else if (now - move.since > GIVE_UP_MS) {
        done.push(id);
        toast.warning(
          `The move to ${move.to} is still queued; the list will show it once applied.`,
        );
      }
    }
    if (done.length)
      setPending((p) => Object.fromEntries(Object.entries(p).filter(([id]) => !done.includes(id))));
  }, [orders.data, pending, waiting, now]);

  const transition = trpc.orders.move.useMutation({
    // done: the worker applied the move in time; otherwise it is queued and its event will come.
    onSuccess: ({ done, order }, input) => {
      const to = statusForAction(input.action);
      void utils.orders.adminList.invalidate();
      if (done) toast.success(`Order is now ${to}`);
      else setPending((p) => ({ ...p, [order._id]: { to, since: Date.now() } }));
      void utils.orders.dashboard.invalidate();
    },
    // A refused move (409) names both statuses; the list is reloaded to show the real state.
    onError: (error) => {
      toast.error(errorMessage(error));
      void utils.orders.adminList.invalidate();
    },
  });

  const remove = trpc.orders.remove.useMutation({
    onSuccess: (result) => {
      toast.success(result.message || 'Order deleted');
      void utils.orders.invalidate();
    },
    // A 409 says why the order is kept (a payment landed meanwhile) and what to do instead.
    onError: (error) => {
      toast.error(errorMessage(error));
      void utils.orders.adminList.invalidate();
    },
  });

  const move = (order: AdminOrder, action: AdminOrderAction) =>
    transition.mutate({ orderId: order._id, action });
  const shown = orders.data ?? [];
  const refundCount = list.data?.refundsDue ?? 0;
  const totalPages = list.data?.totalPages ?? 1;
  const shownPage = list.data?.currentPage ?? page;
  const showRefunds = (only: boolean) => {
    setRefundsOnly(only);
    setPage(1);
  };

  return (
    <div>
      <PageHeader
        title="Customer Orders"
        description={
          list.data
            ? `${refundsOnly ? `${list.data.totalCount} owed a refund` : `${list.data.totalCount} orders`}, newest first · ${refundsDueLabel(refundCount)}`
            : undefined
        }
        actions={
          orders.data && (
            <div className="flex flex-wrap gap-2" role="group" aria-label="Show orders">
              <FilterChip pressed={!refundsOnly} onClick={() => showRefunds(false)}>
                All orders
              </FilterChip>
              <FilterChip
                pressed={refundsOnly}
                onClick={() => showRefunds(true)}
                tone="amber"
                testId="refunds-filter"
              >
                <Undo2 className="size-3.5" aria-hidden />
                Refunds due
                <span className="rounded-full bg-white/70 px-1.5 text-[11px] font-semibold tabular-nums">
                  {refundCount}
                </span>
              </FilterChip>
            </div>
          )
        }
      />
      <Card>
        <CardContent className="space-y-4">
          <div className="flex flex-col gap-2 sm:flex-row">
            <label className="relative block flex-1 sm:max-w-md">
              <span className="sr-only">Search orders</span>
              <Search className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input
                type="search"
                value={term}
                onChange={(e) => setTerm(e.target.value)}
                placeholder="Search by customer, e-mail or order number"
                className="pl-9"
              />
            </label>
            <label className="block sm:w-48">
              <span className="sr-only">Order status</span>
              <NativeSelect
                value={status}
                onChange={(e) => {
                  setStatus(e.target.value as OrderStatus | '');
                  setPage(1);
                }}
              >
                <NativeSelectOption value="">All statuses</NativeSelectOption>
                {ORDER_STATUSES.map((s) => (
                  <NativeSelectOption key={s} value={s}>
                    {s}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </label>
          </div>
          {orders.isError && (
            <p role="alert" className="text-destructive">
              {errorMessage(orders.error)}
            </p>
          )}
          {!orders.data ? (
            <Skeleton className="h-96" />
          ) : shown.length === 0 && !refundsOnly ? (
            <p className="py-10 text-center text-muted-foreground">
              {status || search ? 'No orders match this search.' : 'No orders found!'}
            </p>
          ) : shown.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground" data-testid="no-refunds">
              No refunds due: every paid order was placed.
            </p>
          ) : (
            <Table data-testid="orders-table">
              <TableHeader>
                <TableRow>
                  <TableHead className="hidden lg:table-cell">Image</TableHead>
                  <TableHead>Items</TableHead>
                  <TableHead>Quantity</TableHead>
                  <TableHead>Customer</TableHead>
                  <TableHead>Total Price</TableHead>
                  <TableHead className="hidden xl:table-cell">Discount</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {shown.map((order) => {
                  const busy =
                    Boolean(pending[order._id]) ||
                    (transition.isPending && transition.variables?.orderId === order._id);
                  return (
                    <Fragment key={order._id}>
                      <TableRow
                        data-order-id={order._id}
                        data-refund-due={order.refundDue || undefined}
                        className={cn(
                          order.refundDue && 'border-b-0 bg-amber-50/60 hover:bg-amber-50/60',
                        )}
                      >
                        <TableCell className="hidden lg:table-cell">
                          <ImageGroup images={orderImages(order)} />
                        </TableCell>
                        <TableCell>
                          <OrderItemTitles items={order.orderItems} />
                        </TableCell>
                        <TableCell>{order.totalItem}</TableCell>
                        <TableCell>
                          <p className="font-medium">
                            {order.user.firstName} {order.user.lastName}
                          </p>
                          <p
                            className="hidden max-w-52 truncate text-xs text-muted-foreground md:block"
                            title={order.user.email}
                          >
                            {order.user.email}
                          </p>
                        </TableCell>
                        <TableCell className="font-medium">
                          {formatRupees(order.totalDiscountedPrice)}
                        </TableCell>
                        <TableCell className="hidden xl:table-cell">
                          <DiscountCell order={order} />
                        </TableCell>
                        <TableCell>
                          <div className="flex flex-wrap items-center gap-2">
                            <StatusBadge status={order.orderStatus} />
                            {order.refundDue && <RefundBadge />}
                            {busy && (
                              <Loader2
                                className="size-4 animate-spin text-muted-foreground"
                                aria-label="Updating status"
                              />
                            )}
                          </div>
                          {order.statusNote && !order.refundDue && (
                            <p className="mt-1 max-w-48 text-xs text-muted-foreground">
                              {order.statusNote}
                            </p>
                          )}
                        </TableCell>
                        <TableCell>
                          <div className="flex justify-end gap-2">
                            <OrderStatusMenu
                              status={order.orderStatus}
                              disabled={busy}
                              onMove={(action) => move(order, action)}
                            />
                            <DeleteOrderButton
                              order={order}
                              onDelete={() => remove.mutate({ orderId: order._id })}
                              onCancel={() => move(order, 'cancel')}
                            />
                          </div>
                        </TableCell>
                      </TableRow>
                      {order.refundDue && <RefundRow order={order} />}
                    </Fragment>
                  );
                })}
              </TableBody>
            </Table>
          )}
          {totalPages > 1 && <Pager page={shownPage} totalPages={totalPages} onPage={setPage} />}
        </CardContent>
      </Card>
    </div>
  );
}

const refundsDueLabel = (n: number) => `${n} ${n === 1 ? 'refund' : 'refunds'} due`;

/** A toggle chip of the list's filter. */
function FilterChip({
  pressed,
  onClick,
  tone,
  testId,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  tone?: 'amber';
  testId?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      data-testid={testId}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
        pressed
          ? tone === 'amber'
            ? 'border-amber-300 bg-amber-100 text-amber-900'
            : 'border-primary bg-primary text-primary-foreground'
          : 'border-border bg-card text-muted-foreground hover:bg-secondary hover:text-foreground',
      )}
    >
      {children}
    </button>
  );
}

/**
 * The refund owed on an order, under its row across the whole table: to whom, how much (what
 * the payments owed back come to) and the server's note of what happened.
 */
function RefundRow({ order }: { order: AdminOrder }) {
  return (
    <TableRow data-refund-for={order._id} className="bg-amber-50/60 hover:bg-amber-50/60">
      <TableCell colSpan={8} className="pt-0 whitespace-normal">
        <p className="sticky left-2 flex max-w-[calc(100vw-7rem)] items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-950 sm:max-w-none">
          <Undo2 className="mt-0.5 size-3.5 shrink-0 text-amber-700" aria-hidden />
          <span>
            <span className="font-semibold">
              Refund {order.refund ? `${formatRupees(order.refund.amount)} ` : ''}to{' '}
              {order.user.firstName} {order.user.lastName}
            </span>
            {order.statusNote && <span className="text-amber-900/80"> · {order.statusNote}</span>}
          </span>
        </p>
      </TableCell>
    </TableRow>
  );
}
