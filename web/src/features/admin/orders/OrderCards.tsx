import { Undo2 } from 'lucide-react';
import type { MouseEvent } from 'react';
import { formatRupees, percentOff, type AdminOrderAction } from '@kanak/shared';
import { StatusBadge } from '@/components/StatusBadge';
import { RefundBadge } from '@/features/orders/RefundNotice';
import { ReturnBadge } from '@/features/returns/ReturnBadge';
import { cn } from '@/lib/utils';
import type { AdminOrder } from '../shared/types';
import { ImageGroup, orderImages } from '../shared/ImageGroup';
import { DeleteOrderButton } from './DeleteOrderButton';
import { OrderNumberLink } from './OrderNumberLink';
import { OrderStatusMenu } from './OrderStatusMenu';

/** The orders list on a phone (below 640 px): one card per order, tapping it opens the order. */
export function OrderCards({
  orders,
  isBusy,
  onOpen,
  onMove,
  onDelete,
}: {
  orders: AdminOrder[];
  isBusy: (order: AdminOrder) => boolean;
  onOpen: (event: MouseEvent<HTMLElement>, order: AdminOrder) => void;
  onMove: (order: AdminOrder, action: AdminOrderAction) => void;
  onDelete: (order: AdminOrder) => void;
}) {
  return (
    <ul className="space-y-3 sm:hidden" data-testid="order-cards">
      {orders.map((order) => (
        <li
          key={order._id}
          data-order-id={order._id}
          onClick={(e) => onOpen(e, order)}
          className={cn(
            'cursor-pointer rounded-lg border p-3',
            order.refundDue && 'border-amber-200 bg-amber-50/60',
          )}
        >
          <div className="flex items-start justify-between gap-2">
            <div>
              <OrderNumberLink orderId={order._id} orderDate={order.orderDate} />
            </div>
            <div className="flex flex-wrap justify-end gap-1.5">
              <StatusBadge status={order.orderStatus} />
              <ReturnBadge openReturn={order.openReturn} />
              {order.refundDue && <RefundBadge />}
            </div>
          </div>
          <p className="mt-2 truncate text-sm font-medium">
            {order.user.firstName} {order.user.lastName}
            <span className="font-normal text-muted-foreground"> · {order.user.email}</span>
          </p>
          <div className="mt-2 flex items-center gap-2">
            <ImageGroup images={orderImages(order)} className="min-w-0" />
            <p className="min-w-0 truncate text-sm text-muted-foreground">
              {order.orderItems.map((i) => i.title).join(', ')}
            </p>
          </div>
          {order.refund && (
            <p className="mt-2 flex items-center gap-1.5 text-xs text-amber-950">
              <Undo2 className="size-3.5 text-amber-700" aria-hidden />
              Refund {formatRupees(order.refund.amount)} to {order.user.firstName}{' '}
              {order.user.lastName}
            </p>
          )}
          <div className="mt-3 flex items-center justify-between gap-2">
            <span className="font-semibold">
              {formatRupees(order.totalDiscountedPrice)}
              {order.discount > 0 && (
                <span className="ml-1 text-xs font-normal text-green-700">
                  {percentOff(order.totalPrice, order.totalDiscountedPrice)}% off
                </span>
              )}
              <span className="block text-xs font-normal text-muted-foreground">
                Quantity {order.totalItem}
              </span>
            </span>
            <div className="flex gap-2">
              <OrderStatusMenu
                status={order.orderStatus}
                disabled={isBusy(order)}
                onMove={(action) => onMove(order, action)}
              />
              <DeleteOrderButton
                order={order}
                onDelete={() => onDelete(order)}
                onCancel={() => onMove(order, 'cancel')}
              />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
