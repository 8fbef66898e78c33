import { useEffect, useRef } from 'react';
import type { OrderEvent } from '@kanak/shared';
import { trpc } from '@/lib/trpc';

type Listener = (event: OrderEvent) => void;
const listeners = new Set<Listener>();

/**
 * One event stream per tab while signed in (mounted by the root, keyed by the token so a new
 * sign-in opens a new stream): each order event reloads the order queries on screen (lists,
 * details, the dashboard) and is handed to the pages that asked (useOrderEvent).
 */
export function LiveOrders() {
  const utils = trpc.useUtils();
  const started = useRef(false);
  trpc.live.orders.useSubscription(undefined, {
    // After a reconnect the server resends what it still holds; a reload covers anything older.
    onStarted: () => {
      if (started.current) void utils.orders.invalidate();
      started.current = true;
    },
    onData: ({ data: event }) => {
      void utils.orders.invalidate();
      // A paid order empties the shopper's cart on the server.
      if (event.kind === 'payment' && event.result === 'PAID') void utils.cart.get.invalidate();
      for (const listener of listeners) listener(event);
    },
  });
  return null;
}

/** Calls `onEvent` with each order event this tab hears, while the component is mounted. */
export function useOrderEvent(onEvent: Listener) {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    const listener: Listener = (event) => latest.current(event);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}
