import { openAuthModal, readToken } from '@/features/session/session';
import { trpc } from '@/lib/trpc';
import { useToken } from '@/features/session/use-session';

/** Product ids on the signed-in shopper's wishlist (hearts start from these). */
export function useWishlistIds() {
  const token = useToken();
  return trpc.wishlist.productIds.useQuery(undefined, { enabled: !!token, staleTime: 60_000 });
}

/** Ticking a heart adds, unticking removes (spec section 4); visitors are asked to log in first. */
export function useToggleWishlist() {
  const utils = trpc.useUtils();
  const settle = () => {
    void utils.wishlist.productIds.invalidate();
    void utils.wishlist.get.invalidate();
  };
  const optimistic = (productId: string, on: boolean) => {
    utils.wishlist.productIds.setData(undefined, (ids = []) =>
      on ? [...new Set([...ids, productId])] : ids.filter((id) => id !== productId),
    );
  };
  const add = trpc.wishlist.add.useMutation({ onSettled: settle });
  const remove = trpc.wishlist.remove.useMutation({ onSettled: settle });

  return (productId: string, on: boolean) => {
    // Read at click time: a click replayed at hydration still renders with the server's
    // snapshot (no token) and would ask a signed-in shopper to log in.
    if (!readToken()) {
      openAuthModal('login');
      return;
    }
    optimistic(productId, on);
    if (on) add.mutate({ productId });
    else remove.mutate({ productId });
  };
}
