import {
  formatIndiaDate,
  formatRupees,
  RETURN_STATE_LABELS,
  SLOT_WINDOW_LABELS,
  type ReturnView,
} from '@kanak/shared';
import { cn } from '@/lib/utils';

const day = (iso: string) => formatIndiaDate(iso);

type RefundStatus = NonNullable<ReturnView['refundStatus']>;
type Viewer = 'shopper' | 'admin';

/**
 * What each refund state reads. The shopper is told the refund is being processed until the
 * provider confirms it (a refusal is the shop's to settle); the owner reads that it is due.
 */
const REFUND_WORDS: Record<Viewer, Record<RefundStatus, string>> = {
  shopper: {
    due: 'refund being processed to your original payment',
    asked: 'being refunded to your original payment',
    paid: 'refunded to your original payment',
    credited: 'added to your store credit',
  },
  admin: {
    due: 'refund due to the original payment (not paid yet: the System page shows why)',
    asked: 'being refunded to your original payment',
    paid: 'refunded to your original payment',
    credited: 'added to your store credit',
  },
};

const PART_WORDS: Record<NonNullable<ReturnView['refundParts']>[number]['to'], string> = {
  payment: 'original payment',
  scheme: 'savings scheme',
  store_credit: 'store credit',
};

/** The label of the request's state: "under inspection" while its check has not passed. */
function stateLabel(request: ReturnView): string {
  if (request.underInspection) return RETURN_STATE_LABELS.on_hold;
  if (request.state === 'refunded' && request.kind === 'return' && request.refundStatus !== 'paid')
    return request.refundStatus === 'credited' ? 'Completed' : 'Refund being processed';
  return RETURN_STATE_LABELS[request.state];
}

/** "Ring × 1 of 2": the pieces coming back of each line. */
export const returnedPieces = (request: ReturnView) =>
  request.items
    .map((i) =>
      i.lineQuantity && i.lineQuantity > 1
        ? `${i.title} × ${i.quantity} of ${i.lineQuantity}`
        : i.title,
    )
    .join(', ');

/** The pickup as a timeline entry: booked with the carrier, or to be posted. */
function pickupLine(pickup: NonNullable<ReturnView['pickup']>): string {
  if (pickup.method === 'post') return 'by post: the shopper sends it';
  const slot = pickup.slot
    ? `${formatIndiaDate(pickup.slot.date)}, ${SLOT_WINDOW_LABELS[pickup.slot.window]}`
    : '';
  return [pickup.carrier, slot, pickup.awb ? `reverse AWB ${pickup.awb}` : null]
    .filter(Boolean)
    .join(' · ');
}

/** One return or exchange request with each of its moves: the same on both order pages. */
export function ReturnTimeline({
  request,
  viewer = 'shopper',
}: {
  request: ReturnView;
  viewer?: Viewer;
}) {
  const parts = request.refundParts ?? [];
  const approvals = request.events.flatMap((e, i) => (e.to === 'approved' ? [i] : []));
  const firstApproved = approvals[0] ?? -1;
  const lastApproved = approvals.at(-1) ?? -1;
  return (
    <div className="space-y-2" data-testid="return-request" data-state={request.state}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          <span className="capitalize">{request.kind}</span> · {returnedPieces(request)}
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
          {stateLabel(request)}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">
        Reason: {request.reason} · {formatRupees(request.amount)}
        {request.refundStatus && parts.length < 2
          ? ` ${REFUND_WORDS[viewer][request.refundStatus]}`
          : ''}
      </p>
      {parts.length > 1 && (
        <ul className="text-sm text-muted-foreground" data-testid="refund-parts">
          {parts.map((p) => (
            <li key={p.to}>
              {formatRupees(p.amount)} to the {PART_WORDS[p.to]}:{' '}
              {p.to === 'payment' ? REFUND_WORDS[viewer][p.state] : 'added back'}
            </li>
          ))}
        </ul>
      )}
      {request.transfer && (
        <p className="text-sm text-muted-foreground" data-testid="refund-transfer">
          Paid by bank transfer on {day(request.transfer.paidOn)}, reference{' '}
          <span className="font-mono">{request.transfer.reference}</span>
        </p>
      )}
      {request.pickup && request.state === 'approved' && (
        <p className="rounded-md bg-secondary/60 p-2 text-sm" data-testid="return-pickup">
          {request.pickup.summary}
        </p>
      )}
      {request.refusedReason && (
        <p className="text-sm text-red-800">Refused: {request.refusedReason}</p>
      )}
      {request.huidMismatch && (
        <p className="text-sm text-amber-900" role="status">
          HUID check to repeat: {request.huidMismatch}
        </p>
      )}
      {request.holdReason && (
        <p className="text-sm text-amber-900">On hold: {request.holdReason}</p>
      )}
      {viewer === 'shopper' && request.underInspection && (
        <p className="text-sm text-muted-foreground">
          Your piece is under inspection: every returned piece is checked against its hallmark
          record before the refund. We will write to you when the check is complete.
        </p>
      )}
      <ol className="space-y-1 border-l-2 border-primary/30 pl-3 text-sm">
        {request.events.map((e, i) => {
          // A later "approved" is a pickup change; the latest one carries the pickup as it is,
          // the earlier ones the pickup they recorded (their note).
          const change = e.to === 'approved' && i > firstApproved;
          const current = e.to === 'approved' && i === lastApproved && request.pickup;
          return (
            <li key={`${e.to}-${i}`} data-event={change ? 'pickup-changed' : e.to}>
              <span className={cn('font-medium', !change && 'capitalize')}>
                {change ? 'Pickup changed' : e.to.replace('_', ' ')}
              </span>{' '}
              <span className="text-muted-foreground">
                {day(e.at)} · by{' '}
                {e.actor === 'admin' ? 'the shop' : viewer === 'shopper' ? 'you' : 'the customer'}
                {e.note && !current ? ` · ${e.note.replace(/^Pickup changed: /, '')}` : ''}
              </span>
              {current && (
                <div data-event="pickup">
                  <span className="font-medium">Pickup</span>{' '}
                  <span className="text-muted-foreground">{pickupLine(request.pickup!)}</span>
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
