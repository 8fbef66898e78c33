import { Link } from '@tanstack/react-router';
import { Printer } from 'lucide-react';
import { StatusBadge } from '@/components/StatusBadge';
import { Button, buttonVariants } from '@/components/ui/button';
import { huidsAction } from '@/features/hallmark/HuidDialog';
import { InvoiceLinks } from '@/features/invoices/InvoiceLinks';
import { PanNeededBadge } from '@/features/invoices/PanNeededBadge';
import { RefundBadge } from '@/features/orders/RefundNotice';
import { ReturnBadge } from '@/features/returns/ReturnBadge';
import type { AdminOrderDetail } from '../shared/types';
import { DeleteOrderButton } from './DeleteOrderButton';
import { formatMoment } from './order-dates';
import { OrderStatusMenu } from './OrderStatusMenu';
import type { OrderActions } from './use-order-actions';

/** The order's number and where it stands, with its documents and the moves allowed now. */
export function OrderDetailHeader({
  order,
  orderNumber,
  actions,
}: {
  order: AdminOrderDetail['order'];
  orderNumber: string;
  actions: OrderActions;
}) {
  const { busy } = actions;
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
      <div>
        <h1 className="text-3xl font-semibold text-primary">Order #{orderNumber}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <StatusBadge status={order.orderStatus} />
          <ReturnBadge openReturn={order.openReturn} />
          {order.refundDue && <RefundBadge />}
          {order.panNeeded && <PanNeededBadge />}
          <span className="text-sm text-muted-foreground">
            Placed {formatMoment(order.orderDate)}
          </span>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to="/admin/orders/$orderId/slip"
          params={{ orderId: order._id }}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          <Printer aria-hidden /> Packing slip
        </Link>
        <InvoiceLinks order={order} />
        {huidsAction(order) && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => actions.askHuids(huidsAction(order))}
          >
            Add HUIDs
          </Button>
        )}
        <OrderStatusMenu status={order.orderStatus} disabled={busy} onMove={actions.move} />
        <DeleteOrderButton
          order={order}
          onDelete={actions.remove}
          onCancel={() => actions.move('cancel')}
        />
      </div>
    </div>
  );
}
