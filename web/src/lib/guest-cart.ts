// The cart of a shopper who is not logged in lives in localStorage and is merged at login. It
// follows the server cart's rules from shared: never more than the size's stock or
// MAX_CART_QUANTITY, refused with the same messages.
import { useSyncExternalStore } from 'react';
import { capCartQuantity, cartQuantityRefusal, type AddToCartInput } from '@kanak/shared';

const KEY = 'guestCart';
const EMPTY: GuestCartItem[] = [];
const listeners = new Set<() => void>();

export type GuestCartItem = Required<AddToCartInput>;

let cached: { raw: string | null; items: GuestCartItem[] } = { raw: null, items: EMPTY };

function isItem(value: unknown): value is GuestCartItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.productId === 'string' &&
    typeof v.weight === 'string' &&
    typeof v.quantity === 'number'
  );
}

function parseItems(raw: string | null): GuestCartItem[] {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter(isItem) : EMPTY;
  } catch {
    return EMPTY;
  }
}

export function readGuestCart(): GuestCartItem[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return EMPTY;
  }
  if (raw === cached.raw) return cached.items;
  cached = { raw, items: parseItems(raw) };
  return cached.items;
}

function write(items: GuestCartItem[]) {
  if (items.length) localStorage.setItem(KEY, JSON.stringify(items));
  else localStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

export const guestLineId = (item: Pick<GuestCartItem, 'productId' | 'weight'>) =>
  `${item.productId}|${item.weight}`;

/**
 * Adds `quantity` pieces of a size with `stock` left. Answers the server cart's refusal (and
 * changes nothing) when the line would then hold more than the stock or MAX_CART_QUANTITY.
 */
export function addGuestItem(
  productId: string,
  weight: string,
  stock: number,
  quantity = 1,
): string | null {
  const items = readGuestCart();
  const existing = items.find((i) => i.productId === productId && i.weight === weight);
  const refusal = cartQuantityRefusal((existing?.quantity ?? 0) + quantity, stock);
  if (refusal) return refusal;
  write(
    existing
      ? items.map((i) => (i === existing ? { ...i, quantity: i.quantity + quantity } : i))
      : [...items, { productId, weight, quantity }],
  );
  return null;
}

/** Sets a line's quantity, kept between 1 and the size's stock (at most MAX_CART_QUANTITY). */
export function setGuestQuantity(lineId: string, quantity: number, stock: number) {
  write(
    readGuestCart().map((i) =>
      guestLineId(i) === lineId ? { ...i, quantity: capCartQuantity(quantity, stock) } : i,
    ),
  );
}

export function removeGuestItem(lineId: string) {
  write(readGuestCart().filter((i) => guestLineId(i) !== lineId));
}

export function clearGuestCart() {
  write([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useGuestCart(): GuestCartItem[] {
  return useSyncExternalStore(subscribe, readGuestCart, () => EMPTY);
}
