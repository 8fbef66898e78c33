import { useState } from 'react';
import { statusForAction, type AdminOrderAction, type HuidsInput } from '@kanak/shared';
import { huidsAction, refusedForHuids, type HuidStep } from '@/features/hallmark/HuidDialog';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';
import { errorMessage } from '../shared/error-message';
import type { AdminOrder } from '../shared/types';
import { usePendingMoves } from './use-pending-moves';

/**
 * What the list does to its orders: status moves (applied at once or queued for the worker),
 * delete, and HUIDs recorded. A move is one click, as the spec has it; HUIDs are recorded from a
 * row's "Add HUIDs" (confirming or shipping with them) or when a ship is refused without them.
 */
export function useOrderMoves(orders: AdminOrder[] | undefined) {
  const utils = trpc.useUtils();
  const pending = usePendingMoves(orders);
  const [asking, setAsking] = useState<{ order: AdminOrder; action: HuidStep } | null>(null);

  const transition = trpc.orders.move.useMutation({
    // done: the worker applied the move in time; otherwise it is queued and its event will come.
    onSuccess: ({ done, order }, input) => {
      const to = statusForAction(input.action);
      void utils.orders.adminList.invalidate();
      if (done) toast.success(`Order is now ${to}`);
      else pending.queue(order._id, to);
      void utils.orders.dashboard.invalidate();
    },
    // A refused move (409) names both statuses; the list is reloaded to show the real state. A
    // ship refused for missing HUIDs (HUID_REQUIRED_TO_SHIP) opens the dialog that records them.
    onError: (error, input) => {
      void utils.orders.adminList.invalidate();
      const order = orders?.find((o) => o._id === input.orderId);
      if (order && !input.huids && refusedForHuids(error.message)) {
        setAsking({ order, action: input.action });
        return;
      }
      toast.error(errorMessage(error));
    },
  });

  const remove = trpc.orders.remove.useMutation({
    onSuccess: (result) => {
      toast.success(result.message || 'Order deleted');
      void utils.orders.invalidate();
    },
    // A 409 says why the order is kept (a payment landed meanwhile) and what to do instead.
    onError: (error) => {
      toast.error(errorMessage(error));
      void utils.orders.adminList.invalidate();
    },
  });

  // HUIDs of a shipped or delivered order, recorded without a move (its invoice waits for them).
  const recordHuids = trpc.orders.recordHuids.useMutation({
    onSuccess: () => {
      toast.success('HUIDs saved');
      void utils.orders.adminList.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return {
    move: (order: AdminOrder, action: AdminOrderAction) =>
      transition.mutate({ orderId: order._id, action }),
    remove: (order: AdminOrder) => remove.mutate({ orderId: order._id }),
    isBusy: (order: AdminOrder) =>
      pending.isPending(order._id) ||
      (transition.isPending && transition.variables?.orderId === order._id),
    /** The HUIDs dialog open for an order, if any. */
    asking,
    askHuids: (order: AdminOrder) => {
      const action = huidsAction(order);
      if (action) setAsking({ order, action });
    },
    closeHuids: () => setAsking(null),
    submitHuids: (huids: HuidsInput) => {
      if (!asking) return;
      const orderId = asking.order._id;
      if (asking.action === 'record') recordHuids.mutate({ orderId, huids });
      else transition.mutate({ orderId, action: asking.action, huids });
      setAsking(null);
    },
  };
}

export type OrderMoves = ReturnType<typeof useOrderMoves>;
