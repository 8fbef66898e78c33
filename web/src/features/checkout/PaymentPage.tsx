import { getRouteApi, Link } from '@tanstack/react-router';
import { CheckCircle2, Clock, Undo2, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatRupees } from '@kanak/shared';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { refundNotice } from '@/features/orders/refund';
import { RefundBadge } from '@/features/orders/RefundNotice';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { useToken } from '@/features/session/use-session';
import { AddressCard, OrderItemList } from './OrderItems';

const route = getRouteApi('/payment/$orderId');

const OUTCOME = {
  PAID: {
    icon: CheckCircle2,
    tone: 'text-emerald-700',
    title: 'Payment successful',
    text: 'Thank you! Your order is placed and our artisans are preparing it.',
  },
  FAILED: {
    icon: XCircle,
    tone: 'text-destructive',
    title: 'Payment failed',
    text: 'No money was taken. You can try paying again from the order summary.',
  },
  PENDING: {
    icon: Clock,
    tone: 'text-gold',
    title: 'Payment pending',
    text: 'We are waiting for the payment provider to confirm. This page will reflect it in your order history shortly.',
  },
  // Paid, but the order could not take it (the piece sold out meanwhile): calm, not a failure.
  REFUND_PENDING: {
    icon: Undo2,
    tone: 'text-amber-600',
    title: 'Your payment will be refunded',
    text: 'Your order could not be placed, so your payment will be refunded to you.',
  },
} as const;

/** /payment/{orderId}: on return from the provider, confirm the payment and show the outcome. */
export function PaymentPage() {
  const { orderId } = route.useParams();
  const search = route.useSearch();
  const token = useToken();
  const confirm = trpc.payments.confirmReturn.useMutation({
    // A brief outage (503) is retried: the payment is kept on the server either way, but the
    // shopper should see it land rather than an error.
    retry: (failures, error) => error.data?.httpStatus === 503 && failures < 6,
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
  });
  const sent = useRef(false);
  const paymentId = search.razorpay_payment_id ?? search.payment_id;
  const send = () => {
    if (!paymentId) return;
    confirm.mutate({
      orderId,
      paymentId,
      paymentLinkId: search.razorpay_payment_link_id,
      status: search.razorpay_payment_link_status,
      signature: search.razorpay_signature,
      referenceId: search.razorpay_payment_link_reference_id,
    });
  };

  useEffect(() => {
    if (sent.current || !paymentId || !token) return;
    sent.current = true;
    send();
  });

  if (!token) {
    return (
      <main className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl text-primary">Log in to see your payment</h1>
        <Button asChild className="mt-6">
          <Link to="/login">Log in</Link>
        </Button>
      </main>
    );
  }
  if (!paymentId) {
    return (
      <main className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl text-primary">No payment to confirm</h1>
        <p className="mt-2 text-muted-foreground">
          This page is opened by the payment provider after a payment.
        </p>
        <Button asChild className="mt-6">
          <Link to="/user-details" search={{ layout: 2 }}>
            View my orders
          </Link>
        </Button>
      </main>
    );
  }
  if (confirm.error) {
    return (
      <main className="mx-auto max-w-xl px-4 py-20 text-center" role="alert">
        <XCircle className="mx-auto size-14 text-destructive" />
        <h1 className="mt-3 text-3xl text-primary">We could not confirm this payment</h1>
        <p className="mt-2 text-muted-foreground">{confirm.error.message}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {confirm.error.data?.httpStatus === 503 && <Button onClick={send}>Try again</Button>}
          <Button asChild variant="outline">
            <Link to="/user-details" search={{ layout: 2 }}>
              View my orders
            </Link>
          </Button>
        </div>
      </main>
    );
  }
  if (!confirm.data) {
    return (
      <main className="flex flex-col items-center gap-4 px-4 py-24 text-center">
        <Spinner className="size-12" label="Confirming payment" />
        <p className="text-muted-foreground">Confirming your payment…</p>
      </main>
    );
  }

  return <PaymentOutcome status={confirm.data.status} initial={confirm.data.order} />;
}

type ConfirmedOrder = RouterOutputs['payments']['confirmReturn']['order'];

/** The outcome; a pending payment updates when the worker settles it (its event arrives). A paid order
 * empties the cart on the server, so the cart (and the header badge) is reloaded. */
