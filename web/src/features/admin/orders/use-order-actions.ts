import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { statusForAction, type AdminOrderAction, type HuidsInput } from '@kanak/shared';
import { refusedForHuids, type HuidStep } from '@/features/hallmark/HuidDialog';
import { useOrderEvent } from '@/features/orders/live-orders';
import { useSession } from '@/features/session/use-session';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';
import { errorMessage } from '../shared/error-message';
import type { Carriage } from './ShipForm';

/**
 * What the order page does to its order: moves (ship with a carriage), delete, refund and HUIDs
 * recorded. A move is one click, as the spec has it; HUIDs are recorded from "Add HUIDs"
 * (confirming or shipping with them) or when a ship is refused without them (HuidDialog).
 */
export function useOrderActions(orderId: string) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const reload = () => void utils.orders.adminDetail.invalidate({ orderId });
  const [asking, setAsking] = useState<HuidStep | null>(null);
  // The carrier and AWB of a ship refused for its HUIDs: the dialog ships with them.
  const [carriage, setCarriage] = useState<Carriage | null>(null);

  // A queued move the worker refused: the admin who asked is told why.
  const me = useSession().user?._id;
  useOrderEvent((event) => {
    if (event.orderId !== orderId || event.kind !== 'refused' || event.actorUserId !== me) return;
    toast.error(event.message);
  });

  const transition = trpc.orders.move.useMutation({
    onSuccess: ({ done }, input) => {
      const to = statusForAction(input.action);
      toast.success(done ? `Order is now ${to}` : `Moving the order to ${to}…`);
      void utils.orders.invalidate();
    },
    // A ship refused for missing HUIDs (HUID_REQUIRED_TO_SHIP) opens the dialog that records them.
    onError: (error, input) => {
      reload();
      if (!input.huids && refusedForHuids(error.message)) {
        setCarriage(input.carrier && input.awb ? { carrier: input.carrier, awb: input.awb } : null);
        return setAsking(input.action);
      }
      toast.error(errorMessage(error));
    },
  });
  const remove = trpc.orders.remove.useMutation({
    onSuccess: (result) => {
      toast.success(result.message || 'Order deleted');
      void utils.orders.invalidate();
      void navigate({ to: '/admin/orders' });
    },
    onError: (error) => {
      toast.error(errorMessage(error));
      reload();
    },
  });
  const refund = trpc.orders.refund.useMutation({
    onSuccess: (answer) => {
      const state = answer.refund?.state;
      if (state === 'processed') toast.success('Refunded');
      else if (state === 'failed') toast.error('The refund failed at the payment provider');
      else toast.success('Refund asked of the payment provider');
      void utils.orders.invalidate();
    },
    onError: (error) => {
      toast.error(errorMessage(error));
      reload();
    },
  });
  // HUIDs of a shipped or delivered order, recorded without a move (its invoice waits for them).
  const recordHuids = trpc.orders.recordHuids.useMutation({
    onSuccess: () => {
      toast.success('HUIDs saved');
      reload();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return {
    busy: transition.isPending || remove.isPending,
    refunding: refund.isPending,
    move: (action: AdminOrderAction) => transition.mutate({ orderId, action }),
    ship: (c: Carriage) => transition.mutate({ orderId, action: 'ship', ...c }),
    remove: () => remove.mutate({ orderId }),
    refund: () => refund.mutate({ orderId }),
    /** The step the HUIDs dialog is open for, if any. */
    asking,
    askHuids: (step: HuidStep | null) => setAsking(step),
    closeHuids: () => setAsking(null),
    submitHuids: (huids: HuidsInput) => {
      if (!asking) return;
      if (asking === 'record') recordHuids.mutate({ orderId, huids });
      else
        transition.mutate({
          orderId,
          action: asking,
          huids,
          ...(asking === 'ship' && carriage ? carriage : {}),
        });
      setAsking(null);
    },
  };
}

export type OrderActions = ReturnType<typeof useOrderActions>;
