import { keepPreviousData } from '@tanstack/react-query';
import {
  HuidDialog,
  huidsAction,
  refusedForHuids,
  type HuidStep,
} from '@/features/hallmark/HuidDialog';
import { PanNeededBadge } from '@/features/invoices/PanNeededBadge';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Loader2, RotateCcw, Undo2 } from 'lucide-react';
import { Fragment, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import {
  formatRupees,
  ORDER_STATUSES,
  orderNumberOf,
  percentOff,
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
import { ReturnBadge } from '@/features/returns/ReturnBadge';
import { trpc } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { OrderItemTitles } from '../dashboard/RecentOrdersTable';
import { ImageGroup, orderImages } from '../shared/ImageGroup';
import { errorMessage } from '../shared/error-message';
import { PageHeader } from '../shared/PageHeader';
import { SearchField } from '../shared/SearchField';
import { Pager } from '../shared/Pager';
import type { AdminOrder } from '../shared/types';
import { DeleteOrderButton } from './DeleteOrderButton';
import { Button } from '@/components/ui/button';
import { formatDay } from './order-dates';
import { OrderCards } from './OrderCards';
import { OrderStatusMenu } from './OrderStatusMenu';
import { ManifestLinks } from './ManifestLinks';
import { InstalmentsOwed } from '../schemes/InstalmentsOwed';

/** A queued move the list waits for: the worker applies it and its event reloads the list. */
interface PendingMove {
  to: OrderStatus;
  since: number;
}

const PAGE_SIZE = 20;
const route = getRouteApi('/admin/orders');
/** An order number as the shop prints it (8 hex digits) or a whole id: a search that names one order. */
const ONE_ORDER = /^([0-9a-f]{8}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const GIVE_UP_MS = 30_000;

/**
 * /admin/orders: every order, newest first, a page at a time from the server, filtered by status,
 * day placed and a search, with status moves and delete; a row opens the order. A table from
 * 640 px, cards below.
 */
export function OrdersPage() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const initial = route.useSearch().q ?? '';
  const [pending, setPending] = useState<Record<string, PendingMove>>({});
  const [page, setPage] = useState(1);
  // Refunds due: paid orders that could not be kept (sold out when the payment arrived), to pay back.
  const [refundsOnly, setRefundsOnly] = useState(false);
  // Orders with a return or exchange not finished.
  const [returnsOnly, setReturnsOnly] = useState(false);
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [term, setTerm] = useState(initial);
  const [search, setSearch] = useState(initial.trim());
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
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
      ...(returnsOnly ? { openReturn: true } : {}),
      ...(status ? { status } : {}),
      ...(search ? { search } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  const orders = { ...list, data: list.data?.content };

  // A search naming one order by its number or id opens it (once per search).
  const opened = useRef('');
  useEffect(() => {
    const only = list.data?.content.length === 1 ? list.data.content[0] : undefined;
    if (!only || list.isPlaceholderData || !ONE_ORDER.test(search) || opened.current === search)
      return;
    if (!only._id.startsWith(search.toLowerCase())) return;
    opened.current = search;
    void navigate({ to: '/admin/orders/$orderId', params: { orderId: only._id } });
  }, [list.data, list.isPlaceholderData, search, navigate]);
  const open = (order: AdminOrder) =>
    void navigate({ to: '/admin/orders/$orderId', params: { orderId: order._id } });
  // A click anywhere on a row opens it, except on its own controls (and their menus and dialogs,
  // which React bubbles here through their portals though they are not inside the row).
  const openFromRow = (event: MouseEvent<HTMLElement>, order: AdminOrder) => {
    const target = event.target as HTMLElement;
    if (
      !event.currentTarget.contains(target) ||
      target.closest('button, a, input, [role=menuitem]')
    )
      return;
    open(order);
  };
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
    // A refused move (409) names both statuses; the list is reloaded to show the real state. A
    // ship refused for missing HUIDs (HUID_REQUIRED_TO_SHIP) opens the dialog that records them.
    onError: (error, input) => {
      void utils.orders.adminList.invalidate();
      const order = list.data?.content.find((o) => o._id === input.orderId);
      if (order && !input.huids && refusedForHuids(error.message)) {
        setAsking({ order, action: input.action });
        return;
      }
      toast.error(errorMessage(error));
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

  // A move is one click, as the spec has it; HUIDs are recorded from the row's "Add HUIDs"
  // (confirming or shipping with them) or when a ship is refused without them (HuidDialog).
  const [asking, setAsking] = useState<{ order: AdminOrder; action: HuidStep } | null>(null);
  // HUIDs of a shipped or delivered order, recorded without a move (its invoice waits for them).
  const recordHuids = trpc.orders.recordHuids.useMutation({
    onSuccess: () => {
      toast.success('HUIDs saved');
      void utils.orders.adminList.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const move = (order: AdminOrder, action: AdminOrderAction) =>
    transition.mutate({ orderId: order._id, action });
  const isBusy = (order: AdminOrder) =>
    Boolean(pending[order._id]) ||
    (transition.isPending && transition.variables?.orderId === order._id);
  const shown = orders.data ?? [];
  const refundCount = list.data?.refundsDue ?? 0;
  // Money owed that is not an order's: instalments of savings schemes (with the refunds filter).
  const instalmentsOwed = list.data?.instalmentsOwed ?? [];
  const totalPages = list.data?.totalPages ?? 1;
  const shownPage = list.data?.currentPage ?? page;
  const returnCount = list.data?.openReturns ?? 0;
  const showRefunds = (only: boolean) => {
    setRefundsOnly(only);
    setReturnsOnly(false);
    setPage(1);
  };
  const showReturns = () => {
    setRefundsOnly(false);
    setReturnsOnly(true);
    setPage(1);
  };

  return (
    <div>
      <PageHeader
        title="Customer Orders"
        description={
          list.data
            ? `${refundsOnly ? `${list.data.totalCount} owed a refund` : returnsOnly ? `${list.data.totalCount} with an open return` : `${list.data.totalCount} orders`}, newest first · ${refundsDueLabel(refundCount)}`
            : undefined
        }
        actions={
          orders.data && (
            <div className="flex flex-wrap items-center gap-2">
              <ManifestLinks />
              <div className="flex flex-wrap gap-2" role="group" aria-label="Show orders">
                <FilterChip
                  pressed={!refundsOnly && !returnsOnly}
                  onClick={() => showRefunds(false)}
                >
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
                <FilterChip pressed={returnsOnly} onClick={showReturns} testId="returns-filter">
                  <RotateCcw className="size-3.5" aria-hidden />
                  Open return
                  <span className="rounded-full bg-white/70 px-1.5 text-[11px] font-semibold tabular-nums">
                    {returnCount}
                  </span>
                </FilterChip>
              </div>
            </div>
          )
        }
      />
      <Card>
        <CardContent className="space-y-4">
          <div className="flex flex-col gap-2 lg:flex-row lg:flex-wrap">
            <SearchField
              label="Search orders"
              value={term}
              onChange={setTerm}
              placeholder="Search by customer, e-mail, phone or order number"
              className="flex-1 lg:max-w-md"
            />
            <div className="grid gap-2 sm:flex">
              <label className="block sm:w-44">
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
              <DateFilter
                label="From"
                value={from}
                max={to || undefined}
                onChange={(v) => {
                  setFrom(v);
                  setPage(1);
                }}
              />
              <DateFilter
                label="To"
                value={to}
                min={from || undefined}
                onChange={(v) => {
                  setTo(v);
                  setPage(1);
                }}
              />
            </div>
          </div>
          {orders.isError && (
            <p role="alert" className="text-destructive">
              {errorMessage(orders.error)}
            </p>
          )}
          {!orders.data && <Skeleton className="h-96" />}
          {refundsOnly && instalmentsOwed.length > 0 && (
            <section aria-labelledby="instalments-owed-title" className="space-y-1">
              <h2 id="instalments-owed-title" className="font-medium">
                Savings-scheme instalments owed back ({instalmentsOwed.length})
              </h2>
              <InstalmentsOwed owed={instalmentsOwed} onChanged={() => void list.refetch()} />
            </section>
          )}
          {!orders.data ? null : shown.length === 0 && !refundsOnly ? (
            <p className="py-10 text-center text-muted-foreground">
              {status || search || from || to ? 'No orders match this search.' : 'No orders found!'}
            </p>
          ) : shown.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground" data-testid="no-refunds">
              No refunds due: every paid order was placed.
            </p>
          ) : (
            <>
              <OrderCards
                orders={shown}
                isBusy={isBusy}
                onOpen={openFromRow}
                onMove={move}
                onDelete={(order) => remove.mutate({ orderId: order._id })}
              />
              <div className="hidden sm:block">
                <Table data-testid="orders-table" className="table-fixed">
                  <TableHeader>
                    <TableRow>
                      <TableHead className="w-24">Order</TableHead>
                      <TableHead className="w-[18%]">Customer</TableHead>
                      <TableHead className="hidden lg:table-cell">Items</TableHead>
                      <TableHead className="hidden w-20 text-center md:table-cell">
                        Quantity
                      </TableHead>
                      <TableHead className="w-28 text-right">Total Price</TableHead>
                      <TableHead className="w-28">Status</TableHead>
                      <TableHead className="w-32 text-right">Actions</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {shown.map((order) => {
                      const busy = isBusy(order);
                      return (
                        <Fragment key={order._id}>
                          <TableRow
                            data-order-id={order._id}
                            data-refund-due={order.refundDue || undefined}
                            onClick={(e) => openFromRow(e, order)}
                            className={cn(
                              'cursor-pointer',
                              order.refundDue && 'border-b-0 bg-amber-50/60 hover:bg-amber-50/60',
                            )}
                          >
                            <TableCell>
                              <Link
                                to="/admin/orders/$orderId"
                                params={{ orderId: order._id }}
                                className="font-mono font-semibold text-primary underline-offset-2 hover:underline"
                                aria-label={`Open order ${orderNumberOf(order._id)}`}
                              >
                                #{orderNumberOf(order._id)}
                              </Link>
                              <p className="text-xs text-muted-foreground">
                                {formatDay(order.orderDate)}
                              </p>
                            </TableCell>
                            <TableCell>
                              <p className="truncate font-medium">
                                {order.user.firstName} {order.user.lastName}
                              </p>
                              <p
                                className="truncate text-xs text-muted-foreground"
                                title={order.user.email}
                              >
                                {order.user.email}
                              </p>
                            </TableCell>
                            <TableCell className="hidden lg:table-cell">
                              <div className="flex items-center gap-2">
                                <ImageGroup
                                  images={orderImages(order)}
                                  className="hidden xl:flex"
                                />
                                <div className="min-w-0">
                                  <OrderItemTitles items={order.orderItems} />
                                </div>
                              </div>
                            </TableCell>
                            <TableCell className="hidden text-center md:table-cell">
                              {order.totalItem}
                            </TableCell>
                            <TableCell className="text-right">
                              <p className="font-medium">
                                {formatRupees(order.totalDiscountedPrice)}
                              </p>
                              {order.discount > 0 && (
                                <p className="text-xs text-green-700">
                                  {percentOff(order.totalPrice, order.totalDiscountedPrice)}% off
                                </p>
                              )}
                            </TableCell>
                            <TableCell className="whitespace-normal">
                              <div className="flex flex-wrap items-center gap-1.5">
                                <StatusBadge status={order.orderStatus} />
                                <ReturnBadge openReturn={order.openReturn} />
                                {order.refundDue && <RefundBadge />}
                                {order.codRemittance &&
                                  order.codRemittance.difference < 0 &&
                                  !order.codRemittance.resolved && (
                                    <span
                                      className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800"
                                      data-testid="cod-short"
                                    >
                                      COD remitted {formatRupees(-order.codRemittance.difference)}{' '}
                                      short
                                    </span>
                                  )}
                                {order.panNeeded && <PanNeededBadge />}
                                {huidsAction(order) && (
                                  <Button
                                    type="button"
                                    size="sm"
                                    variant="outline"
                                    className="h-6 px-2 text-xs"
                                    disabled={busy}
                                    onClick={() =>
                                      setAsking({ order, action: huidsAction(order)! })
                                    }
                                  >
                                    Add HUIDs
                                  </Button>
                                )}
                                {busy && (
                                  <Loader2
                                    className="size-4 animate-spin text-muted-foreground"
                                    aria-label="Updating status"
                                  />
                                )}
                              </div>
                              {order.statusNote && !order.refundDue && (
                                <p className="mt-1 line-clamp-2 text-xs text-muted-foreground">
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
              </div>
            </>
          )}
          {totalPages > 1 && <Pager page={shownPage} totalPages={totalPages} onPage={setPage} />}
        </CardContent>
      </Card>
      {asking && (
        <HuidDialog
          order={asking.order}
          action={asking.action}
          onClose={() => setAsking(null)}
          onSubmit={(huids) => {
            const orderId = asking.order._id;
            if (asking.action === 'record') recordHuids.mutate({ orderId, huids });
            else transition.mutate({ orderId, action: asking.action, huids });
            setAsking(null);
          }}
        />
      )}
    </div>
  );
}

const refundsDueLabel = (n: number) => `${n} ${n === 1 ? 'refund' : 'refunds'} due`;

/** A day bound of the list (the browser's date picker; YYYY-MM-DD as the server takes it). */
function DateFilter({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-muted-foreground">
      <span className="w-10 shrink-0 sm:w-auto">{label}</span>
      <Input
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value)}
        aria-label={`Placed ${label.toLowerCase()}`}
        className="sm:w-40"
      />
    </label>
  );
}

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
      <TableCell colSpan={7} className="pt-0 whitespace-normal">
        <p className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-950">
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
