import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import {
  HuidDialog,
  huidsAction,
  refusedForHuids,
  type HuidStep,
} from '@/features/hallmark/HuidDialog';
import { InvoiceLinks } from '@/features/invoices/InvoiceLinks';
import { PanNeededBadge } from '@/features/invoices/PanNeededBadge';
import { TRPCClientError } from '@trpc/client';
import { useState } from 'react';
import { ArrowLeft, Copy, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatRupees, statusForAction, type AdminOrderAction } from '@kanak/shared';
import { StatusBadge } from '@/components/StatusBadge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useOrderEvent } from '@/features/orders/live-orders';
import { RefundBadge } from '@/features/orders/RefundNotice';
import { ReturnBadge } from '@/features/returns/ReturnBadge';
import { useSession } from '@/features/session/use-session';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { errorMessage } from '../shared/error-message';
import type { AdminOrderDetail } from '../shared/types';
import { DeleteOrderButton } from './DeleteOrderButton';
import { RefundPanel } from './RefundPanel';
import { formatMoment } from './order-dates';
import { OrderStatusMenu } from './OrderStatusMenu';
import { ShipmentSection, type Carriage } from './ShipForm';
import { AdminReturnsCard } from '@/features/returns/AdminReturnsCard';
import { CodOutcomeCard, CodRemittanceCard } from './CodOutcomeCard';

const route = getRouteApi('/admin/orders/$orderId');

/**
 * /admin/orders/$orderId: what the owner needs to fulfil one order — where it goes, what to
 * pack, the money taken (or owed back), its history and the moves allowed now. Order events
 * reload it (LiveOrders invalidates every order query).
 */
