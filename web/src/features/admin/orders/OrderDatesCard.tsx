import type { AdminOrderDetail } from '../shared/types';
import { formatMoment } from './order-dates';
import { OrderSection } from './OrderSection';

/** When the order was placed, paid and delivered. */
export function OrderDatesCard({ order, paidAt }: Pick<AdminOrderDetail, 'order' | 'paidAt'>) {
  return (
    <OrderSection title="Dates">
      <dl className="space-y-1 text-sm">
        <DateRow label="Placed" iso={order.orderDate} />
        <DateRow label="Paid" iso={paidAt} empty="Not paid" />
        <DateRow label="Delivered" iso={order.deliveryDate} empty="—" />
      </dl>
    </OrderSection>
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
