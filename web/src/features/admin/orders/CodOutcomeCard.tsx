import { useState } from 'react';
import { Banknote, Undo2 } from 'lucide-react';
import { formatRupees, type OrderView } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
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

/**
 * The carrier's remittance differed from the cash due: over (owed back to the carrier), or short
 * and flagged until the owner says how it was resolved (the rest paid apart, or written off).
 */
export function CodRemittanceCard({ order }: { order: OrderView }) {
  const utils = trpc.useUtils();
  const [note, setNote] = useState('');
  const resolve = trpc.cod.resolveShort.useMutation({
    onSuccess: () => void utils.orders.invalidate(),
    onError: (error) => toast.error(error.message),
  });
  const gap = order.codRemittance;
  if (!gap) return null;
  const short = gap.difference < 0;
  return (
    <div
      data-testid="cod-remittance"
      className="space-y-3 rounded-xl border border-amber-200 bg-amber-50/60 p-4 text-sm"
    >
      <p>
        <span className="font-medium">COD remittance</span> ·{' '}
        {short
          ? `${formatRupees(-gap.difference)} short of the cash due`
          : `${formatRupees(gap.difference)} over the cash due (owed back to the carrier)`}
        {gap.resolved && gap.note ? ` · resolved: ${gap.note}` : ''}
      </p>
      {short && !gap.resolved && (
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid min-w-48 flex-1 gap-1">
            <Label htmlFor={`resolve-${order._id}`} className="text-xs">
              How it was resolved (the rest paid apart, or written off)
            </Label>
            <Input
              id={`resolve-${order._id}`}
              className="h-8"
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <Button
            size="sm"
            variant="outline"
            disabled={!note.trim() || resolve.isPending}
            onClick={() => resolve.mutate({ orderId: order._id, note: note.trim() })}
          >
            Mark resolved
          </Button>
        </div>
      )}
    </div>
  );
}
