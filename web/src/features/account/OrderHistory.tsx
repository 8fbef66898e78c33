import { Link } from '@tanstack/react-router';
import { Clock, PackageCheck, Truck, Undo2 } from 'lucide-react';
import { formatRupees } from '@kanak/shared';
import { StatusBadge } from '@/components/StatusBadge';
import { EmptyArt } from '@/components/EmptyArt';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { PayNowButton } from '@/features/orders/PayNowButton';
import { refundNotice } from '@/features/orders/refund';
import { awaitsPayment } from '@/features/orders/tracker';
import { ReturnBadge } from '@/features/returns/ReturnBadge';
import { RefundBadge } from '@/features/orders/RefundNotice';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { cn } from '@/lib/utils';

type Order = RouterOutputs['orders']['mine'][number];

/** Month name and day ("December 7"), and with the year, on India's calendar. */
const monthDay = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  timeZone: 'Asia/Kolkata',
});
const monthDayYear = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** Orders grouped by order date, shown as month name and day (spec section 2). */
function groupByDay(orders: Order[]) {
  const groups = new Map<string, Order[]>();
  for (const order of orders) {
    const key = monthDay.format(new Date(order.orderDate));
    groups.set(key, [...(groups.get(key) ?? []), order]);
  }
  return [...groups];
}

export function OrderHistory() {
  const orders = trpc.orders.mine.useQuery(undefined, { refetchOnMount: 'always' });
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title" className="mb-4 text-3xl text-primary">
        Order History
      </h2>
      {orders.error ? (
        <p role="alert" className="text-destructive">
          {orders.error.message}
        </p>
      ) : !orders.data ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-10" label="Loading orders" />
        </div>
      ) : orders.data.length === 0 ? (
        <div className="flex flex-col items-center gap-4 py-12 text-center">
          <EmptyArt className="w-48" />
          <p className="font-serif text-3xl text-primary">No orders found!</p>
          <Button asChild>
            <Link to="/">Continue Shopping</Link>
          </Button>
        </div>
      ) : (
        <div className="space-y-8">
          {groupByDay(orders.data).map(([day, list]) => (
            <div key={day}>
              <h3 className="mb-3 text-sm font-semibold tracking-[0.2em] text-muted-foreground uppercase">
                {day}
              </h3>
              <ul className="space-y-3">
                {list.flatMap((order) => [
                  ...order.orderItems.map((item, index) => (
                    <li key={item._id}>
                      <Link
                        to="/account/orders/$orderId/$index"
                        params={{ orderId: order._id, index: String(index) }}
                        data-testid="order-item"
                        className="flex flex-wrap gap-4 rounded-xl border bg-card p-4 shadow-xs transition hover:border-primary/40 hover:shadow-md sm:flex-nowrap"
                      >
                        <img
                          src={item.imageUrl}
                          alt=""
                          className="size-20 rounded-lg bg-secondary object-cover"
                        />
                        <div className="min-w-0 flex-1 space-y-1">
                          <div className="flex flex-wrap items-center gap-2">
                            <p className="line-clamp-1 font-medium">{item.title}</p>
                            <StatusBadge status={order.orderStatus} />
                            {order.refundDue && <RefundBadge />}
                            <ReturnBadge openReturn={order.openReturn} />
                          </div>
                          <p className="text-xs text-muted-foreground">
                            Size {item.width ?? 16.52} MM · Weight {item.weight} · Qty{' '}
                            {item.quantity}
                          </p>
                          <p className="text-sm font-semibold">
                            {formatRupees(item.discountedPrice)}
                          </p>
                        </div>
                        <div className="w-full text-sm sm:w-64 sm:shrink-0">
                          {order.refundDue && (
                            <p
                              className="mb-1 flex items-start gap-1.5 font-medium text-amber-800"
                              data-testid="refund-line"
                            >
                              <Undo2 className="mt-0.5 size-4 shrink-0" aria-hidden />
                              {refundNotice(order)?.summary}
                            </p>
                          )}
                          {order.orderStatus === 'DELIVERED' ? (
                            <>
                              <p className="flex items-center gap-1.5 font-medium text-emerald-700">
                                <PackageCheck className="size-4" /> Delivered on{' '}
                                {monthDayYear.format(
                                  new Date(order.deliveryDate ?? order.orderDate),
                                )}
                              </p>
                              <p className="text-xs text-muted-foreground">
                                Your item has been delivered
                              </p>
                            </>
                          ) : awaitsPayment(order.orderStatus) ? (
                            <p className="flex items-center gap-1.5 font-medium text-amber-800">
                              <Clock className="size-4" /> Awaiting payment
                            </p>
                          ) : (
                            <p
                              className={cn(
                                'flex items-center gap-1.5 text-muted-foreground',
                                // A cancelled order will not come: the fixed promise is struck out.
                                order.orderStatus === 'CANCELLED' && 'line-through opacity-70',
                              )}
                            >
                              <Truck className="size-4" /> Expected delivery on March, 03
                            </p>
                          )}
                          {order.orderStatus === 'CANCELLED' &&
                            order.statusNote &&
                            !order.refundDue && (
                              <p
                                className="mt-1 text-xs text-muted-foreground"
                                data-testid="status-note"
                              >
                                {order.statusNote}
                              </p>
                            )}
                        </div>
                      </Link>
                    </li>
                  )),
                  // One "Pay now" per unpaid order, beside its lines (a button cannot sit in a link).
                  awaitsPayment(order.orderStatus) && (
                    <li
                      key={`${order._id}-pay`}
                      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm"
                      data-testid="unpaid-order"
                    >
                      <span>
                        Not paid yet: pay{' '}
                        <span className="font-semibold">
                          {formatRupees(order.totalDiscountedPrice)}
                        </span>{' '}
                        to place this order.
                      </span>
                      <PayNowButton orderId={order._id} size="sm" />
                    </li>
                  ),
                ])}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
