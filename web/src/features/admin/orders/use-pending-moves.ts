import { useEffect, useState } from 'react';
import type { OrderStatus } from '@kanak/shared';
import { useOrderEvent } from '@/features/orders/live-orders';
import { useSession } from '@/features/session/use-session';
import { toast } from '@/lib/toast';
import type { AdminOrder } from '../shared/types';

/** A queued move the list waits for: the worker applies it and its event reloads the list. */
interface PendingMove {
  to: OrderStatus;
  since: number;
}

const GIVE_UP_MS = 30_000;

/**
 * The moves the worker has queued but not applied yet, followed through the live order events:
 * each is reported once the list shows it done, refused, or still queued after a while.
 */
export function usePendingMoves(orders: AdminOrder[] | undefined) {
  const [pending, setPending] = useState<Record<string, PendingMove>>({});
  const [now, setNow] = useState(() => Date.now());
  const waiting = Object.keys(pending).length > 0;

  // A queued move the worker refused: the admin who asked (this one, for this move) is told why.
  const me = useSession().user?._id;
  useOrderEvent((event) => {
    if (event.kind !== 'refused' || event.actorUserId !== me) return;
    if (pending[event.orderId]?.to !== event.to) return;
    toast.error(event.message);
    setPending(({ [event.orderId]: _, ...rest }) => rest);
  });

  // Wakes the check below when the oldest queued move is due to be reported as still queued.
  useEffect(() => {
    if (!waiting) return;
    const oldest = Math.min(...Object.values(pending).map((m) => m.since));
    const timer = setTimeout(() => setNow(Date.now()), oldest + GIVE_UP_MS - Date.now() + 50);
    return () => clearTimeout(timer);
  }, [pending, waiting]);

  // A move is done when the reloaded list shows the new status; one never applied is reported.
  useEffect(() => {
    if (!orders || !waiting) return;
    const done: string[] = [];
    for (const [id, move] of Object.entries(pending)) {
      const order = orders.find((o) => o._id === id);
      if (!order || order.orderStatus === move.to) {
        done.push(id);
        if (order) toast.success(`Order is now ${move.to}`);
      } else if (now - move.since > GIVE_UP_MS) {
        done.push(id);
        toast.warning(
          `The move to ${move.to} is still queued; the list will show it once applied.`,
        );
      }
    }
    if (done.length)
      setPending((p) => Object.fromEntries(Object.entries(p).filter(([id]) => !done.includes(id))));
  }, [orders, pending, waiting, now]);

  return {
    isPending: (orderId: string) => Boolean(pending[orderId]),
    queue: (orderId: string, to: OrderStatus) =>
      setPending((p) => ({ ...p, [orderId]: { to, since: Date.now() } })),
  };
}
