import type { ReactNode } from 'react';
import { ExternalLink } from 'lucide-react';
import type { AdminSystemView } from '@kanak/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { trpc } from '@/lib/trpc';
import { formatMoment } from '../orders/order-dates';
import { errorMessage } from '../shared/error-message';
import { PageHeader } from '../shared/PageHeader';
import { useQueueBoardSession } from './use-queue-board-session';
import { DeadLetters } from './DeadLetters';

/** How long ago, in words an operator reads at a glance. */
function ago(seconds: number): string {
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.round(seconds / 360) / 10} h`;
  return `${Math.round(seconds / 8640) / 10} days`;
}

const UNKNOWN = <span className="text-muted-foreground">unknown</span>;

/**
 * /admin/system: is the shop's machinery well? PostgreSQL and Redis, the workers' last heartbeats,
 * the queues, the outbox and the mails not yet sent. Read again every 15 s; a dependency that is
 * down shows as down (and what it holds as unknown) instead of failing the page.
 */
export function SystemPage() {
  const system = trpc.system.status.useQuery(undefined, { refetchInterval: 15_000 });
  useQueueBoardSession();
  const data = system.data;

  return (
    <div>
      <PageHeader
        title="System"
        description={
          data ? `Checked ${formatMoment(data.checkedAt)}` : 'Health of what the shop runs on'
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => void system.refetch()}>
              Refresh
            </Button>
            <Button asChild size="sm">
              {/* The board is its own (server-rendered) app: a full page load, not a route. */}
              <a href={data?.queueBoardPath ?? '/admin/queues'} target="_blank" rel="noreferrer">
                Queue board <ExternalLink />
              </a>
            </Button>
          </div>
        }
      />
      {system.isError && (
        <div
          role="alert"
          className="mb-4 rounded-lg border border-destructive/40 p-4 text-destructive"
        >
          <p>{errorMessage(system.error)}</p>
          <Button
            className="mt-2"
            variant="outline"
            size="sm"
            onClick={() => void system.refetch()}
          >
            Try again
          </Button>
        </div>
      )}
      {!data ? (
        !system.isError && <Skeleton className="h-96" />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>Dependencies</CardTitle>
            </CardHeader>
            <CardContent className="space-y-2">
              <Line label="PostgreSQL">
                <UpDown state={data.postgres} />
              </Line>
              <Line label="Redis">
                <UpDown state={data.redis} />
              </Line>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Backlog</CardTitle>
            </CardHeader>
            <CardContent className="space-y-2">
              <Line label="Outbox rows pending">{data.outbox ? data.outbox.pending : UNKNOWN}</Line>
              <Line label="Oldest unsent outbox row">
                {!data.outbox
                  ? UNKNOWN
                  : data.outbox.oldestUnsentSeconds === null
                    ? 'none'
                    : `${ago(data.outbox.oldestUnsentSeconds)} old`}
              </Line>
              <Line label="Mails pending">
                {data.mailsPending === null ? UNKNOWN : data.mailsPending}
              </Line>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Workers</CardTitle>
            </CardHeader>
            <CardContent>
              <Workers workers={data.workers} checkedAt={data.checkedAt} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Queues</CardTitle>
            </CardHeader>
            <CardContent>
              <Queues queues={data.queues} />
            </CardContent>
          </Card>
          {data.paymentProviders && (
            <Card>
              <CardHeader>
                <CardTitle>Payment providers</CardTitle>
              </CardHeader>
              <CardContent>
                <PaymentProviders providers={data.paymentProviders} />
              </CardContent>
            </Card>
          )}
          <DeadLetters />
        </div>
      )}
    </div>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 border-b pb-2 text-sm last:border-0 last:pb-0">
      <span className="text-muted-foreground">{label}</span>
      <span className="font-medium tabular-nums">{children}</span>
    </div>
  );
}

/** Each provider in order of preference: links made, this server's failures and breaker. */
function PaymentProviders({
  providers,
}: {
  providers: NonNullable<AdminSystemView['paymentProviders']>;
}) {
  const label = { closed: 'Taking links', open: 'Skipped (cooling off)', 'half-open': 'On trial' };
  return (
    <ul className="space-y-2">
      {providers.map((p) => (
        <li key={p.name} className="space-y-1 border-b pb-2 text-sm last:border-0 last:pb-0">
          <div className="flex items-center justify-between gap-3">
            <span className="font-medium capitalize">
              {p.rank}. {p.name}
            </span>
            <Badge variant={p.breaker === 'closed' ? 'default' : 'destructive'}>
              {label[p.breaker]}
            </Badge>
          </div>
          <div className="flex justify-between text-muted-foreground">
            <span>
              Links made: {p.linksMade === null ? UNKNOWN : p.linksMade.toLocaleString('en-IN')}
            </span>
            <span>Failures since start: {p.failures.toLocaleString('en-IN')}</span>
          </div>
          {p.lastFailure && (
            <p className="truncate text-xs text-destructive" title={p.lastFailure}>
              Last failure: {p.lastFailure}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function UpDown({ state }: { state: 'up' | 'down' }) {
  return (
    <Badge variant={state === 'up' ? 'default' : 'destructive'}>
      {state === 'up' ? 'Up' : 'Down'}
    </Badge>
  );
}

function Workers({
  workers,
  checkedAt,
}: {
  workers: AdminSystemView['workers'];
  checkedAt: string;
}) {
  if (workers === null)
    return <p className="text-sm text-muted-foreground">Unknown: Redis did not answer.</p>;
  if (workers.length === 0)
    return (
      <p className="text-sm text-destructive">
        No worker heard from: payments, moves and mails wait.
      </p>
    );
  const now = new Date(checkedAt).getTime();
  return (
    <ul className="space-y-2">
      {workers.map((worker) => (
        <li key={worker.id} className="flex items-center justify-between gap-3 text-sm">
          <span className="min-w-0 truncate font-mono text-xs" title={worker.id}>
            {worker.id}
          </span>
          <span className="flex shrink-0 items-center gap-2">
            <span className="text-muted-foreground">
              {ago((now - new Date(worker.lastBeatAt).getTime()) / 1000)} ago
            </span>
            <Badge variant={worker.stale ? 'destructive' : 'default'}>
              {worker.stale ? 'Silent' : 'Alive'}
            </Badge>
          </span>
        </li>
      ))}
    </ul>
  );
}

function Queues({ queues }: { queues: AdminSystemView['queues'] }) {
  if (queues === null)
    return <p className="text-sm text-muted-foreground">Unknown: Redis did not answer.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="queue-depths">
        <thead>
          <tr className="text-left text-xs text-muted-foreground">
            <th className="py-1 pr-2 font-medium">Queue</th>
            <th className="px-1 py-1 text-right font-medium">Waiting</th>
            <th className="px-1 py-1 text-right font-medium">Active</th>
            <th className="px-1 py-1 text-right font-medium">Delayed</th>
            <th
              className="px-1 py-1 text-right font-medium"
              title="Refused by the shop's rules (an unknown payment, an illegal move): answers, not faults"
            >
              Refused
            </th>
            <th
              className="py-1 pl-1 text-right font-medium"
              title="Failed after their attempts: see Dead letters"
            >
              Failed
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {queues.map((queue) => (
            <tr key={queue.name} className="border-t">
              <td className="py-1.5 pr-2 break-words">{queue.name}</td>
              <td className="px-1 text-right">{queue.waiting}</td>
              <td className="px-1 text-right">{queue.active}</td>
              <td className="px-1 text-right">{queue.delayed}</td>
              <td className="px-1 text-right text-muted-foreground">
                {queue.refused === null ? '?' : queue.refused}
              </td>
              <td
                className={
                  queue.failed > 0 ? 'pl-1 text-right text-destructive' : 'pl-1 text-right'
                }
              >
                {queue.failed}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
