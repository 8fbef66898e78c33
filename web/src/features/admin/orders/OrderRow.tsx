import { Loader2, Undo2 } from 'lucide-react';
import type { MouseEvent } from 'react';
import { formatRupees, percentOff } from '@kanak/shared';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { huidsAction } from '@/features/hallmark/HuidDialog';
import { PanNeededBadge } from '@/features/invoices/PanNeededBadge';
import { RefundBadge } from '@/features/orders/RefundNotice';
import { ReturnBadge } from '@/features/returns/ReturnBadge';
import { cn } from '@/lib/utils';
import { OrderItemTitles } from '../dashboard/RecentOrdersTable';
import { ImageGroup, orderImages } from '../shared/ImageGroup';
import type { AdminOrder } from '../shared/types';
import { DeleteOrderButton } from './DeleteOrderButton';
import { OrderNumberLink } from './OrderNumberLink';
import { OrderStatusMenu } from './OrderStatusMenu';
import type { OrderMoves } from './use-order-moves';

/** One order in the list's table (from 640 px), with the refund owed under it when there is one. */
export function OrderRow({
  order,
  moves,
  onOpen,
}: {
  order: AdminOrder;
  moves: OrderMoves;
  onOpen: (event: MouseEvent<HTMLElement>, order: AdminOrder) => void;
}) {
  const busy = moves.isBusy(order);
  return (
    <>
      <TableRow
        data-order-id={order._id}
        data-refund-due={order.refundDue || undefined}
        onClick={(e) => onOpen(e, order)}
        className={cn(
          'cursor-pointer',
          order.refundDue && 'border-b-0 bg-amber-50/60 hover:bg-amber-50/60',
        )}
      >
        <TableCell>
          <OrderNumberLink orderId={order._id} orderDate={order.orderDate} />
        </TableCell>
        <TableCell>
          <p className="truncate font-medium">
            {order.user.firstName} {order.user.lastName}
          </p>
          <p className="truncate text-xs text-muted-foreground" title={order.user.email}>
            {order.user.email}
          </p>
        </TableCell>
        <TableCell className="hidden lg:table-cell">
          <div className="flex items-center gap-2">
            <ImageGroup images={orderImages(order)} className="hidden xl:flex" />
            <div className="min-w-0">
              <OrderItemTitles items={order.orderItems} />
            </div>
          </div>
        </TableCell>
        <TableCell className="hidden text-center md:table-cell">{order.totalItem}</TableCell>
        <TableCell className="text-right">
          <p className="font-medium">{formatRupees(order.totalDiscountedPrice)}</p>
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
                  COD remitted {formatRupees(-order.codRemittance.difference)} short
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
                onClick={() => moves.askHuids(order)}
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
            <p className="mt-1 line-clamp-2 text-xs text-muted-foreground">{order.statusNote}</p>
          )}
        </TableCell>
        <TableCell>
          <div className="flex justify-end gap-2">
            <OrderStatusMenu
              status={order.orderStatus}
              disabled={busy}
              onMove={(action) => moves.move(order, action)}
            />
            <DeleteOrderButton
              order={order}
              onDelete={() => moves.remove(order)}
              onCancel={() => moves.move(order, 'cancel')}
            />
          </div>
        </TableCell>
      </TableRow>
      {order.refundDue && <RefundRow order={order} />}
    </>
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
