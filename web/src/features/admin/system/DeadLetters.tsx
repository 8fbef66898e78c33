import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { orderNumberOf, type DeadLetterRow } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { trpc } from '@/lib/trpc';
import { toast } from '@/lib/toast';
import { formatMoment } from '../orders/order-dates';
import { errorMessage } from '../shared/error-message';

/**
 * The System page's dead letters: jobs that failed their last attempt for a reason other than an
 * outage (outages are waited out, refusals are counted apart). Each can be retried or dismissed;
 * who did which, and when, stays listed under "Resolved".
 */
export function DeadLetters() {
  const utils = trpc.useUtils();
  const letters = trpc.system.deadLetters.useQuery(undefined, { refetchInterval: 15_000 });
  const settled = () => {
    void utils.system.deadLetters.invalidate();
    void utils.system.status.invalidate();
  };
  const retry = trpc.system.retryDeadLetter.useMutation({
    onSuccess: (row) => {
      toast.success(
        row.retryJobId
          ? `Dead letter ${row.id} sent again`
          : `Dead letter ${row.id}: its work was already done`,
      );
      settled();
    },
    onError: (error) => {
      toast.error(errorMessage(error));
      settled();
    },
  });
  const dismiss = trpc.system.dismissDeadLetter.useMutation({
    onSuccess: (row) => {
      toast.success(`Dead letter ${row.id} dismissed`);
      settled();
    },
    onError: (error) => {
      toast.error(errorMessage(error));
      settled();
    },
  });
  const busy = retry.isPending || dismiss.isPending;
  const data = letters.data;

  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Dead letters</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {letters.isError && (
          <p className="text-sm text-destructive">{errorMessage(letters.error)}</p>
        )}
        {!data ? (
          !letters.isError && <Skeleton className="h-24" />
        ) : data.open.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="no-dead-letters">
            None: every job either completed, waits out an outage, or was refused by the rules.
          </p>
        ) : (
          <LetterTable
            rows={data.open}
            testId="dead-letters"
            actions={(row) => (
              <div className="flex justify-end gap-2">
                <Button
                  size="sm"
                  disabled={busy}
                  onClick={() => retry.mutate({ deadLetterId: row.id })}
                >
                  Retry
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  onClick={() => dismiss.mutate({ deadLetterId: row.id })}
                >
                  Dismiss
                </Button>
              </div>
            )}
          />
        )}
        {data && data.resolved.length > 0 && (
          <div>
            <h3 className="mb-2 text-sm font-medium">Resolved</h3>
            <LetterTable
              rows={data.resolved}
              testId="resolved-dead-letters"
              actions={(row) => (
                <span className="text-xs text-muted-foreground">
                  {row.resolution === 'retried' ? 'Retried' : 'Dismissed'} by{' '}
                  {row.resolvedBy?.email ?? 'a removed admin'}
                  {row.resolvedAt ? `, ${formatMoment(row.resolvedAt)}` : ''}
                </span>
              )}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function LetterTable({
  rows,
  actions,
  testId,
}: {
  rows: DeadLetterRow[];
  actions: (row: DeadLetterRow) => ReactNode;
  testId: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid={testId}>
        <thead>
          <tr className="text-left text-xs text-muted-foreground">
            <th className="py-1 pr-2 font-medium">Queue</th>
            <th className="px-1 py-1 font-medium">Order</th>
            <th className="px-1 py-1 font-medium">Reason</th>
            <th className="px-1 py-1 font-medium">Failed</th>
            <th className="py-1 pl-1 text-right font-medium" />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t align-top">
              <td className="py-1.5 pr-2 break-words">{row.queue}</td>
              <td className="px-1 py-1.5 font-mono text-xs">
                {row.orderId ? (
                  <Link
                    to="/admin/orders/$orderId"
                    params={{ orderId: row.orderId }}
                    className="underline-offset-2 hover:underline"
                    title={row.orderId}
                  >
                    #{orderNumberOf(row.orderId)}
                  </Link>
                ) : (
                  '—'
                )}
              </td>
              <td className="max-w-md px-1 py-1.5 break-words">{row.reason}</td>
              <td className="px-1 py-1.5 whitespace-nowrap tabular-nums">
                {formatMoment(row.failedAt)}
                <span className="block text-xs text-muted-foreground">
                  after {row.attempts} attempts
                </span>
              </td>
              <td className="py-1.5 pl-1">{actions(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
