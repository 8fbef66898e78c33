import { useState } from 'react';
import type { ReturnAction, ReturnView } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/features/admin/shared/error-message';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';
import { ReturnTimeline } from './ReturnTimeline';

/**
 * The owner's side of an order's returns: each request with its moves and the next step —
 * approve or refuse (with a reason), record the piece received with the HUIDs read off it
 * (checked against those sold), then refund or credit. Shown only when there is a request.
 */
export function AdminReturnsCard({ orderId }: { orderId: string }) {
  const returns = trpc.returns.byOrder.useQuery({ orderId });
  if (!returns.data?.length) return null;
  return (
    <Card className="gap-3" data-testid="admin-returns">
      <CardHeader>
        <CardTitle className="text-base">Returns and exchanges</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        {returns.data.map((r) => (
          <div key={r.id} className="space-y-3">
            <ReturnTimeline request={r} viewer="admin" />
            <NextStep request={r} onMoved={() => void returns.refetch()} />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

function NextStep({ request, onMoved }: { request: ReturnView; onMoved: () => void }) {
  const [reason, setReason] = useState('');
  const [huids, setHuids] = useState<Record<string, string>>(() =>
    Object.fromEntries(request.items.map((i) => [i.orderItemId, ''])),
  );
  const move = trpc.returns.move.useMutation({
    onSuccess: () => onMoved(),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const go = (
    action: ReturnAction,
    extra: { reason?: string; huids?: Record<string, string[]> } = {},
  ) => move.mutate({ returnId: request.id, action, ...extra });
  const busy = move.isPending;

  if (request.state === 'requested')
    return (
      <div className="flex flex-wrap items-end gap-2">
        <Button size="sm" disabled={busy} onClick={() => go('approve')}>
          Approve
        </Button>
        <div className="grid min-w-48 flex-1 gap-1">
          <Label htmlFor={`refuse-${request.id}`} className="text-xs">
            Reason to refuse
          </Label>
          <Input
            id={`refuse-${request.id}`}
            className="h-8"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <Button
          size="sm"
          variant="outline"
          disabled={busy || !reason.trim()}
          onClick={() => go('refuse', { reason })}
        >
          Refuse
        </Button>
      </div>
    );
  if (request.state === 'approved')
    return (
      <form
        className="space-y-2"
        aria-label="Record the piece received"
        onSubmit={(e) => {
          e.preventDefault();
          go('receive', {
            huids: Object.fromEntries(
              Object.entries(huids).map(([id, text]) => [id, text.split(/[\s,]+/).filter(Boolean)]),
            ),
          });
        }}
      >
        {request.items.map((item) => (
          <div key={item.orderItemId} className="grid gap-1">
            <Label htmlFor={`huid-${item.orderItemId}`} className="text-xs">
              HUIDs on {item.title}
              {item.huidsSold.length ? ` (sold: ${item.huidsSold.join(', ')})` : ' (none recorded)'}
            </Label>
            <Input
              id={`huid-${item.orderItemId}`}
              className="h-8 font-mono uppercase"
              value={huids[item.orderItemId] ?? ''}
              onChange={(e) => setHuids((h) => ({ ...h, [item.orderItemId]: e.target.value }))}
            />
          </div>
        ))}
        <Button size="sm" type="submit" disabled={busy}>
          Record received
        </Button>
      </form>
    );
  if (request.state === 'received')
    return (
      <Button
        size="sm"
        disabled={busy || request.huidMismatch !== null}
        title={request.huidMismatch ? 'The HUIDs do not match: the refund is blocked' : undefined}
        onClick={() => go('refund')}
      >
        {request.kind === 'return' ? 'Refund' : 'Credit'} and restock
      </Button>
    );
  return null;
}
