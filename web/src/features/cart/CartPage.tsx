import { Link } from '@tanstack/react-router';
import { Minus, Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { formatRupees, percentOff } from '@kanak/shared';
import { EmptyArt } from '@/components/EmptyArt';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { PriceLine } from '@/features/catalog/PriceLine';
import { PriceDetails } from './PriceDetails';
import { PricesChangedNotice } from '@/features/pricing/PricesChangedNotice';
import { useCart, type CartLine } from './use-cart';

function CartItemCard({
  line,
  onQuantity,
  onRemove,
  busy,
}: {
  line: CartLine;
  onQuantity: (q: number) => void;
  onRemove: () => void;
  busy: boolean;
}) {
  const { product } = line;
  return (
    <li className="flex gap-4 rounded-xl border bg-card p-4 shadow-xs" data-testid="cart-item">
      <Link to="/product/$productId" params={{ productId: product._id }} className="shrink-0">
        <img
          src={product.imageUrls[0]?.imageUrl}
          alt={product.title}
          className="size-24 rounded-lg bg-secondary object-cover sm:size-28"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-[11px] font-semibold tracking-[0.16em] text-gold-ink uppercase">
          {product.brand}
        </p>
        <Link
          to="/product/$productId"
          params={{ productId: product._id }}
          className="line-clamp-1 font-medium hover:text-primary"
        >
          {product.title}
        </Link>
        <p className="text-xs text-muted-foreground">
          Weight {line.weight}
          {line.size ? ` · Size ${line.size}` : ''}
        </p>
        <PriceLine price={line.price} discountedPrice={line.discountedPrice} />
        <div className="mt-auto flex flex-wrap items-center gap-3 pt-2">
          <div
            className="flex items-center rounded-full border"
            role="group"
            aria-label={`Quantity of ${product.title}`}
          >
            <button
              type="button"
              className="rounded-l-full p-2 hover:bg-secondary disabled:opacity-40"
              aria-label="Decrease quantity"
              disabled={line.quantity <= 1 || busy}
              onClick={() => onQuantity(line.quantity - 1)}
            >
              <Minus className="size-4" />
            </button>
            <span
              className="w-8 text-center text-sm font-medium"
              aria-live="polite"
              data-testid="cart-quantity"
            >
              {line.quantity}
            </span>
            <button
              type="button"
              className="rounded-r-full p-2 hover:bg-secondary disabled:opacity-40"
              aria-label="Increase quantity"
              disabled={busy || (line.stock > 0 && line.quantity >= line.stock)}
              onClick={() => onQuantity(line.quantity + 1)}
            >
              <Plus className="size-4" />
            </button>
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            disabled={busy}
            className="text-muted-foreground hover:text-destructive"
          >
            <Trash2 /> Remove
          </Button>
        </div>
      </div>
    </li>
  );
}

export function CartPage() {
  const { cart, isLoading, isGuest, isUpdating, setQuantity, remove } = useCart();

  if (isLoading || !cart) {
    return (
      <main
        className="mx-auto grid max-w-6xl gap-6 px-4 py-10 lg:grid-cols-[1fr_22rem]"
        aria-busy="true"
      >
        <div className="space-y-4">
          <Skeleton className="h-36" />
          <Skeleton className="h-36" />
        </div>
        <Skeleton className="h-72" />
      </main>
    );
  }

  if (cart.cartItems.length === 0) {
    return (
      <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <EmptyArt className="w-56" />
        <h1 className="text-4xl text-primary">Your Cart Is Empty</h1>
        <p className="text-muted-foreground">Discover heirloom pieces made to be worn every day.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/">Continue Shopping</Link>
          </Button>
          {isGuest && (
            <Button asChild size="lg" variant="outline">
              <Link to="/login">Login to View Your Cart</Link>
            </Button>
          )}
        </div>
      </main>
    );
  }

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-4xl text-primary">Shopping Cart</h1>
      <p className="mt-1 text-sm text-muted-foreground">
        {cart.totalItem} {cart.totalItem === 1 ? 'item' : 'items'}
        {isGuest && ' · saved on this device until you log in'}
      </p>
      <PricesChangedNotice items={cart.cartItems} />
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
        <ul className="space-y-4">
          {cart.cartItems.map((line) => (
            <CartItemCard
              key={line._id}
              line={line}
              busy={isUpdating}
              onQuantity={(q) => setQuantity(line._id, q)}
              onRemove={() => remove(line._id)}
            />
          ))}
        </ul>
        <div className="space-y-4 lg:sticky lg:top-36">
          <PriceDetails
            totalPrice={cart.totalPrice}
            discount={cart.discount}
            totalDiscountedPrice={cart.totalDiscountedPrice}
          />
          <div className="grid gap-2">
            <Button asChild size="lg">
              <Link to="/checkout" search={{ step: 2 }}>
                Check Out
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/">Continue Shopping</Link>
            </Button>
          </div>
          <p className="flex items-center justify-center gap-2 text-xs text-muted-foreground">
            <ShieldCheck className="size-4" /> Secure payments · You save{' '}
            {formatRupees(cart.discount)} ({percentOff(cart.totalPrice, cart.totalDiscountedPrice)}
            %)
          </p>
        </div>
      </div>
    </main>
  );
}
