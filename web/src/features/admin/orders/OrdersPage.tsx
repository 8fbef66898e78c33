import { HuidDialog } from '@/features/hallmark/HuidDialog';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '../shared/error-message';
import { PageHeader } from '../shared/PageHeader';
import { Pager } from '../shared/Pager';
import { InstalmentsOwed } from '../schemes/InstalmentsOwed';
import { ManifestLinks } from './ManifestLinks';
import { OrderCards } from './OrderCards';
import { OrderFilterChips } from './OrderFilterChips';
import { OrderSearchBar } from './OrderSearchBar';
import { OrdersTable } from './OrdersTable';
import { useAdminOrders } from './use-admin-orders';
import { useOpenOrder } from './use-open-order';
import { useOrderFilters } from './use-order-filters';
import { useOrderMoves } from './use-order-moves';

/**
 * /admin/orders: every order, newest first, a page at a time from the server, filtered by status,
 * day placed and a search, with status moves and delete; a row opens the order. A table from
 * 640 px, cards below.
 */
export function OrdersPage() {
  const filters = useOrderFilters();
  const { refundsOnly, returnsOnly } = filters;
  const { list, orders, refundCount, returnCount, instalmentsOwed, totalPages, shownPage } =
    useAdminOrders(filters);
  const openFromRow = useOpenOrder(filters.search, orders, list.isPlaceholderData);
  const moves = useOrderMoves(orders);
  const total = list.data?.totalCount;

  return (
    <div>
      <PageHeader
        title="Customer Orders"
        description={
          list.data
            ? `${refundsOnly ? `${total} owed a refund` : returnsOnly ? `${total} with an open return` : `${total} orders`}, newest first · ${refundsDueLabel(refundCount)}`
            : undefined
        }
        actions={
          orders && (
            <div className="flex flex-wrap items-center gap-2">
              <ManifestLinks />
              <OrderFilterChips
                filters={filters}
                refundCount={refundCount}
                returnCount={returnCount}
              />
            </div>
          )
        }
      />
      <Card>
        <CardContent className="space-y-4">
          <OrderSearchBar filters={filters} />
          {list.isError && (
            <p role="alert" className="text-destructive">
              {errorMessage(list.error)}
            </p>
          )}
          {!orders && <Skeleton className="h-96" />}
          {refundsOnly && instalmentsOwed.length > 0 && (
            <section aria-labelledby="instalments-owed-title" className="space-y-1">
              <h2 id="instalments-owed-title" className="font-medium">
                Savings-scheme instalments owed back ({instalmentsOwed.length})
              </h2>
              <InstalmentsOwed owed={instalmentsOwed} onChanged={() => void list.refetch()} />
            </section>
          )}
          {!orders ? null : orders.length === 0 && !refundsOnly ? (
            <p className="py-10 text-center text-muted-foreground">
              {filters.narrowed ? 'No orders match this search.' : 'No orders found!'}
            </p>
          ) : orders.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground" data-testid="no-refunds">
              No refunds due: every paid order was placed.
            </p>
          ) : (
            <>
              <OrderCards
                orders={orders}
                isBusy={moves.isBusy}
                onOpen={openFromRow}
                onMove={moves.move}
                onDelete={moves.remove}
              />
              <OrdersTable orders={orders} moves={moves} onOpen={openFromRow} />
            </>
          )}
          {totalPages > 1 && (
            <Pager page={shownPage} totalPages={totalPages} onPage={filters.setPage} />
          )}
        </CardContent>
      </Card>
      {moves.asking && (
        <HuidDialog
          order={moves.asking.order}
          action={moves.asking.action}
          onClose={moves.closeHuids}
          onSubmit={moves.submitHuids}
        />
      )}
    </div>
  );
}

const refundsDueLabel = (n: number) => `${n} ${n === 1 ? 'refund' : 'refunds'} due`;
