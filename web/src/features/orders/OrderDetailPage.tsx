import { getRouteApi, Link } from '@tanstack/react-router';
import { HuidList } from '@/features/hallmark/HuidList';
import { ShopperInvoiceLinks } from '@/features/invoices/InvoiceLinks';
import { PanPrompt } from '@/features/invoices/PanPrompt';
import { Check, Star } from 'lucide-react';
import { formatRupees, measureValue } from '@kanak/shared';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { PriceLine } from '@/features/catalog/PriceLine';
import { AddressCard } from '@/features/checkout/OrderItems';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { refundNotice } from './refund';
import { RefundBadge, RefundNoticeCard } from './RefundNotice';
import { PayNowButton } from './PayNowButton';
import { ShipmentCard } from './ShipmentCard';
import { ReturnsSection } from '@/features/returns/ReturnsSection';
import { ReturnBadge } from '@/features/returns/ReturnBadge';
import { awaitsPayment, offersReview, TRACKER_STEPS, trackerStep } from './tracker';

const route = getRouteApi('/account/orders/$orderId/$index');

/** Five-step tracker: the steps up to the one the status names are ticked, none before payment (tracker.ts). */
function Tracker({ status }: { status: string }) {
  const active = trackerStep(status);
  return (
    <ol
      className="grid grid-cols-5 gap-1"
      aria-label="Order progress"
      data-testid="order-tracker"
      data-step={active}
    >
      {TRACKER_STEPS.map((label, i) => {
        const done = i < active;
        return (
          <li
            key={label}
            className="relative flex flex-col items-center gap-2 text-center"
            aria-current={i === active - 1 ? 'step' : undefined}
          >
            {i > 0 && (
              <span
                className={cn(
                  'absolute top-4 right-1/2 -z-10 h-1 w-full rounded',
                  done ? 'bg-emerald-600' : 'bg-border',
                )}
                aria-hidden
              />
            )}
            <span
              className={cn(
                'flex size-8 items-center justify-center rounded-full border-2 text-xs font-semibold',
                done
                  ? 'border-emerald-600 bg-emerald-600 text-white'
                  : 'border-border bg-card text-muted-foreground',
              )}
            >
              {done ? <Check className="size-4" /> : i + 1}
            </span>
            <span
              className={cn(
                'text-[11px] leading-tight sm:text-sm',
                done ? 'font-medium text-foreground' : 'text-muted-foreground',
              )}
            >
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export function OrderDetailPage() {
  const { orderId, index } = route.useParams();
  // Order events keep it current; coming back to the tab reads it again in case one was lost.
  const order = trpc.orders.byId.useQuery(
    { orderId },
    { retry: false, refetchOnWindowFocus: 'always' },
  );

  if (order.error) {
    return (
      <main className="mx-auto max-w-xl px-4 py-20 text-center" role="alert">
        <h1 className="text-3xl text-primary">Order not found</h1>
        <p className="mt-2 text-muted-foreground">{order.error.message}</p>
        <Button asChild className="mt-6">
          <Link to="/user-details" search={{ layout: 2 }}>
            Back to Order History
          </Link>
        </Button>
      </main>
    );
  }
  if (!order.data) {
    return (
      <main className="mx-auto max-w-5xl space-y-4 px-4 py-10" aria-busy="true">
        <Skeleton className="h-32" />
        <Skeleton className="h-24" />
        <Skeleton className="h-36" />
      </main>
    );
  }
  const o = order.data;
  const item = o.orderItems[Number(index)] ?? o.orderItems[0];
  const refund = refundNotice(o);
  // What a scheme balance or store credit pays (or paid back, on a cancel) of the order.
  const tenders = o.tenders ?? [];
  const held = tenders.filter((t) => t.status !== 'RETURNED').reduce((s, t) => s + t.amount, 0);
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-4xl text-primary">Order details</h1>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={o.orderStatus} />
          {o.refundDue && <RefundBadge />}
          <ReturnBadge openReturn={o.openReturn} />
        </div>
      </div>
      {refund ? (
        <RefundNoticeCard notice={refund} />
      ) : (
        o.orderStatus === 'CANCELLED' &&
        o.statusNote && (
          <p
            role="status"
            className="rounded-xl border bg-card px-5 py-4 text-sm text-muted-foreground shadow-xs"
          >
            {o.statusNote}
          </p>
        )
      )}
      {awaitsPayment(o.orderStatus) && (
        <section
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-5 py-4 shadow-xs"
          aria-label="Payment"
          data-testid="unpaid-order"
        >
          <p className="text-sm">
            This order is not paid yet. Pay{' '}
            <span className="font-semibold">{formatRupees(o.totalDiscountedPrice - held)}</span> to
            place it.
          </p>
          <PayNowButton orderId={o._id} />
        </section>
      )}
      {tenders.length > 0 && (
        <section
          className="space-y-2 rounded-xl border bg-card px-5 py-4 text-sm shadow-xs"
          aria-label="Paid from your balance"
          data-testid="order-tenders"
        >
          {tenders.map((t) => (
            <p key={`${t.kind}-${t.status}-${t.amount}`} className="flex justify-between gap-3">
              <span>
                {t.label}
                {t.status === 'RETURNED' && (
                  <span className="text-muted-foreground"> (given back to it)</span>
                )}
                {t.status === 'HELD' && (
                  <span className="text-muted-foreground"> (held until the rest is paid)</span>
                )}
              </span>
              <span className="tabular-nums">{formatRupees(t.amount)}</span>
            </p>
          ))}
        </section>
      )}
      <PanPrompt order={o} />
      {o.shipment && <ShipmentCard shipment={o.shipment} />}
      <ShopperInvoiceLinks order={o} />
      <ReturnsSection order={o} />
      <AddressCard address={o.shippingAddress} />
      <section
        className={cn(
          'rounded-xl border bg-card p-6 shadow-xs',
          // A cancelled order goes no further: its tracker is greyed out.
          o.orderStatus === 'CANCELLED' && 'opacity-60 grayscale',
        )}
        aria-label="Tracking"
      >
        <Tracker status={o.orderStatus} />
      </section>
      {item && (
        <section
          className="flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-xs sm:flex-row sm:items-center"
          aria-label="Item"
        >
          {item.product ? (
            <Link
              to="/product/$productId"
              params={{ productId: item.product._id }}
              className="flex flex-1 gap-4"
            >
              <ItemSummary item={item} />
            </Link>
          ) : (
            <div className="flex flex-1 gap-4">
              <ItemSummary item={item} />
            </div>
          )}
          {item.product && offersReview(o.orderStatus) && (
            <Button asChild variant="outline">
              <Link to="/product/$productId/ratrev" params={{ productId: item.product._id }}>
                <Star /> Rate and Review Product
              </Link>
            </Button>
          )}
        </section>
      )}
    </main>
  );
}

type Item = RouterOutputs['orders']['byId']['orderItems'][number];

function ItemSummary({ item }: { item: Item }) {
  const sizeMm = item.width ?? measureValue(item.size) ?? 16.52;
  return (
    <>
      <img
        src={item.imageUrl}
        alt={item.title}
        className="size-24 rounded-lg bg-secondary object-cover"
      />
      <div className="space-y-1">
        <p className="font-medium hover:text-primary">{item.title}</p>
        <p className="text-xs text-muted-foreground">
          Weight {item.weight} · Size {sizeMm} MM
        </p>
        <p className="text-xs text-muted-foreground">Seller: {item.brand}</p>
        <HuidList item={item} />
        <PriceLine price={item.price} discountedPrice={item.discountedPrice} />
      </div>
    </>
  );
}
