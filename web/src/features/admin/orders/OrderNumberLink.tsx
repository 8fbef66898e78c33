import { Link } from '@tanstack/react-router';
import { orderNumberOf } from '@kanak/shared';
import { formatDay } from './order-dates';

/** An order's number, opening it, over the day it was placed: how a row or card of the list starts. */
export function OrderNumberLink({ orderId, orderDate }: { orderId: string; orderDate: string }) {
  return (
    <>
      <Link
        to="/admin/orders/$orderId"
        params={{ orderId }}
        className="font-mono font-semibold text-primary underline-offset-2 hover:underline"
        aria-label={`Open order ${orderNumberOf(orderId)}`}
      >
        #{orderNumberOf(orderId)}
      </Link>
      <p className="text-xs text-muted-foreground">{formatDay(orderDate)}</p>
    </>
  );
}
