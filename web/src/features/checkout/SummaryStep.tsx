import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Lock } from 'lucide-react';
import { usePaymentLink } from '@/features/orders/use-payment-link';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { PriceDetails } from '@/features/cart/PriceDetails';
import { trpc } from '@/lib/trpc';
import { AddressCard, OrderItemList } from './OrderItems';
import { DeliveryPromiseLine } from '@/features/delivery/DeliveryPromiseLine';
import { BalanceTenders, type TenderChoice } from './BalanceTenders';
import { CashOnDelivery } from './CashOnDelivery';

/**
 * Step 3 without an order id in the URL (an old bookmark, a link typed by hand): resumes the
 * shopper's newest unpaid order by putting its id in the URL, so a reload keeps it.
 */
function useResumeUnpaid(orderId: string | undefined) {
  const navigate = useNavigate();
  const mine = trpc.orders.mine.useQuery(undefined, { enabled: !orderId, retry: false });
  const unpaid = mine.data?.find((o) => o.orderStatus === 'PENDING');
  useEffect(() => {
    if (!orderId && unpaid)
      void navigate({ to: '/checkout', search: { step: 3, order_id: unpaid._id }, replace: true });
  }, [orderId, unpaid, navigate]);
  return { looking: !orderId && (mine.isPending || !!unpaid), error: mine.error };
}

/** Step 3: the order summary with the Payment button (disabled while the request runs). */
export function SummaryStep({ orderId }: { orderId: string | undefined }) {
  const resume = useResumeUnpaid(orderId);
  const order = trpc.orders.byId.useQuery(
    { orderId: orderId ?? '' },
    { enabled: !!orderId, retry: false },
  );
  // Step 4 is reached by leaving for the payment provider's link (a re-quote is shown first).
  const { pay, busy, dialog } = usePaymentLink();
  const [tenders, setTenders] = useState<TenderChoice>({});

  if (resume.looking) return <Skeleton className="h-96" />;
  if (!orderId || order.error) {
    return (
      <div className="rounded-xl border bg-card p-8 text-center">
        <p className="text-muted-foreground">
          {order.error?.message ?? resume.error?.message ?? 'No order was chosen.'}
        </p>
        <Button asChild className="mt-4">
          <Link to="/cart">Back to cart</Link>
        </Button>
      </div>
    );
  }
  if (!order.data) return <Skeleton className="h-96" />;
  const o = order.data;
  const payable = o.orderStatus === 'PENDING';
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="space-y-4">
        <AddressCard address={o.shippingAddress} />
        <DeliveryPromiseLine pin={o.shippingAddress.zipCode} value={o.totalDiscountedPrice} />
        <OrderItemList order={o} />
      </div>
      <div className="space-y-4 lg:sticky lg:top-36">
        <PriceDetails
          totalPrice={o.totalPrice}
          discount={o.discount}
          totalDiscountedPrice={o.totalDiscountedPrice}
        />
        {dialog}
        {payable && (
          <BalanceTenders
            total={o.totalDiscountedPrice}
            held={o.tenders ?? []}
            choice={tenders}
            onChange={setTenders}
          />
        )}
        {payable ? (
          <Button
            size="lg"
            className="w-full"
            disabled={busy}
            onClick={() => pay.mutate({ orderId: o._id, ...tenders })}
          >
            <Lock /> {busy ? 'Redirecting to payment…' : 'Payment'}
          </Button>
        ) : (
          <p className="rounded-lg bg-secondary p-3 text-center text-sm">
            This order is {o.orderStatus.toLowerCase()} and needs no payment.
          </p>
        )}
        {payable && (
          <CashOnDelivery
            orderId={o._id}
            usesBalance={!!tenders.schemeEnrolmentId || !!tenders.useStoreCredit}
          />
        )}
        <p className="text-center text-xs text-muted-foreground">
          You will be taken to our secure payment partner to complete the purchase.
        </p>
      </div>
    </div>
  );
}
