import { Loader2, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import {
  ADMIN_ORDER_ACTIONS,
  formatRupees,
  type AdminOrderAction,
  type OrderStatus,
} from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { trpc } from '@/lib/trpc';
import { DiscountCell, OrderItemTitles } from '../dashboard/RecentOrdersTable';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { errorMessage } from '../shared/error-message';
import { ImageGroup, orderImages } from '../shared/ImageGroup';
import { PageHeader } from '../shared/PageHeader';
import { Pager } from '../shared/Pager';
import { StatusBadge } from '../shared/StatusBadge';
import type { AdminOrder } from '../shared/types';
import { OrderStatusMenu } from './OrderStatusMenu';

/** A queued move the list waits for: the worker applies it, the list polls until it shows. */
interface PendingMove {
  to: OrderStatus;
  since: number;
}

const POLL_MS = 1000;
const PAGE_SIZE = 20;
const GIVE_UP_MS = 30_000;

/** /admin/orders: every order, newest first, with status moves and delete. */
export function OrdersPage() {
  const utils = trpc.useUtils();
  const [pending, setPending] = useState<Record<string, PendingMove>>({});
  const [page, setPage] = useState(1);
  const waiting = Object.keys(pending).length > 0;
  const orders = trpc.orders.adminList.useQuery(undefined, {
    refetchInterval: waiting ? POLL_MS : false,
  });

  // A move is done when the polled list shows the new status; a move the worker never applies is reported.
  useEffect(() => {
    if (!orders.data || !waiting) return;
    const done: string[] = [];
    for (const [id, move] of Object.entries(pending)) {
      const order = orders.data.find((o) => o._id === id);
      if (!order || order.orderStatus === move.to) {
        done.push(id);
        if (order) toast.success(`Order is now ${move.to}`);
      } else if (Date.now() - move.since > GIVE_UP_MS) {
        done.push(id);
        toast.warning(
          `The move to ${move.to} is still queued; the list will show it once applied.`,
        );
      }
    }
    if (done.length)
      setPending((p) => Object.fromEntries(Object.entries(p).filter(([id]) => !done.includes(id))));
  }, [orders.data, pending, waiting]);

  const transition = trpc.orders.transition.useMutation({
    onSuccess: (order, input) => {
      const to = ADMIN_ORDER_ACTIONS.find((a) => a.action === input.action)!.to;
      utils.orders.adminList.setData(undefined, (list) =>
        list?.map((o) => (o._id === order._id ? order : o)),
      );
      if (order.orderStatus === to) toast.success(`Order is now ${to}`);
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
    onError: (error) => toast.error(errorMessage(error)),
  });

  const move = (order: AdminOrder, action: AdminOrderAction) =>
    transition.mutate({ id: order._id, action });
  // adminList answers every order; the table shows them a page at a time.
  const totalPages = Math.max(1, Math.ceil((orders.data?.length ?? 0) / PAGE_SIZE));
  const shownPage = Math.min(page, totalPages);
  const shown = orders.data?.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE) ?? [];

  return (
    <div>
      <PageHeader
        title="Customer Orders"
        description={orders.data ? `${orders.data.length} orders, newest first` : undefined}
      />
      <Card>
        <CardContent className="space-y-4">
          {orders.isError && (
            <p role="alert" className="text-destructive">
              {errorMessage(orders.error)}
            </p>
          )}
          {!orders.data ? (
            <Skeleton className="h-96" />
          ) : orders.data.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground">No orders found!</p>
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
                    (transition.isPending && transition.variables?.id === order._id);
                  return (
                    <TableRow key={order._id} data-order-id={order._id}>
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
                        <p className="hidden text-xs text-muted-foreground md:block">
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
                        <div className="flex items-center gap-2">
                          <StatusBadge status={order.orderStatus} />
                          {busy && (
                            <Loader2
                              className="size-4 animate-spin text-muted-foreground"
                              aria-label="Updating status"
                            />
                          )}
                        </div>
                        {order.statusNote && (
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
                          <ConfirmDialog
                            onConfirm={() => remove.mutate({ id: order._id })}
                            trigger={
                              <Button
                                variant="destructive"
                                size="icon"
                                className="size-8"
                                aria-label="Delete order"
                                title="Delete order"
                              >
                                <Trash2 />
                              </Button>
                            }
                          />
                        </div>
                      </TableCell>
                    </TableRow>
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
