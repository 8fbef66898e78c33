import { useId, useState } from 'react';
import * as z from 'zod/mini';
import { formatRupees, PAN_THRESHOLD, panSchema, type OrderView } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { trpc } from '@/lib/trpc';
import { toast } from '@/lib/toast';

/** The shopper's order page asks for the PAN an order above ₹2,00,000 still lacks. */
export function PanPrompt({ order }: { order: Pick<OrderView, '_id' | 'panNeeded'> }) {
  const id = useId();
  const utils = trpc.useUtils();
  const [pan, setPan] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const record = trpc.orders.recordPan.useMutation({
    onSuccess: () => {
      toast.success('PAN recorded: it is printed on your invoice');
      void utils.orders.invalidate();
    },
    onError: (error) => setProblem(error.message),
  });
  if (!order.panNeeded) return null;
  return (
    <form
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="pan-prompt"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = z.safeParse(panSchema, pan);
        if (!parsed.success) return setProblem(parsed.error.issues[0]!.message);
        setProblem(null);
        record.mutate({ orderId: order._id, pan: parsed.data });
      }}
    >
      <p className="font-medium">PAN needed</p>
      <p className="mt-1">
        For a purchase above {formatRupees(PAN_THRESHOLD)} the law asks for the buyer&apos;s PAN; it
        is printed on your tax invoice.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-pan`}>PAN</Label>
          <Input
            id={`${id}-pan`}
            value={pan}
            maxLength={10}
            autoCapitalize="characters"
            className="w-40 bg-white uppercase"
            placeholder="AAAAA9999A"
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-error` : undefined}
            onChange={(e) => setPan(e.target.value)}
          />
        </div>
        <Button type="submit" size="sm" disabled={record.isPending}>
          Save PAN
        </Button>
      </div>
      {problem && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-destructive">
          {problem}
        </p>
      )}
    </form>
  );
}
