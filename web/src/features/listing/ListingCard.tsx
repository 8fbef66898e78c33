import { Link } from '@tanstack/react-router';
import { formatRupees, percentOff, soldOutEverywhere } from '@kanak/shared';
import type { Product } from '@/lib/trpc';

/**
 * Listing card: second image and the price details on hover, a 'Hover Details' hint otherwise.
 * `priority`: a card of the first screen, whose image is the page's largest paint.
 */
export function ListingCard({
  product,
  priority = false,
}: {
  product: Product;
  priority?: boolean;
}) {
  const off = percentOff(product.price, product.discountedPrice);
  const [first, second] = product.imageUrls;
  // Its price is the opening size's (the first in stock); with none in stock, the card says so.
  const soldOut = soldOutEverywhere(product.sizes);
  return (
    <Link
      to="/product/$productId"
      params={{ productId: product._id }}
      data-testid="listing-card"
      // The router's default preload (on hover, or touchstart on a phone) fetches the product's
      // data and page code before the click lands; :active answers the press itself, in plain CSS
      // that works before hydration too.
      className="group block overflow-hidden rounded-xl border bg-card shadow-sm transition duration-300 hover:-translate-y-1 hover:shadow-xl focus-visible:-translate-y-1 active:translate-y-0 active:scale-[0.98] active:opacity-80 active:duration-75"
    >
      <div className="relative aspect-square overflow-hidden bg-secondary">
        <img
          src={first?.imageUrl}
          alt={product.title}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          width={400}
          height={400}
          className="absolute inset-0 size-full object-cover transition duration-500 group-hover:opacity-0 group-focus-visible:opacity-0"
        />
        <img
          src={(second ?? first)?.imageUrl}
          alt=""
          loading="lazy"
          width={400}
          height={400}
          className="absolute inset-0 size-full scale-105 object-cover opacity-0 transition duration-500 group-hover:scale-100 group-hover:opacity-100 group-focus-visible:opacity-100"
        />
        {soldOut && (
          <span
            data-testid="listing-out-of-stock"
            className="absolute top-3 right-3 rounded-full bg-foreground/85 px-2.5 py-0.5 text-[11px] font-semibold text-background"
          >
            Out of stock
          </span>
        )}
        {off > 0 && (
          <span className="absolute top-3 left-3 rounded-full bg-primary px-2.5 py-0.5 text-[11px] font-semibold text-primary-foreground">
            {off}% off
          </span>
        )}
      </div>
      <div className="relative p-3.5">
        <h3 className="line-clamp-1 font-sans text-sm font-medium tracking-normal">
          {product.title}
        </h3>
        <div className="relative mt-1 min-h-[2.75rem]">
          <p className="absolute inset-0 flex items-center text-xs tracking-[0.18em] text-muted-foreground uppercase transition-opacity group-hover:opacity-0 group-focus-visible:opacity-0 no-hover:hidden">
            Hover Details
          </p>
          <div className="opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100 no-hover:opacity-100">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold" data-testid="listing-price">
                {formatRupees(product.discountedPrice)}
              </span>
              {off > 0 && (
                <span className="text-xs text-muted-foreground line-through">
                  {formatRupees(product.price)}
                </span>
              )}
              {off > 0 && (
                <span className="text-xs font-semibold text-emerald-700">{off}% off</span>
              )}
            </p>
            <p className="text-xs text-muted-foreground">
              {product.brand} · <span className="capitalize">{product.type}</span>
            </p>
          </div>
        </div>
      </div>
    </Link>
  );
}
