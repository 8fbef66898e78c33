import { formatRupees } from '@kanak/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { figures, HeadedTable } from '../shared/HeadedTable';
import type { SchemeBook } from './scheme-book';

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-IN', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The schemes' liability and the instalments collected per month. */
export function SchemeFigures({ data, failed }: { data: SchemeBook | undefined; failed: boolean }) {
  return (
    <div className="grid items-start gap-4 md:grid-cols-2">
      <Card data-testid="scheme-liability">
        <CardHeader>
          <CardTitle>Liability</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2">
          {data ? (
            <>
              <p className="text-3xl font-semibold tabular-nums">
                {formatRupees(data.liability.total)}
              </p>
              <p className="text-sm text-muted-foreground">
                Money held for customers: instalments paid + bonus committed − redeemed.
              </p>
              <p className="text-sm tabular-nums">
                {formatRupees(data.liability.paid)} paid + {formatRupees(data.liability.bonus)}{' '}
                bonus − {formatRupees(data.liability.redeemed)} redeemed
              </p>
            </>
          ) : failed ? (
            <p className="text-sm text-destructive">Not available.</p>
          ) : (
            <Skeleton className="h-16" />
          )}
        </CardContent>
      </Card>
      <Card data-testid="scheme-collections">
        <CardHeader>
          <CardTitle>Collections per month</CardTitle>
        </CardHeader>
        <CardContent>
          {data ? (
            data.collections.length === 0 ? (
              <p className="text-sm text-muted-foreground">No instalment collected yet.</p>
            ) : (
              <HeadedTable heads={['Month', figures('Collected')]}>
                {data.collections.map((c) => (
                  <TableRow key={c.month}>
                    <TableCell>{monthLabel(c.month)}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatRupees(c.amount)}
                    </TableCell>
                  </TableRow>
                ))}
              </HeadedTable>
            )
          ) : failed ? (
            <p className="text-sm text-destructive">Not available.</p>
          ) : (
            <Skeleton className="h-16" />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
