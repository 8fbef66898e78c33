import { formatIndiaDate, formatRupees, RETURN_STATE_LABELS, type ReturnView } from '@kanak/shared';
import { cn } from '@/lib/utils';

const day = (iso: string) => formatIndiaDate(iso);

const REFUND_WORDS = {
  due: 'refund due to your original payment',
  asked: 'being refunded to your original payment',
  paid: 'refunded to your original payment',
  credited: 'added to your store credit',
} as const;

/** One return or exchange request with each of its moves: the same on both order pages. */
export function ReturnTimeline({
  request,
  viewer = 'shopper',
}: {
  request: ReturnView;
  viewer?: 'shopper' | 'admin';
}) {
  return (
    <div className="space-y-2" data-testid="return-request" data-state={request.state}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium capitalize">
          {request.kind} · {request.items.map((i) => i.title).join(', ')}
        </p>
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-medium',
            request.state === 'refused'
              ? 'bg-red-50 text-red-800'
              : request.state === 'refunded'
                ? 'bg-emerald-50 text-emerald-800'
                : 'bg-amber-50 text-amber-900',
          )}
        >
          {RETURN_STATE_LABELS[request.state]}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">
        Reason: {request.reason} · {formatRupees(request.amount)}
        {request.refundStatus ? ` ${REFUND_WORDS[request.refundStatus]}` : ''}
      </p>
      {request.refusedReason && (
        <p className="text-sm text-red-800">Refused: {request.refusedReason}</p>
      )}
      {request.huidMismatch && (
        <p className="text-sm text-red-800" role="alert">
          HUID check: {request.huidMismatch}
        </p>
      )}
      <ol className="space-y-1 border-l-2 border-primary/30 pl-3 text-sm">
        {request.events.map((e) => (
          <li key={e.to}>
            <span className="font-medium capitalize">{e.to}</span>{' '}
            <span className="text-muted-foreground">
              {day(e.at)} · by{' '}
              {e.actor === 'admin' ? 'the shop' : viewer === 'shopper' ? 'you' : 'the customer'}
              {e.note ? ` · ${e.note}` : ''}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
