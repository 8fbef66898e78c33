import { Heart } from 'lucide-react';
import { useWishlistIds, useToggleWishlist } from '@/features/wishlist/use-wishlist';
import { cn } from '@/lib/utils';

/** The card's favourite checkbox: ticking adds to the wishlist, unticking removes. */
export function FavouriteToggle({
  productId,
  title,
  className,
}: {
  productId: string;
  title: string;
  className?: string;
}) {
  const ids = useWishlistIds();
  const toggle = useToggleWishlist();
  const checked = ids.data?.includes(productId) ?? false;
  return (
    <label
      data-replay={`favourite-${productId}`}
      data-replay-toggle=""
      className={cn(
        'flex size-9 cursor-pointer items-center justify-center rounded-full bg-card/90 shadow-sm ring-1 ring-border backdrop-blur transition hover:scale-110 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring',
        className,
      )}
    >
      <input
        type="checkbox"
        className="sr-only"
        checked={checked}
        onChange={(e) => toggle(productId, e.target.checked)}
        aria-label={`Favourite: ${title}`}
      />
      <Heart
        className={cn(
          'size-[18px] transition-colors',
          checked ? 'fill-primary text-primary' : 'text-foreground/70',
        )}
        aria-hidden
      />
    </label>
  );
}
