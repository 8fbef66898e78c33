import type { RouterOutputs } from '@/lib/trpc';
import { PriceLine } from '@/features/catalog/PriceLine';

export type Order = RouterOutputs['orders']['byId'];

export function AddressCard({
  address,
  title = 'Delivery address',
}: {
  address: Order['shippingAddress'];
  title?: string;
}) {
  return (
    <section className="rounded-xl border bg-card p-5 text-sm shadow-xs" aria-label={title}>
      <h2 className="mb-2 text-xl">{title}</h2>
      <p className="font-medium">
        {address.firstName} {address.lastName}
      </p>
      <p className="text-muted-foreground">{address.streetAddress}</p>
      <p className="text-muted-foreground">
        {address.city}, {address.state} {address.zipCode}
      </p>
      <p className="mt-1">Phone: {address.mobile}</p>
    </section>
  );
}

export function OrderItemList({ order }: { order: Order }) {
  return (
    <ul className="space-y-3">
      {order.orderItems.map((item) => (
        <li key={item._id} className="flex gap-4 rounded-xl border bg-card p-4 shadow-xs">
          <img
            src={item.imageUrl}
            alt={item.title}
            className="size-20 rounded-lg bg-secondary object-cover"
          />
          <div className="min-w-0 flex-1 space-y-0.5">
            <p className="text-[11px] font-semibold tracking-[0.16em] text-gold-ink uppercase">
              {item.brand}
            </p>
            <p className="line-clamp-1 font-medium">{item.title}</p>
            <p className="text-xs text-muted-foreground">
              Weight {item.weight}
              {item.size ? ` · Size ${item.size}` : ''} · Qty {item.quantity}
            </p>
            <PriceLine price={item.price} discountedPrice={item.discountedPrice} />
          </div>
        </li>
      ))}
    </ul>
  );
}