export function OrderDetailPage() {
  const { orderId } = route.useParams();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const me = useSession().user?._id;
  const detail = trpc.orders.adminDetail.useQuery(
    { orderId },
    // A refund the provider has not settled announces nothing: look again until it has.
    {
      refetchInterval: (query) =>
        query.state.data?.order.refund?.state === 'processing' ? 3000 : false,
    },
  );

  // A queued move the worker refused: the admin who asked is told why.
  useOrderEvent((event) => {
    if (event.orderId !== orderId || event.kind !== 'refused' || event.actorUserId !== me) return;
    toast.error(event.message);
  });

  const transition = trpc.orders.move.useMutation({
    onSuccess: ({ done }, input) => {
      const to = statusForAction(input.action);
      toast.success(done ? `Order is now ${to}` : `Moving the order to ${to}…`);
      void utils.orders.invalidate();
    },
    // A ship refused for missing HUIDs (HUID_REQUIRED_TO_SHIP) opens the dialog that records them.
    onError: (error, input) => {
      void utils.orders.adminDetail.invalidate({ orderId });
      if (!input.huids && refusedForHuids(error.message)) {
        setCarriage(input.carrier && input.awb ? { carrier: input.carrier, awb: input.awb } : null);
        return setAsking(input.action);
      }
      toast.error(errorMessage(error));
    },
  });
  const remove = trpc.orders.remove.useMutation({
    onSuccess: (result) => {
      toast.success(result.message || 'Order deleted');
      void utils.orders.invalidate();
      void navigate({ to: '/admin/orders' });
    },
    onError: (error) => {
      toast.error(errorMessage(error));
      void utils.orders.adminDetail.invalidate({ orderId });
    },
  });
  const refund = trpc.orders.refund.useMutation({
    onSuccess: (answer) => {
      const state = answer.refund?.state;
      if (state === 'processed') toast.success('Refunded');
      else if (state === 'failed') toast.error('The refund failed at the payment provider');
      else toast.success('Refund asked of the payment provider');
      void utils.orders.invalidate();
    },
    onError: (error) => {
      toast.error(errorMessage(error));
      void utils.orders.adminDetail.invalidate({ orderId });
    },
  });
  // A move is one click, as the spec has it; HUIDs are recorded from "Add HUIDs" (confirming or
  // shipping with them) or when a ship is refused without them (HuidDialog).
  const [asking, setAsking] = useState<HuidStep | null>(null);
  // The carrier and AWB of a ship refused for its HUIDs: the dialog ships with them.
  const [carriage, setCarriage] = useState<Carriage | null>(null);
  // HUIDs of a shipped or delivered order, recorded without a move (its invoice waits for them).
  const recordHuids = trpc.orders.recordHuids.useMutation({
    onSuccess: () => {
      toast.success('HUIDs saved');
      void utils.orders.adminDetail.invalidate({ orderId });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const move = (action: AdminOrderAction) => transition.mutate({ orderId, action });

  const back = (
    <Link
      to="/admin/orders"
      className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden /> All orders
    </Link>
  );

  if (detail.isError) {
    const missing =
      detail.error instanceof TRPCClientError &&
      ['NOT_FOUND', 'BAD_REQUEST'].includes(String(detail.error.data?.code));
    return (
      <div>
        {back}
        <p role="alert" className="py-10 text-center text-muted-foreground">
          {missing ? 'Order not found.' : errorMessage(detail.error)}
        </p>
      </div>
    );
  }
  if (!detail.data) {
    return (
      <div aria-busy="true">
        {back}
        <Skeleton className="mb-6 h-10 w-72" />
        <div className="grid gap-6 lg:grid-cols-3">
          <Skeleton className="h-96 lg:col-span-2" />
          <Skeleton className="h-96" />
        </div>
      </div>
    );
  }

  const { order, orderNumber, customer, payments, events, paidAt } = detail.data;
  const busy = transition.isPending || remove.isPending;
  return (
    <div data-testid="order-detail" data-order-id={order._id}>
      {back}
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold text-primary">Order #{orderNumber}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <StatusBadge status={order.orderStatus} />
            <ReturnBadge openReturn={order.openReturn} />
            {order.refundDue && <RefundBadge />}
            {order.panNeeded && <PanNeededBadge />}
            <span className="text-sm text-muted-foreground">
              Placed {formatMoment(order.orderDate)}
            </span>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to="/admin/orders/$orderId/slip"
            params={{ orderId }}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <Printer aria-hidden /> Packing slip
          </Link>
          <InvoiceLinks order={order} />
          {huidsAction(order) && (
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => setAsking(huidsAction(order))}
            >
              Add HUIDs
            </Button>
          )}
          <OrderStatusMenu status={order.orderStatus} disabled={busy} onMove={move} />
          <DeleteOrderButton
            order={order}
            onDelete={() => remove.mutate({ orderId })}
            onCancel={() => move('cancel')}
          />
        </div>
      </div>
      {asking && (
        <HuidDialog
          order={order}
          action={asking}
          onClose={() => setAsking(null)}
          onSubmit={(huids) => {
            if (asking === 'record') recordHuids.mutate({ orderId, huids });
            else
              transition.mutate({
                orderId,
                action: asking,
                huids,
                ...(asking === 'ship' && carriage ? carriage : {}),
              });
            setAsking(null);
          }}
        />
      )}

      {order.refund && (
        <RefundPanel
          refund={order.refund}
          refundDue={order.refundDue}
          payee={`${customer.firstName} ${customer.lastName}`.trim()}
          note={order.statusNote}
          busy={busy || refund.isPending}
          onRefund={() => refund.mutate({ orderId })}
        />
      )}

      <CodOutcomeCard order={order} />
      <CodRemittanceCard order={order} />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <AdminReturnsCard orderId={order._id} />
          <ItemsCard order={order} />
          <PaymentsCard payments={payments} />
          <HistoryCard events={events} />
        </div>
        {/* Where it goes comes first on a phone. */}
        <div className="order-first min-w-0 space-y-6 lg:order-last">
          <ShipmentSection
            order={order}
            busy={busy}
            onShip={(c) => transition.mutate({ orderId, action: 'ship', ...c })}
          />
          <AddressCard address={order.shippingAddress} />
          <Section title="Customer">
            <p className="font-medium">
              {customer.firstName} {customer.lastName}
            </p>
            <p className="text-sm break-all">
              <a className="underline-offset-2 hover:underline" href={`mailto:${customer.email}`}>
                {customer.email}
              </a>
            </p>
            {customer.mobile && <p className="text-sm">{customer.mobile}</p>}
            <Link
              to="/admin/orders"
              search={{ q: customer.email }}
              className="mt-2 inline-block text-sm text-primary underline-offset-2 hover:underline"
            >
              All their orders
            </Link>
          </Section>
          <Section title="Dates">
            <dl className="space-y-1 text-sm">
              <DateRow label="Placed" iso={order.orderDate} />
              <DateRow label="Paid" iso={paidAt} empty="Not paid" />
              <DateRow label="Delivered" iso={order.deliveryDate} empty="—" />
            </dl>
          </Section>
        </div>
      </div>
    </div>
  );
}

type Order = AdminOrderDetail['order'];

function Section({
  title,
  children,
  action,
  testId,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <Card data-testid={testId} className="gap-3">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-base">{title}</CardTitle>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function DateRow({ label, iso, empty }: { label: string; iso: string | null; empty?: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right">{iso ? formatMoment(iso) : empty}</dd>
    </div>
  );
}

/** The delivery address as a label would carry it, one line each. */
export const addressLines = (a: Order['shippingAddress']) => [
  `${a.firstName} ${a.lastName}`,
  a.streetAddress,
  `${a.city}, ${a.state} ${a.zipCode}`,
  `Mobile: ${a.mobile}`,
];

function AddressCard({ address }: { address: Order['shippingAddress'] }) {
  const lines = addressLines(address);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(lines.join('\n'));
      toast.success('Address copied');
    } catch {
      toast.error('Could not copy: select the address and copy it');
    }
  };
  return (
    <Section
      title="Delivery address"
      testId="delivery-address"
      action={
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden /> Copy
        </Button>
      }
    >
      <address className="text-sm leading-6 not-italic select-all">
        {lines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
    </Section>
  );
}

function ItemsCard({ order }: { order: Order }) {
  return (
    <Section title={`Items (${order.totalItem})`} testId="order-items">
      <ul className="divide-y">
        {order.orderItems.map((item) => (
          <li key={item._id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
            <img
              src={item.imageUrl}
              alt=""
              className="size-14 shrink-0 rounded-md border object-cover"
              loading="lazy"
            />
            <div className="min-w-0 flex-1">
              <p className="font-medium">{item.title}</p>
              <p className="text-sm text-muted-foreground">
                {item.brand}
                {item.size && ` · Size ${item.size}`}
                {item.weight && ` · ${item.weight}`}
              </p>
            </div>
            <div className="shrink-0 text-right text-sm">
              <p>× {item.quantity}</p>
              <p className="font-medium">{formatRupees(item.discountedPrice)}</p>
              {item.price !== item.discountedPrice && (
                <p className="text-xs text-muted-foreground line-through">
                  {formatRupees(item.price)}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-1 border-t pt-3 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Price</dt>
          <dd>{formatRupees(order.totalPrice)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Discount</dt>
          <dd className="text-green-700">−{formatRupees(order.discount)}</dd>
        </div>
        <div className="flex justify-between font-semibold">
          <dt>Total</dt>
          <dd>{formatRupees(order.totalDiscountedPrice)}</dd>
        </div>
      </dl>
    </Section>
  );
}

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

function PaymentsCard({ payments }: { payments: AdminOrderDetail['payments'] }) {
  return (
    <Section title="Payments" testId="order-payments">
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
    </Section>
  );
}

const ACTOR_LABELS: Record<string, string> = {
  admin: 'Admin',
  customer: 'Customer',
  payment: 'Payment',
  system: 'System',
};

function HistoryCard({ events }: { events: AdminOrderDetail['events'] }) {
  return (
    <Section title="History" testId="order-history">
      <ol className="space-y-3">
        {events.map((e) => (
          <li key={e._id} className="flex gap-3 text-sm">
            <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-hidden />
            {/* Notes carry provider payment ids: long unbroken words that must wrap on a phone. */}
            <div className="min-w-0 [overflow-wrap:anywhere]">
              <p>
                <span className="font-medium">
                  {!e.from ? `Created as ${e.to}` : e.from === e.to ? e.to : `${e.from} → ${e.to}`}
                </span>{' '}
                <span className="text-muted-foreground">
                  by {ACTOR_LABELS[e.actor] ?? e.actor}
                  {e.actorName && ` (${e.actorName})`}
                </span>
              </p>
              {e.note && <p className="text-muted-foreground">{e.note}</p>}
              <p className="text-xs text-muted-foreground">{formatMoment(e.at)}</p>
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}
