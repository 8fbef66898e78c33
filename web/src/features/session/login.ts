// What happens around a login and a logout: storing the jwt, merging the guest cart, where to go next.
import { safeReturnPath } from '@kanak/shared';
import { clearGuestCart, readGuestCart } from '@/lib/guest-cart';
import { vanillaClient } from '@/lib/trpc';
import { clearSession, saveToken } from './session';

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

/**
 * Logout clears local storage and reloads the page (spec section 4); the queue board's
 * HttpOnly cookie is cleared by the server first, so it does not outlive the token.
 */
export async function logout() {
  await fetch('/admin/queues/session', { method: 'DELETE', credentials: 'same-origin' }).catch(
    () => undefined,
  );
  clearSession();
  window.location.reload();
}

/** Where the auth routes lead after a login: home from /login and /register, else the same page. */
export function isAuthPath(pathname: string) {
  return pathname === '/login' || pathname === '/register';
}

/** Where a login made on /login or /register leads: the remembered page, else home. */
export function postLoginPath(): string {
  return safeReturnPath(new URLSearchParams(window.location.search).get('redirect')) ?? '/';
}

/**
 * /login remembering the page being left (an account page, an order, the wishlist), so the login
 * comes back to it; from home or an auth route, plain /login.
 */
export function loginPathFrom(location: {
  pathname: string;
  search: string;
  hash: string;
}): string {
  const back = safeReturnPath(`${location.pathname}${location.search}${location.hash}`);
  if (!back || back === '/' || isAuthPath(location.pathname)) return '/login';
  return `/login?redirect=${encodeURIComponent(back)}`;
}
