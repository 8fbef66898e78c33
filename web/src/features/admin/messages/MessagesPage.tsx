import { getRouteApi } from '@tanstack/react-router';
import { MESSAGE_GROUPS, type AdminMessageRow, type MessageGroup } from '@kanak/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { figures, HeadedTable } from '../shared/HeadedTable';
import { trpc } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { formatMoment } from '../orders/order-dates';
import { errorMessage } from '../shared/error-message';
import { PageHeader } from '../shared/PageHeader';
import { Pager } from '../shared/Pager';

const route = getRouteApi('/admin/messages');

const LABELS: Record<MessageGroup, string> = {
  sent: 'Sent',
  failed: 'Failed',
  pending: 'Pending',
  unknown: 'Unknown',
};

const BADGE: Record<MessageGroup, 'default' | 'destructive' | 'secondary' | 'outline'> = {
  sent: 'default',
  failed: 'destructive',
  pending: 'secondary',
  unknown: 'outline',
};

/**
 * /admin/messages: every mail the shop sends, counted by status (pending covers queued and in
 * flight; unknown is a send whose outcome was lost) and listed newest first, filtered by status.
 */
export function MessagesPage() {
  const { status, page } = route.useSearch();
  const navigate = route.useNavigate();
  const messages = trpc.notifications.adminList.useQuery({ status, page });
  const show = (next: { status?: MessageGroup; page?: number }) => void navigate({ search: next });

  return (
    <div>
      <PageHeader
        title="Messages"
        description="E-mails to shoppers and admins, newest first"
        actions={
          <Button variant="outline" size="sm" onClick={() => void messages.refetch()}>
            Refresh
          </Button>
        }
      />
      <div
        className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4"
        role="group"
        aria-label="Filter by status"
      >
        {MESSAGE_GROUPS.map((group) => (
          <button
            key={group}
            type="button"
            aria-pressed={status === group}
            onClick={() => show({ status: status === group ? undefined : group })}
            className={cn(
              'rounded-lg border bg-card p-3 text-left transition-colors hover:bg-secondary',
              status === group && 'border-primary ring-2 ring-primary/30',
            )}
          >
            <span className="block text-xs font-medium uppercase tracking-wide text-muted-foreground">
              {LABELS[group]}
            </span>
            <span
              className={cn(
                'block text-2xl font-semibold tabular-nums',
                group === 'failed' && (messages.data?.counts.failed ?? 0) > 0 && 'text-destructive',
              )}
              data-testid={`messages-count-${group}`}
            >
              {messages.data ? messages.data.counts[group] : '…'}
            </span>
          </button>
        ))}
      </div>
      <Card>
        <CardContent>
          {messages.isError ? (
            <div role="alert" className="space-y-3 py-6 text-center">
              <p className="text-destructive">{errorMessage(messages.error)}</p>
              <Button variant="outline" size="sm" onClick={() => void messages.refetch()}>
                Try again
              </Button>
            </div>
          ) : !messages.data ? (
            <Skeleton className="h-96" />
          ) : messages.data.messages.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground">
              {status ? `No ${LABELS[status].toLowerCase()} messages.` : 'No messages sent yet.'}
            </p>
          ) : (
            <>
              <HeadedTable
                className="hidden md:table"
                data-testid="messages-table"
                heads={[
                  'Kind',
                  'Recipient',
                  'Subject',
                  'Status',
                  figures('Attempts'),
                  'Created / sent',
                ]}
              >
                {messages.data.messages.map((m) => (
                  <TableRow key={m.id}>
                    <TableCell className="whitespace-nowrap">{m.kind}</TableCell>
                    <TableCell className="max-w-48 truncate" title={m.recipient}>
                      {m.recipient}
                    </TableCell>
                    <TableCell className="max-w-64">
                      <span className="block truncate" title={m.subject ?? undefined}>
                        {m.subject ?? '—'}
                      </span>
                      {m.lastError && (
                        <span
                          className="block truncate text-xs text-destructive"
                          title={m.lastError}
                        >
                          {m.lastError}
                        </span>
                      )}
                    </TableCell>
                    <TableCell>
                      <StatusBadge message={m} />
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{m.attempts}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      {formatMoment(m.createdAt)}
                      {m.sentAt && (
                        <span className="block text-xs text-muted-foreground">
                          sent {formatMoment(m.sentAt)}
                        </span>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </HeadedTable>
              <ul className="space-y-3 md:hidden" data-testid="messages-cards">
                {messages.data.messages.map((m) => (
                  <li key={m.id} className="rounded-lg border p-3 text-sm">
                    <div className="flex items-start justify-between gap-2">
                      <span className="font-medium">{m.kind}</span>
                      <StatusBadge message={m} />
                    </div>
                    <p className="truncate text-muted-foreground">{m.recipient}</p>
                    {m.subject && <p className="mt-1">{m.subject}</p>}
                    {m.lastError && (
                      <p className="mt-1 break-words text-xs text-destructive">{m.lastError}</p>
                    )}
                    <p className="mt-2 text-xs text-muted-foreground">
                      {formatMoment(m.createdAt)} · {m.attempts}{' '}
                      {m.attempts === 1 ? 'attempt' : 'attempts'}
                      {m.sentAt && ` · sent ${formatMoment(m.sentAt)}`}
                    </p>
                  </li>
                ))}
              </ul>
              {messages.data.totalPages > 1 && (
                <div className="mt-4">
                  <Pager
                    page={messages.data.page}
                    totalPages={messages.data.totalPages}
                    onPage={(next) => show({ status, page: next })}
                  />
                </div>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function StatusBadge({ message }: { message: AdminMessageRow }) {
  return (
    <Badge variant={BADGE[message.group]} title={`stored as ${message.status}`}>
      {message.status === message.group ? LABELS[message.group] : message.status}
    </Badge>
  );
}
