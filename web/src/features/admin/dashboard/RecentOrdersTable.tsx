import { formatRupees, percentOff } from '@kanak/shared';
import { StatusBadge } from '@/components/StatusBadge';
import { TableCell, TableRow } from '@/components/ui/table';
import { HeadedTable } from '../shared/HeadedTable';
import { ImageGroup, orderImages } from '../shared/ImageGroup';
import type { AdminOrder } from '../shared/types';

/** The last five orders (spec: Image, Order Items, Quantity, Total Price, Discount, Status). */
export function RecentOrdersTable({ orders }: { orders: AdminOrder[] }) {
  if (orders.length === 0) return <p className="text-sm text-muted-foreground">No orders found!</p>;
  return (
    <HeadedTable
      data-testid="recent-orders"
      heads={[
        { label: 'Image', className: 'hidden lg:table-cell' },
        'Order Items',
        'Quantity',
        'Total Price',
        'Discount',
        'Status',
      ]}
    >
      {orders.map((order) => (
        <TableRow key={order._id}>
          <TableCell className="hidden lg:table-cell">
            <ImageGroup images={orderImages(order)} />
          </TableCell>
          <TableCell>
            <OrderItemTitles items={order.orderItems} />
          </TableCell>
          <TableCell>{order.totalItem}</TableCell>
          <TableCell className="font-medium">{formatRupees(order.totalDiscountedPrice)}</TableCell>
          <TableCell>
            <DiscountCell order={order} />
          </TableCell>
          <TableCell>
            <StatusBadge status={order.orderStatus} />
          </TableCell>
        </TableRow>
      ))}
    </HeadedTable>
  );
}

/** Numbered item titles. */
export function OrderItemTitles({ items }: { items: AdminOrder['orderItems'] }) {
  return (
    <ol className="max-w-44 space-y-0.5 text-sm lg:max-w-60">
      {items.map((item, i) => (
        <li key={item._id} className="truncate">
          {i + 1}. {item.title}
        </li>
      ))}
    </ol>
  );
}

/** The discount in rupees with its percent of the full price. */
export function DiscountCell({ order }: { order: AdminOrder }) {
  return (
    <span className="whitespace-nowrap">
      {formatRupees(order.discount)}{' '}
      <span className="text-green-700">
        ({percentOff(order.totalPrice, order.totalDiscountedPrice)}%)
      </span>
    </span>
  );
}
