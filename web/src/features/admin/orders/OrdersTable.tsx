import type { MouseEvent } from 'react';
import { HeadedTable } from '../shared/HeadedTable';
import type { AdminOrder } from '../shared/types';
import { OrderRow } from './OrderRow';
import type { OrderMoves } from './use-order-moves';

/** The orders list from 640 px: a table, one row an order. */
export function OrdersTable({
  orders,
  moves,
  onOpen,
}: {
  orders: AdminOrder[];
  moves: OrderMoves;
  onOpen: (event: MouseEvent<HTMLElement>, order: AdminOrder) => void;
}) {
  return (
    <div className="hidden sm:block">
      <HeadedTable
        data-testid="orders-table"
        className="table-fixed"
        heads={[
          { label: 'Order', className: 'w-24' },
          { label: 'Customer', className: 'w-[18%]' },
          { label: 'Items', className: 'hidden lg:table-cell' },
          { label: 'Quantity', className: 'hidden w-20 text-center md:table-cell' },
          { label: 'Total Price', className: 'w-28 text-right' },
          { label: 'Status', className: 'w-28' },
          { label: 'Actions', className: 'w-32 text-right' },
        ]}
      >
        {orders.map((order) => (
          <OrderRow key={order._id} order={order} moves={moves} onOpen={onOpen} />
        ))}
      </HeadedTable>
    </div>
  );
}
