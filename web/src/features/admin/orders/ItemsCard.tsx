import { formatRupees } from '@kanak/shared';
import type { AdminOrderDetail } from '../shared/types';
import { OrderSection } from './OrderSection';

/** What to pack: each item with its price, then the order's totals. */
export function ItemsCard({ order }: { order: AdminOrderDetail['order'] }) {
  return (
    <OrderSection title={`Items (${order.totalItem})`} testId="order-items">
      <ul className="divide-y">
        {order.orderItems.map((item) => (
          <li key={item._id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
            <img
              src={item.imageUrl}
              alt=""
              className="size-14 shrink-0 rounded-md border object-cover"
              loading="lazy"
            />
            <div className="min-w-0 flex-1">
              <p className="font-medium">{item.title}</p>
              <p className="text-sm text-muted-foreground">
                {item.brand}
                {item.size && ` · Size ${item.size}`}
                {item.weight && ` · ${item.weight}`}
              </p>
            </div>
            <div className="shrink-0 text-right text-sm">
              <p>× {item.quantity}</p>
              <p className="font-medium">{formatRupees(item.discountedPrice)}</p>
              {item.price !== item.discountedPrice && (
                <p className="text-xs text-muted-foreground line-through">
                  {formatRupees(item.price)}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-1 border-t pt-3 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Price</dt>
          <dd>{formatRupees(order.totalPrice)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Discount</dt>
          <dd className="text-green-700">−{formatRupees(order.discount)}</dd>
        </div>
        <div className="flex justify-between font-semibold">
          <dt>Total</dt>
          <dd>{formatRupees(order.totalDiscountedPrice)}</dd>
        </div>
      </dl>
    </OrderSection>
  );
}
