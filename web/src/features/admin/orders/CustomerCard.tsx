import { Link } from '@tanstack/react-router';
import type { AdminOrderDetail } from '../shared/types';
import { OrderSection } from './OrderSection';

/** Who placed the order, how to reach them and the way to all their orders. */
export function CustomerCard({ customer }: { customer: AdminOrderDetail['customer'] }) {
  return (
    <OrderSection title="Customer">
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
    </OrderSection>
  );
}
