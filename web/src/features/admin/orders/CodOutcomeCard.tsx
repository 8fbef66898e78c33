import { Banknote, Undo2 } from 'lucide-react';
import { formatRupees, type OrderView } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';

/**
 * A cash-on-delivery order once shipped: what the carrier reported, cash collected (delivered)
 * or refused at the door (return to origin: cancelled, restocked, credit-noted).
 */
export function CodOutcomeCard({ order }: { order: OrderView }) {
  const utils = trpc.useUtils();
  const record = trpc.cod.outcome.useMutation({
    onSuccess: (_, input) => {
      void utils.orders.invalidate();
      toast.success(
        input.outcome === 'collected'
          ? 'Delivered: the carrier owes the cash until its remittance'
          : 'Refused: cancelled and put back in stock',
      );
    },
    onError: (error) => toast.error(error.message),
  });
  if (order.payment?.method !== 'cod' || order.orderStatus !== 'SHIPPED') return null;
  return (
    <div
      data-testid="cod-outcome"
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm">
        <span className="font-medium">Cash on delivery</span> · the courier collects{' '}
        {formatRupees(order.totalDiscountedPrice)} and any COD fee
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={record.isPending}
          onClick={() => record.mutate({ orderId: order._id, outcome: 'collected' })}
        >
          <Banknote /> Cash collected
        </Button>
        <Button
          variant="outline"
          disabled={record.isPending}
          onClick={() => {
            if (window.confirm('The buyer refused the parcel: cancel the order and restock it?'))
              record.mutate({ orderId: order._id, outcome: 'refused' });
          }}
        >
          <Undo2 /> Refused
        </Button>
      </div>
    </div>
  );
}
