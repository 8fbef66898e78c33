// Open/closed state of the auth modal (spec section 4): opened by /login, /register or the header buttons.
import { useSyncExternalStore } from 'react';

export type AuthMode = 'login' | 'register';
let mode: AuthMode | null = null;
const listeners = new Set<() => void>();

function set(next: AuthMode | null) {
  mode = next;
  for (const listener of listeners) listener();
}

export const openAuthModal = (next: AuthMode) => set(next);
export const closeAuthModal = () => set(null);

export function useAuthModal(): AuthMode | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => mode,
    () => null,
  );
}
