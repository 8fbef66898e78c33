import { getRouteApi, Link } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { ArrowLeft } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { HuidDialog } from '@/features/hallmark/HuidDialog';
import { AdminReturnsCard } from '@/features/returns/AdminReturnsCard';
import { trpc } from '@/lib/trpc';
import { errorMessage } from '../shared/error-message';
import { AddressCard } from './AddressCard';
import { CodOutcomeCard, CodRemittanceCard } from './CodOutcomeCard';
import { CustomerCard } from './CustomerCard';
import { HistoryCard } from './HistoryCard';
import { ItemsCard } from './ItemsCard';
import { OrderDatesCard } from './OrderDatesCard';
import { OrderDetailHeader } from './OrderDetailHeader';
import { PaymentsCard } from './PaymentsCard';
import { RefundPanel } from './RefundPanel';
import { ShipmentSection } from './ShipForm';
import { useOrderActions } from './use-order-actions';

const route = getRouteApi('/admin/orders/$orderId');

/**
 * /admin/orders/$orderId: what the owner needs to fulfil one order — where it goes, what to
 * pack, the money taken (or owed back), its history and the moves allowed now. Order events
 * reload it (LiveOrders invalidates every order query).
 */
export function OrderDetailPage() {
  const { orderId } = route.useParams();
  const detail = trpc.orders.adminDetail.useQuery(
    { orderId },
    // A refund the provider has not settled announces nothing: look again until it has.
    {
      refetchInterval: (query) =>
        query.state.data?.order.refund?.state === 'processing' ? 3000 : false,
    },
  );
  const actions = useOrderActions(orderId);

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
  return (
    <div data-testid="order-detail" data-order-id={order._id}>
      {back}
      <OrderDetailHeader order={order} orderNumber={orderNumber} actions={actions} />
      {actions.asking && (
        <HuidDialog
          order={order}
          action={actions.asking}
          onClose={actions.closeHuids}
          onSubmit={actions.submitHuids}
        />
      )}

      {order.refund && (
        <RefundPanel
          refund={order.refund}
          refundDue={order.refundDue}
          payee={`${customer.firstName} ${customer.lastName}`.trim()}
          note={order.statusNote}
          busy={actions.busy || actions.refunding}
          onRefund={actions.refund}
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
          <ShipmentSection order={order} busy={actions.busy} onShip={actions.ship} />
          <AddressCard address={order.shippingAddress} />
          <CustomerCard customer={customer} />
          <OrderDatesCard order={order} paidAt={paidAt} />
        </div>
      </div>
    </div>
  );
}
