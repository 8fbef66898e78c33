// The cart of a shopper who is not logged in lives in localStorage and is merged at login.
import { useSyncExternalStore } from 'react';
import { MAX_CART_QUANTITY, type AddToCartInput } from '@kanak/shared';

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

export function addGuestItem(productId: string, weight: string, quantity = 1) {
  const items = readGuestCart();
  const existing = items.find((i) => i.productId === productId && i.weight === weight);
  write(
    existing
      ? items.map((i) =>
          i === existing
            ? { ...i, quantity: Math.min(MAX_CART_QUANTITY, i.quantity + quantity) }
            : i,
        )
      : [...items, { productId, weight, quantity }],
  );
}

export function setGuestQuantity(lineId: string, quantity: number) {
  write(
    readGuestCart().map((i) =>
      guestLineId(i) === lineId
        ? { ...i, quantity: Math.max(1, Math.min(MAX_CART_QUANTITY, quantity)) }
        : i,
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
