import { Link } from '@tanstack/react-router';
import { EmptyArt } from '@/components/EmptyArt';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { FavouriteToggle } from '@/features/catalog/FavouriteToggle';
import { PriceLine } from '@/features/catalog/PriceLine';
import { trpc } from '@/lib/trpc';

/** Wish List grid (spec section 2): the heart removes a piece, which then leaves the grid. */
export function WishlistGrid() {
  const wishlist = trpc.wishlist.get.useQuery(undefined, { refetchOnMount: 'always' });
  return (
    <section aria-labelledby="wishlist-title">
      <h2 id="wishlist-title" className="mb-4 text-3xl text-primary">
        Wish List
      </h2>
      {!wishlist.data ? (
        <div className="grid grid-cols-2 gap-4 md:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="aspect-[3/4]" />
          ))}
        </div>
      ) : wishlist.data.wishItems.length === 0 ? (
        <div className="flex flex-col items-center gap-4 py-12 text-center">
          <EmptyArt className="w-48" />
          <p className="font-serif text-3xl text-primary">Your WishList is Empty!</p>
          <Button asChild>
            <Link to="/">Continue Shopping</Link>
          </Button>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-3">
          {wishlist.data.wishItems.map(({ _id, product }) => (
            <li
              key={_id}
              className="group relative overflow-hidden rounded-xl border bg-card shadow-xs"
              data-testid="wish-item"
            >
              <Link to="/product/$productId" params={{ productId: product._id }} className="block">
                <img
                  src={product.imageUrls[0]?.imageUrl}
                  alt={product.title}
                  className="aspect-square w-full bg-secondary object-cover transition group-hover:scale-105"
                />
                <div className="space-y-1 p-3">
                  <p className="line-clamp-1 text-sm font-medium">{product.title}</p>
                  <PriceLine price={product.price} discountedPrice={product.discountedPrice} />
                </div>
              </Link>
              <FavouriteToggle
                productId={product._id}
                title={product.title}
                className="absolute top-3 right-3"
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
