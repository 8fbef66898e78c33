import type { MouseEvent } from 'react';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
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
      <Table data-testid="orders-table" className="table-fixed">
        <TableHeader>
          <TableRow>
            <TableHead className="w-24">Order</TableHead>
            <TableHead className="w-[18%]">Customer</TableHead>
            <TableHead className="hidden lg:table-cell">Items</TableHead>
            <TableHead className="hidden w-20 text-center md:table-cell">Quantity</TableHead>
            <TableHead className="w-28 text-right">Total Price</TableHead>
            <TableHead className="w-28">Status</TableHead>
            <TableHead className="w-32 text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {orders.map((order) => (
            <OrderRow key={order._id} order={order} moves={moves} onOpen={onOpen} />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
