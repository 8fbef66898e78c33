import { formatRupees } from '@kanak/shared';
import { cn } from '@/lib/utils';
import type { AdminOrderDetail } from '../shared/types';
import { formatMoment } from './order-dates';
import { OrderSection } from './OrderSection';

const PAYMENT_TONE: Record<string, string> = {
  PAID: 'bg-green-100 text-green-900',
  REFUND_PENDING: 'bg-amber-100 text-amber-900',
  FAILED: 'bg-red-100 text-red-900',
};

type Payment = AdminOrderDetail['payments'][number];
type RefundState = NonNullable<Payment['refund']>['state'];

const REFUND_BADGE: Record<RefundState, { label: string; tone: string }> = {
  processing: { label: 'REFUND PROCESSING', tone: 'bg-amber-100 text-amber-900' },
  processed: { label: 'REFUNDED', tone: 'bg-slate-200 text-slate-900' },
  failed: { label: 'REFUND FAILED', tone: 'bg-red-100 text-red-900' },
};

/** A payment owed back reads as where its refund stands once one was asked, not as pending. */
function paymentBadge(p: Payment) {
  if (p.status === 'REFUND_PENDING' && p.refund) return REFUND_BADGE[p.refund.state];
  return {
    label: p.status.replace('_', ' '),
    tone: PAYMENT_TONE[p.status] ?? 'bg-secondary text-secondary-foreground',
  };
}

/** The order's payment links, each with where its money and any refund stand. */
export function PaymentsCard({ payments }: { payments: AdminOrderDetail['payments'] }) {
  return (
    <OrderSection title="Payments" testId="order-payments">
      {payments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No payment link has been made yet.</p>
      ) : (
        <ul className="divide-y">
          {payments.map((p) => (
            <li key={p._id} className="py-3 text-sm first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{formatRupees(p.amount)}</span>
                <span
                  data-testid="payment-status"
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-semibold',
                    paymentBadge(p).tone,
                  )}
                >
                  {paymentBadge(p).label}
                </span>
              </div>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
                <dt className="text-muted-foreground">Provider</dt>
                <dd>{p.provider}</dd>
                <dt className="text-muted-foreground">Link</dt>
                <dd className="font-mono break-all">{p.paymentLinkId}</dd>
                <dt className="text-muted-foreground">Payment</dt>
                <dd className="font-mono break-all">{p.providerPaymentId ?? '—'}</dd>
                {p.refundReason && (
                  <>
                    <dt className="text-muted-foreground">Refund</dt>
                    <dd>{p.refundReason.replaceAll('_', ' ').toLowerCase()}</dd>
                  </>
                )}
                {p.refund && (
                  <>
                    <dt className="text-muted-foreground">Provider refund</dt>
                    <dd data-testid="payment-refund">
                      {formatRupees(p.refund.amount)} {p.refund.state}
                      {p.refund.providerRefundId && (
                        <span className="font-mono break-all"> · {p.refund.providerRefundId}</span>
                      )}
                    </dd>
                  </>
                )}
                {p.note && (
                  <>
                    <dt className="text-muted-foreground">Note</dt>
                    <dd className="[overflow-wrap:anywhere]">{p.note}</dd>
                  </>
                )}
                <dt className="text-muted-foreground">Updated</dt>
                <dd>{formatMoment(p.updatedAt)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </OrderSection>
  );
}
