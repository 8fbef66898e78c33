// Toasts load sonner on first use, and the root mounts its Toaster only then: it stays out of the
// storefront's first load. Sonner replays a toast made before its Toaster subscribed.
import { useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

type Kind = 'success' | 'error' | 'warning';

let wanted = false;
const listeners = new Set<() => void>();

const later = (kind: Kind) => (message: string, options?: ExternalToast) => {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import('sonner').then(({ toast }) => toast[kind](message, options));
};

export const toast = {
  success: later('success'),
  error: later('error'),
  warning: later('warning'),
};

/** True once any toast was asked for: the root then mounts the Toaster. */
export const useToasterWanted = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    // No toast in a server render, nor while hydrating one.
    () => false,
  );
