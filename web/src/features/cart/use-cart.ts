import { useMemo } from 'react';
import { cartTotals, lineTotal } from '@kanak/shared';
import {
  addGuestItem,
  guestLineId,
  removeGuestItem,
  setGuestQuantity,
  useGuestCart,
} from '@/lib/guest-cart';
import { trpc, type Product, type RouterOutputs } from '@/lib/trpc';
import { useToken } from '@/features/session/use-session';
import { readToken } from '@/features/session/session';

type ServerCart = RouterOutputs['cart']['get'];
type ServerLine = ServerCart['cartItems'][number];

/** One cart line as the cart screen shows it, for a signed-in or a guest shopper. */
export type CartLine = Pick<
  ServerLine,
  '_id' | 'quantity' | 'weight' | 'size' | 'stock' | 'price' | 'discountedPrice' | 'priceWhenAdded'
> & {
  product: Product;
};
export type CartSummary = Pick<
  ServerCart,
  'totalItem' | 'totalPrice' | 'discount' | 'totalDiscountedPrice'
> & {
  cartItems: CartLine[];
};

/** The guest cart with its products loaded (totals by the same shared rule as the server's cart). */
function useGuestCartView(enabled: boolean) {
  const items = useGuestCart();
  const ids = [...new Set(items.map((i) => i.productId))];
  const products = trpc.useQueries((t) =>
    enabled ? ids.map((productId) => t.catalog.byId({ productId })) : [],
  );
  const isLoading = products.some((p) => p.isLoading);
  const byId = new Map(products.flatMap((p) => (p.data ? [[p.data._id, p.data] as const] : [])));
  const lines: CartLine[] = items.flatMap((item) => {
    const product = byId.get(item.productId);
    if (!product) return [];
    const row = product.sizes.find((s) => s.weight === item.weight);
    return [
      {
        _id: guestLineId(item),
        product,
        weight: item.weight,
        size: row?.size ?? '',
        stock: row?.stock ?? 0,
        // The size's own price (metal pricing) before the product's.
        ...lineTotal(
          {
            price: row?.price ?? product.price,
            discountedPrice: row?.discountedPrice ?? product.discountedPrice,
          },
          item.quantity,
        ),
      },
    ];
  });
  return {
    cart: isLoading ? null : { cartItems: lines, ...cartTotals(lines) },
    isLoading,
    count: items.reduce((s, i) => s + i.quantity, 0),
  };
}

export function useCart() {
  const token = useToken();
  const server = trpc.cart.get.useQuery(undefined, { enabled: !!token });
  const guest = useGuestCartView(!token);
  const utils = trpc.useUtils();
  // The cart is reloaded after any update or delete (spec section 4).
  const onSuccess = (cart: ServerCart) => utils.cart.get.setData(undefined, cart);
  const update = trpc.cart.updateItem.useMutation({ onSuccess });
  const remove = trpc.cart.removeItem.useMutation({ onSuccess });

  const cart = useMemo<CartSummary | null>(
    () => (token ? (server.data ?? null) : guest.cart),
    [token, server.data, guest.cart],
  );

  return {
    isGuest: !token,
    cart,
    isLoading: token ? server.isLoading : guest.isLoading,
    isUpdating: update.isPending || remove.isPending,
    setQuantity: (lineId: string, quantity: number) => {
      if (token) update.mutate({ cartItemId: lineId, quantity });
      else {
        // Guest lines are shown (and so changed) only once their product, with its stock, loaded.
        const line = cart?.cartItems.find((l) => l._id === lineId);
        if (line) setGuestQuantity(lineId, quantity, line.stock);
      }
    },
    remove: (lineId: string) => {
      if (token) remove.mutate({ cartItemId: lineId });
      else removeGuestItem(lineId);
    },
  };
}

/** Header badge: total items of the account's or the guest's cart. */
export function useCartCount(): number {
  const token = useToken();
  const server = trpc.cart.get.useQuery(undefined, { enabled: !!token });
  const guest = useGuestCart();
  return token ? (server.data?.totalItem ?? 0) : guest.reduce((s, i) => s + i.quantity, 0);
}

export function useAddToCart() {
  const utils = trpc.useUtils();
  const add = trpc.cart.add.useMutation({
    onSuccess: (cart) => utils.cart.get.setData(undefined, cart),
  });
  return {
    isPending: add.isPending,
    /** Adds one piece; `stock` is the size's stock as the product page knows it. */
    add: async (productId: string, weight: string, stock: number) => {
      // The stored session at click time, not at render: a click made before hydration is
      // replayed while the render still holds the server's snapshot (no token), and would
      // otherwise land in the guest cart of a signed-in shopper.
      if (readToken()) {
        await add.mutateAsync({ productId, weight });
        return;
      }
      // The guest cart refuses what the server's cart would, with the same message.
      const refusal = addGuestItem(productId, weight, stock);
      if (refusal) throw new Error(refusal);
    },
  };
}
