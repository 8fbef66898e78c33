import type { Product } from '@/lib/trpc';
import { FavouriteToggle } from './FavouriteToggle';
import { PriceLine } from './PriceLine';

/** Home and "You May Also Like" card: opens the product in a new tab; lifts and zooms on hover. */
export function ProductCard({ product }: { product: Product }) {
  return (
    <article className="group relative h-full overflow-hidden rounded-xl border bg-card shadow-sm transition duration-300 hover:-translate-y-1 hover:shadow-xl">
      <a
        href={`/product/${product._id}`}
        target="_blank"
        rel="noopener"
        className="block focus-visible:outline-none"
      >
        <div className="aspect-square overflow-hidden bg-secondary">
          <img
            src={product.imageUrls[0]?.imageUrl}
            alt={product.title}
            loading="lazy"
            width={400}
            height={400}
            className="size-full object-cover transition duration-500 group-hover:scale-110"
          />
        </div>
        <div className="space-y-1 p-3.5">
          <p className="text-[11px] font-medium tracking-[0.16em] text-gold-ink uppercase">
            {product.brand}
          </p>
          <h3 className="line-clamp-1 font-sans text-sm font-medium tracking-normal text-foreground">
            {product.title}
          </h3>
          <PriceLine price={product.price} discountedPrice={product.discountedPrice} />
          {/* Named by its visible text (brand, title, price), as speech input expects. */}
          <span className="sr-only">(opens in a new tab)</span>
        </div>
      </a>
      <FavouriteToggle
        productId={product._id}
        title={product.title}
        className="absolute top-3 right-3"
      />
    </article>
  );
}
