import { useState } from 'react';
import { RotateCcw } from 'lucide-react';
import type { OrderView, ReturnView } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/features/admin/shared/error-message';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';
import { ReturnTimeline } from './ReturnTimeline';

/**
 * The shopper's returns and exchanges on their order page: each request with its moves, and,
 * on a delivered order without a live request, the form to ask (pieces, return or exchange,
 * reason). The window is the server's rule: a late ask answers with the window's end date.
 */
export function ReturnsSection({ order }: { order: OrderView }) {
  const delivered = order.orderStatus === 'DELIVERED';
  const returns = trpc.returns.byOrder.useQuery({ orderId: order._id }, { enabled: delivered });
  const list = returns.data ?? [];
  const live = list.some((r) => r.state !== 'refused');
  if (!delivered) return null;
  return (
    <section
      className="space-y-4 rounded-xl border bg-card p-5 shadow-xs"
      aria-labelledby="returns-title"
      data-testid="returns"
    >
      <h2 id="returns-title" className="flex items-center gap-2 text-2xl">
        <RotateCcw className="size-5 text-primary" aria-hidden /> Returns and exchanges
      </h2>
      {list.map((r) => (
        <ReturnTimeline key={r.id} request={r} />
      ))}
      {returns.isSuccess && !live && (
        <AskReturn order={order} onAsked={() => void returns.refetch()} />
      )}
    </section>
  );
}

function AskReturn({ order, onAsked }: { order: OrderView; onAsked: (r: ReturnView) => void }) {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<'return' | 'exchange'>('return');
  const [reason, setReason] = useState('');
  const [chosen, setChosen] = useState<string[]>(() => order.orderItems.map((i) => i._id));
  const [problem, setProblem] = useState<string | null>(null);
  const ask = trpc.returns.request.useMutation({
    onSuccess: (r) => {
      toast.success(kind === 'return' ? 'Return requested' : 'Exchange requested');
      setOpen(false);
      onAsked(r);
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  if (!open)
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Not right? Return it for a refund, or exchange it for store credit, within the return
          window from delivery.
        </p>
        <Button variant="outline" onClick={() => setOpen(true)}>
          Return or exchange
        </Button>
      </div>
    );
  return (
    <form
      className="space-y-4"
      aria-label="Ask for a return or exchange"
      onSubmit={(e) => {
        e.preventDefault();
        setProblem(null);
        ask.mutate({
          orderId: order._id,
          kind,
          reason,
          items: chosen.map((orderItemId) => ({ orderItemId })),
        });
      }}
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Pieces</legend>
        {order.orderItems.map((item) => (
          <div key={item._id} className="flex items-center gap-2">
            <Checkbox
              id={`return-${item._id}`}
              checked={chosen.includes(item._id)}
              onCheckedChange={(on) =>
                setChosen((c) => (on ? [...c, item._id] : c.filter((id) => id !== item._id)))
              }
            />
            <Label htmlFor={`return-${item._id}`} className="font-normal">
              {item.title} · {item.weight} × {item.quantity}
            </Label>
          </div>
        ))}
      </fieldset>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-2 text-sm font-medium">What would you like?</legend>
        {(
          [
            ['return', 'Return: money back to my payment'],
            ['exchange', 'Exchange: store credit for another piece'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="return-kind"
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
              className="accent-primary"
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-1">
        <Label htmlFor="return-reason">Reason</Label>
        <Textarea
          id="return-reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="For example: the ring is too small"
          maxLength={500}
        />
      </div>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={ask.isPending || chosen.length === 0}>
          Send request
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