function PaymentOutcome({
  status: initialStatus,
  initial,
}: {
  status: keyof typeof OUTCOME;
  initial: ConfirmedOrder;
}) {
  const pending = initialStatus === 'PENDING';
  // No polling: the worker's payment event for this order reloads it (see LiveOrders). Coming
  // back to the tab reads it again too, in case that event was lost (Redis away when it was sent).
  const live = trpc.orders.byId.useQuery(
    { orderId: initial._id },
    { enabled: pending, refetchOnWindowFocus: 'always' },
  );
  const order = live.data ?? initial;
  const status: keyof typeof OUTCOME =
    pending && order.orderStatus !== 'PENDING'
      ? order.orderStatus === 'CANCELLED'
        ? order.refundDue
          ? 'REFUND_PENDING'
          : 'FAILED'
        : 'PAID'
      : initialStatus;
  const utils = trpc.useUtils();
  useEffect(() => {
    if (status === 'PAID') void utils.cart.get.invalidate();
  }, [status, utils]);
  const outcome = OUTCOME[status];
  const refund = status === 'REFUND_PENDING' ? refundNotice(order) : null;
  const Icon = outcome.icon;
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <div
        className={cn(
          'rounded-2xl border bg-card p-6 text-center shadow-sm sm:p-8',
          status === 'REFUND_PENDING' && 'border-amber-200',
        )}
        data-testid="payment-outcome"
        data-status={status}
      >
        <Icon className={`mx-auto size-16 ${outcome.tone}`} aria-hidden />
        <h1 className="mt-3 text-3xl text-primary sm:text-4xl">{refund?.title ?? outcome.title}</h1>
        <p className="mx-auto mt-2 max-w-xl text-muted-foreground">
          {refund?.text ?? outcome.text}
        </p>
        {refund?.note && (
          <p
            className="mx-auto mt-4 max-w-xl rounded-lg bg-amber-50 px-4 py-2.5 text-xs text-amber-900 ring-1 ring-amber-200"
            data-testid="refund-note"
          >
            {refund.note}
          </p>
        )}
        <p className="mt-4 flex flex-wrap items-center justify-center gap-x-3 gap-y-2 text-sm">
          Order <span className="font-mono text-xs break-all">{order._id}</span>{' '}
          <StatusBadge status={order.orderStatus} />
          {order.refundDue && <RefundBadge />}
        </p>
        {order.refund && (
          <p className="mt-3 text-xs tracking-[0.16em] text-muted-foreground uppercase">
            To be refunded
          </p>
        )}
        <p className="mt-1 font-serif text-2xl">
          {formatRupees(order.refund?.amount ?? order.totalDiscountedPrice)}
        </p>
        {status === 'PAID' && <PaidBy order={order} />}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/user-details" search={{ layout: 2 }}>
              View Order History
            </Link>
          </Button>
          {status === 'FAILED' && (
            <Button asChild variant="outline">
              <Link to="/checkout" search={{ step: 3, order_id: order._id }}>
                Try again
              </Link>
            </Button>
          )}
          <Button asChild variant="outline">
            <Link to="/">Continue Shopping</Link>
          </Button>
        </div>
      </div>
      <div className="mt-8 grid gap-6 md:grid-cols-[1fr_18rem]">
        <OrderItemList order={order} />
        <AddressCard address={order.shippingAddress} />
      </div>
    </main>
  );
}

/** How a paid order was paid when a scheme balance or store credit took part: each, then the link. */
function PaidBy({ order }: { order: ConfirmedOrder }) {
  const spent = (order.tenders ?? []).filter((t) => t.status === 'SPENT');
  if (spent.length === 0) return null;
  const byLink = order.totalDiscountedPrice - spent.reduce((sum, t) => sum + t.amount, 0);
  const lines = [
    ...spent.map((t) => ({ label: t.label, amount: t.amount })),
    ...(byLink > 0 ? [{ label: 'Online payment', amount: byLink }] : []),
  ];
  return (
    <dl
      className="mx-auto mt-3 max-w-sm space-y-1 text-left text-sm text-muted-foreground"
      aria-label="Paid by"
      data-testid="paid-by"
    >
      {lines.map((line, i) => (
        // Two enrolments of one plan carry the same label.
        <div key={`${i}-${line.label}`} className="flex justify-between gap-3">
          <dt>{line.label}</dt>
          <dd className="tabular-nums">{formatRupees(line.amount)}</dd>
        </div>
      ))}
    </dl>
  );
}
