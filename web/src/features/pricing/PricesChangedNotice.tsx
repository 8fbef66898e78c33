import { formatRupees } from '@kanak/shared';

interface Line {
  _id: string;
  product: { title: string };
  weight: string;
  quantity: number;
  discountedPrice: number;
  priceWhenAdded?: number | null;
}

/** The cart's notice when a line's price moved (a new metal rate) since it was added. */
export function PricesChangedNotice({ items }: { items: readonly Line[] }) {
  const moved = items.filter((i) => i.priceWhenAdded != null);
  if (moved.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="prices-changed"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p className="font-medium">
        Prices changed since you added {moved.length === 1 ? 'this piece' : 'these pieces'}
      </p>
      <p className="mt-1">
        Today&apos;s metal rate moved:{' '}
        {moved
          .map(
            (i) =>
              `${i.product.title} (${i.weight}) was ${formatRupees(i.priceWhenAdded!)}, now ${formatRupees(i.discountedPrice / i.quantity)}`,
          )
          .join('; ')}
        .
      </p>
    </div>
  );
}
