import { Heart, ShoppingBag } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { badgeCount } from '@kanak/shared';
import { useCartCount } from '@/features/cart/use-cart';
import { useWishlistIds } from '@/features/wishlist/use-wishlist';
import { openAuthModal } from '@/features/session/session';
import { useToken } from '@/features/session/use-session';
import { AccountMenu } from './AccountMenu';
import { Logo } from './Logo';
import { MegaMenu } from './MegaMenu';
import { MobileMenu } from './MobileMenu';
import { SearchBox } from './SearchBox';

function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid={`${label}-badge`}
      className="absolute -top-0.5 -right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-primary px-1 text-[10px] font-semibold text-primary-foreground ring-2 ring-background"
    >
      {badgeCount(count)}
    </span>
  );
}

const iconLink = 'relative rounded-full p-2 hover:bg-secondary';

export function Header() {
  const token = useToken();
  const wishIds = useWishlistIds();
  const cartCount = useCartCount();
  const wishCount = token ? (wishIds.data?.length ?? 0) : 0;

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="bg-primary text-primary-foreground">
        {/* Always one line: wrapped in the fallback font and not in the web font, it made every
            page below jump when the font arrived. */}
        <p className="mx-auto max-w-7xl truncate px-4 py-1.5 text-center text-[11px] tracking-[0.1em] uppercase sm:tracking-[0.18em]">
          BIS hallmarked gold · Certified diamonds
          <span className="hidden min-[440px]:inline"> · Free insured delivery</span>
        </p>
      </div>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4">
        <MobileMenu />
        <Logo />
        <SearchBox className="mx-auto hidden w-full max-w-md md:block" />
        <nav className="ml-auto flex items-center gap-0.5 md:ml-0" aria-label="Account">
          <AccountMenu />
          {token ? (
            <Link
              to="/user-details"
              search={{ layout: 1 }}
              className={iconLink}
              aria-label={`Wishlist, ${wishCount} items`}
            >
              <Heart className="size-5" />
              <CountBadge count={wishCount} label="wishlist" />
            </Link>
          ) : (
            <button
              type="button"
              className={iconLink}
              aria-label="Wishlist"
              data-replay="wishlist"
              onClick={() => openAuthModal('login')}
            >
              <Heart className="size-5" />
            </button>
          )}
          <Link to="/cart" className={iconLink} aria-label={`Cart, ${cartCount} items`}>
            <ShoppingBag className="size-5" />
            <CountBadge count={cartCount} label="cart" />
          </Link>
        </nav>
      </div>
      <div className="px-4 pb-3 md:hidden">
        <SearchBox />
      </div>
      <MegaMenu />
    </header>
  );
}
