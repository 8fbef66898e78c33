import {
  formatRupees,
  purityLabel,
  SLOT_WINDOW_LABELS,
  type ExchangeRequestView,
} from '@kanak/shared';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { PageHeader } from '@/features/admin/shared/PageHeader';
import { errorMessage } from '@/features/admin/shared/error-message';
import { trpc } from '@/lib/trpc';
import { SettleExchangeForm } from './SettleExchangeForm';
import { longDate } from '@/lib/long-date';

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
  return (
    <Card data-testid="exchange-request">
      <CardContent className="grid gap-4 md:grid-cols-3">
        <div className="space-y-1 text-sm">
          <p className="font-medium">{request.contactName}</p>
          <p>{request.contactPhone}</p>
          <p className="break-all text-muted-foreground">{request.email}</p>
          <p className="text-muted-foreground">
            {request.visit === 'pickup' ? 'Insured pickup' : 'Store visit'}
            {request.slot
              ? ` on ${longDate(request.slot.date)}, ${SLOT_WINDOW_LABELS[request.slot.window]}`
              : ''}
          </p>
          {request.address && (
            <p className="text-muted-foreground">
              {request.address} {request.pin}
            </p>
          )}
          <p className="text-xs text-muted-foreground">Asked {longDate(request.createdAt)}</p>
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
          {request.tested && (
            <ul className="text-xs text-muted-foreground" data-testid="exchange-tested">
              {request.tested.pieces.map((p, i) => (
                <li key={i}>
                  Tested: fineness {p.fineness}, {p.grossWeight} g gross, {p.netWeight} g net
                </li>
              ))}
              {request.tested.deduction > 0 && (
                <li>
                  {formatRupees(request.tested.deduction)} taken off: {request.tested.reason}
                </li>
              )}
            </ul>
          )}
          {request.status === 'requested' && (
            <SettleExchangeForm request={request} onSettled={onSettled} />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
