import { useState } from 'react';
import { formatRupees, purityLabel, type ExchangeRequestView } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { PageHeader } from '@/features/admin/shared/PageHeader';
import { errorMessage } from '@/features/admin/shared/error-message';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';

const STATUS_WORDS: Record<ExchangeRequestView['status'], string> = {
  requested: 'Waiting for testing',
  credited: 'Credited to the customer',
  paid_out: 'Paid out',
  cancelled: 'Cancelled',
};

const pieceText = (p: ExchangeRequestView['items'][number]) =>
  `${purityLabel(p.metal, p.purity)} ${p.metal} · ${p.netWeight !== null ? `${p.netWeight} g net` : `${p.grossWeight} g gross (net unknown)`}`;

/**
 * /admin/exchange: old-gold requests (contact, pieces, estimate at the day's rate, status). After
 * testing in store the owner sets the final value: credited to the customer's store credit,
 * or paid out.
 */
export function AdminExchangePage() {
  const list = trpc.exchange.adminList.useQuery();
  return (
    <div>
      <PageHeader
        title="Old gold exchange"
        description="Pickup and store-visit requests, with the estimate at the rate of the day asked. Set the final value after testing."
      />
      {list.isPending ? (
        <Skeleton className="h-40" />
      ) : list.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(list.error)}
        </p>
      ) : list.data.length === 0 ? (
        <p className="text-muted-foreground">No requests yet.</p>
      ) : (
        <div className="space-y-4">
          {list.data.map((r) => (
            <RequestCard key={r.id} request={r} onSettled={() => void list.refetch()} />
          ))}
        </div>
      )}
    </div>
  );
}

function RequestCard({
  request,
  onSettled,
}: {
  request: ExchangeRequestView;
  onSettled: () => void;
}) {
  const [value, setValue] = useState(String(request.estimate));
  const settle = trpc.exchange.settle.useMutation({
    onSuccess: () => onSettled(),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const finalValue = Number(value);
  const valid = value.trim() !== '' && Number.isInteger(finalValue) && finalValue >= 0;
  return (
    <Card data-testid="exchange-request">
      <CardContent className="grid gap-4 md:grid-cols-3">
        <div className="space-y-1 text-sm">
          <p className="font-medium">{request.contactName}</p>
          <p>{request.contactPhone}</p>
          <p className="break-all text-muted-foreground">{request.email}</p>
          <p className="text-muted-foreground">
            {request.visit === 'pickup'
              ? `Pickup${request.pin ? ` at ${request.pin}` : ''}`
              : 'Store visit'}{' '}
            · {new Date(request.createdAt).toLocaleDateString('en-IN')}
          </p>
        </div>
        <ul className="space-y-1 text-sm">
          {request.items.map((p, i) => (
            <li key={i}>{pieceText(p)}</li>
          ))}
          <li className="font-medium">Estimate {formatRupees(request.estimate)}</li>
        </ul>
        <div className="space-y-2 text-sm">
          <p className="font-medium">
            {STATUS_WORDS[request.status]}
            {request.finalValue !== null ? ` · ${formatRupees(request.finalValue)}` : ''}
          </p>
          {request.status === 'requested' && (
            <>
              <label className="grid gap-1">
                <span className="text-xs text-muted-foreground">Final value after testing (₹)</span>
                <Input
                  className="h-8"
                  inputMode="numeric"
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                />
              </label>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  disabled={!valid || settle.isPending}
                  onClick={() =>
                    settle.mutate({ requestId: request.id, outcome: 'credit', finalValue })
                  }
                >
                  Credit to customer
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!valid || settle.isPending}
                  onClick={() =>
                    settle.mutate({ requestId: request.id, outcome: 'paid_out', finalValue })
                  }
                >
                  Paid out
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={settle.isPending}
                  onClick={() => settle.mutate({ requestId: request.id, outcome: 'cancel' })}
                >
                  Cancel
                </Button>
              </div>
            </>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
