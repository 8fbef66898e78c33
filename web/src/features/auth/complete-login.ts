import { saveToken } from '@/lib/auth-storage';
import { clearGuestCart, readGuestCart } from '@/lib/guest-cart';
import { vanillaClient } from '@/lib/trpc';

/** Stores the jwt and merges the browser's guest cart into the account's cart. */
export async function completeLogin(jwt: string) {
  saveToken(jwt);
  const items = readGuestCart();
  if (!items.length) return;
  try {
    await vanillaClient.cart.merge.mutate({ items });
    clearGuestCart();
  } catch (error) {
    // The guest cart stays in the browser; the shopper can add the pieces again.
    console.warn('Could not merge the guest cart', error);
  }
}

/** Where the auth routes lead after a login: home from /login and /register, else the same page. */
export function isAuthPath(pathname: string) {
  return pathname === '/login' || pathname === '/register';
}
