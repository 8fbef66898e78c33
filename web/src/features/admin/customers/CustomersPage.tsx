import { Link } from '@tanstack/react-router';
import { formatRupees } from '@kanak/shared';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { figures, HeadedTable } from '../shared/HeadedTable';
import { trpc } from '@/lib/trpc';
import { formatDay } from '../orders/order-dates';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { errorMessage } from '../shared/error-message';
import { PageHeader } from '../shared/PageHeader';

/**
 * /admin/customers: index, name, email, what each has ordered (count, spent on paid orders, last
 * order, a link to their orders) and REMOVE behind the confirmation of spec section 6.
 */
export function CustomersPage() {
  const utils = trpc.useUtils();
  const me = trpc.users.me.useQuery();
  const users = trpc.users.list.useQuery();
  const remove = trpc.users.remove.useMutation({
    onSuccess: (result) => {
      toast.success(result.message || 'Customer removed');
      void utils.users.list.invalidate();
      void utils.orders.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, 'Fail to Delete User Profile')),
  });

  return (
    <div>
      <PageHeader
        title="All Customers"
        description={users.data ? `${users.data.length} accounts, newest first` : undefined}
      />
      <Card>
        <CardContent>
          {users.isError && (
            <p role="alert" className="text-destructive">
              {errorMessage(users.error)}
            </p>
          )}
          {!users.data ? (
            <Skeleton className="h-96" />
          ) : (
            <HeadedTable
              data-testid="customers-table"
              heads={[
                { label: '#', className: 'w-16' },
                'Name',
                'Email',
                figures('Orders'),
                figures('Spent'),
                { label: 'Last order', className: 'hidden lg:table-cell' },
                figures('Action'),
              ]}
            >
              {users.data.map((user, index) => {
                const self = user._id === me.data?._id;
                return (
                  <TableRow key={user._id} data-user-email={user.email}>
                    <TableCell>{index + 1}</TableCell>
                    <TableCell className="font-medium">
                      {user.firstName} {user.lastName}
                      {user.role === 'ADMIN' && (
                        <Badge variant="gold" className="ml-2">
                          Admin
                        </Badge>
                      )}
                    </TableCell>
                    <TableCell className="max-w-56 truncate" title={user.email}>
                      {user.email}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {user.orderCount > 0 ? (
                        <Link
                          to="/admin/orders"
                          search={{ q: user.email }}
                          className="text-primary underline underline-offset-2"
                          title="Show their orders"
                          aria-label={`${user.orderCount} ${user.orderCount === 1 ? 'order' : 'orders'} of ${user.email}`}
                        >
                          {user.orderCount}
                        </Link>
                      ) : (
                        <span className="text-muted-foreground">0</span>
                      )}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatRupees(user.totalSpent)}
                    </TableCell>
                    <TableCell className="hidden lg:table-cell">
                      {user.lastOrderDate ? formatDay(user.lastOrderDate) : '—'}
                    </TableCell>
                    <TableCell className="text-right">
                      {self ? (
                        <span className="text-xs text-muted-foreground">You</span>
                      ) : (
                        <ConfirmDialog
                          onConfirm={() => remove.mutate({ userId: user._id })}
                          trigger={
                            <Button
                              variant="destructive"
                              size="sm"
                              aria-label={`Remove ${user.email}`}
                              disabled={remove.isPending && remove.variables?.userId === user._id}
                            >
                              REMOVE
                            </Button>
                          }
                        />
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </HeadedTable>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
