import { useState } from 'react';
import { RotateCcw } from 'lucide-react';
import type { OrderView, ReturnEligibility, ReturnView } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/features/admin/shared/error-message';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';
import { ReturnTimeline } from './ReturnTimeline';

/**
 * The shopper's returns and exchanges on their order page: first whether a return is possible
 * and until when (or when the window ended), then each request with its moves and, while the
 * window is open and no request is live, the button to ask (pieces and how many of each,
 * return or exchange, reason). The window is the server's rule; it refuses a late ask too.
 */
export function ReturnsSection({ order }: { order: OrderView }) {
  const delivered = order.orderStatus === 'DELIVERED';
  const returns = trpc.returns.byOrder.useQuery({ orderId: order._id }, { enabled: delivered });
  const eligibility = trpc.returns.eligibility.useQuery(
    { orderId: order._id },
    { enabled: delivered },
  );
  const list = returns.data ?? [];
  const live = list.some((r) => r.state !== 'refused');
  if (!delivered) return null;
  const window = eligibility.data;
  return (
    <section
      className="space-y-4 rounded-xl border bg-card p-5 shadow-xs"
      aria-labelledby="returns-title"
      data-testid="returns"
    >
      <h2 id="returns-title" className="flex items-center gap-2 text-2xl">
        <RotateCcw className="size-5 text-primary" aria-hidden /> Returns and exchanges
      </h2>
      {window && (
        <p
          className={
            window.possible || live
              ? 'text-sm font-medium text-emerald-800'
              : 'text-sm font-medium text-muted-foreground'
          }
          data-testid="return-window"
          data-possible={window.possible}
        >
          {window.message}
        </p>
      )}
      {list.map((r) => (
        <ReturnTimeline key={r.id} request={r} />
      ))}
      {returns.isSuccess && !live && window?.possible && (
        <AskReturn
          order={order}
          eligibility={window}
          onAsked={() => {
            void returns.refetch();
            void eligibility.refetch();
          }}
        />
      )}
    </section>
  );
}

function AskReturn({
  order,
  eligibility,
  onAsked,
}: {
  order: OrderView;
  eligibility: ReturnEligibility;
  onAsked: (r: ReturnView) => void;
}) {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<'return' | 'exchange'>('return');
  const [reason, setReason] = useState('');
  const returnable = (id: string) =>
    eligibility.lines.find((l) => l.orderItemId === id)?.returnable ?? 0;
  const lines = order.orderItems.filter((i) => returnable(i._id) > 0);
  const [chosen, setChosen] = useState<string[]>(() => lines.map((i) => i._id));
  // Pieces of each line to send back: all that may still be returned, unless fewer are chosen.
  const [pieces, setPieces] = useState<Record<string, number>>(() =>
    Object.fromEntries(lines.map((i) => [i._id, returnable(i._id)])),
  );
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
          Not right? Return it for a refund, or exchange it for store credit.
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
          items: chosen.map((orderItemId) => ({
            orderItemId,
            quantity: pieces[orderItemId] ?? 1,
          })),
        });
      }}
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Pieces</legend>
        {lines.map((item) => {
          const most = returnable(item._id);
          return (
            <div key={item._id} className="flex flex-wrap items-center gap-2">
              <Checkbox
                id={`return-${item._id}`}
                checked={chosen.includes(item._id)}
                onCheckedChange={(on) =>
                  setChosen((c) => (on ? [...c, item._id] : c.filter((id) => id !== item._id)))
                }
              />
              <Label htmlFor={`return-${item._id}`} className="min-w-0 flex-1 font-normal">
                {item.title} · {item.weight} × {item.quantity}
              </Label>
              {most > 1 && (
                <label className="flex items-center gap-1 text-sm">
                  <span>Pieces</span>
                  <select
                    aria-label={`Pieces of ${item.title} to return`}
                    className="h-8 rounded-md border bg-background px-2"
                    value={pieces[item._id] ?? most}
                    disabled={!chosen.includes(item._id)}
                    onChange={(e) =>
                      setPieces((p) => ({ ...p, [item._id]: Number(e.target.value) }))
                    }
                  >
                    {Array.from({ length: most }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {n} of {most}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </div>
          );
        })}
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
