import { useEffect, useRef, useState } from 'react';
import type { OrderEvent } from '@kanak/shared';
import { trpc } from '@/lib/trpc';

type Listener = (event: OrderEvent) => void;
const listeners = new Set<Listener>();

/** Waits between reconnections: 1 s, doubling to 30 s while the stream keeps failing. */
const retryDelay = (failures: number) => Math.min(30_000, 1000 * 2 ** failures);
/** Bursts of events (a busy shop) reload the lists at most this often. */
const RELOAD_EVERY_MS = 1000;

/**
 * One event stream per tab while signed in (mounted by the root, keyed by the token so a new
 * sign-in opens a new stream). Each order event reloads the order queries on screen (lists,
 * details, the dashboard) and is handed to the pages that asked (useOrderEvent). A stream that
 * ends or fails (a server restarting, a used ticket, Redis away) is opened again after a pause,
 * from the last event id heard, with a new ticket.
 */
export function LiveOrders() {
  const [generation, setGeneration] = useState(0);
  const failures = useRef(0);
  const lastEventId = useRef<string | null>(null);
  const retry = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(retry.current), []);
  const reopen = () => {
    clearTimeout(retry.current);
    retry.current = setTimeout(() => setGeneration((g) => g + 1), retryDelay(failures.current));
    failures.current += 1;
  };
  return (
    <OrderStream
      key={generation}
      lastEventId={lastEventId.current}
      onStarted={() => (failures.current = 0)}
      onEventId={(id) => (lastEventId.current = id)}
      onEnded={reopen}
    />
  );
}

function OrderStream({
  lastEventId,
  onStarted,
  onEventId,
  onEnded,
}: {
  lastEventId: string | null;
  onStarted: () => void;
  onEventId: (id: string) => void;
  onEnded: () => void;
}) {
  const utils = trpc.useUtils();
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  const reload = () => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = undefined;
      void utils.orders.invalidate();
    }, RELOAD_EVERY_MS);
  };
  // The input is fixed for this stream's life: a new input is a new subscription (a ticket and a
  // stream), so an id heard since must not change it when the root re-renders (a navigation, a
  // sign-in check). A reopened stream (a new key) starts from the last id.
  const [input] = useState(() => (lastEventId ? { lastEventId } : undefined));
  trpc.live.orders.useSubscription(input, {
    // Whatever changed before this stream was open (or while a previous one was down) is read again.
    onStarted: () => {
      onStarted();
      void utils.orders.invalidate();
    },
    onData: ({ id, data: event }) => {
      onEventId(id);
      reload();
      // A paid order empties the shopper's cart on the server.
      if (event.kind === 'payment' && event.result === 'PAID') void utils.cart.get.invalidate();
      for (const listener of listeners) listener(event);
    },
    onError: onEnded,
    onComplete: onEnded,
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
