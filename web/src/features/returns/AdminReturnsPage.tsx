import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { formatIndiaDate, orderNumberOf, RETURN_STATES, type ReturnStateName } from '@kanak/shared';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { PageHeader } from '@/features/admin/shared/PageHeader';
import { trpc } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { NextStep } from './AdminReturnsCard';
import { ReturnTimeline } from './ReturnTimeline';

const route = getRouteApi('/admin/returns');

export type ReturnsFilter = ReturnStateName | 'open' | 'all';

const FILTER_LABELS: Record<ReturnsFilter, string> = {
  open: 'Waiting',
  requested: 'Requested',
  approved: 'Approved',
  received: 'Received',
  on_hold: 'On hold',
  refunded: 'Refunded',
  refused: 'Refused',
  all: 'All',
};

const FILTERS: ReturnsFilter[] = ['open', ...RETURN_STATES, 'all'];

/**
 * /admin/returns: every return and exchange, those not finished first (the menu counts them),
 * filtered by state; each with its order, its timeline (requested, approved and the pickup,
 * received and the check, refunded or refused) and the next move, as on the order page.
 */
export function AdminReturnsPage() {
  const filter = route.useSearch().state ?? 'open';
  const navigate = useNavigate();
  const summary = trpc.returns.adminSummary.useQuery();
  const list = trpc.returns.adminList.useQuery(
    filter === 'all' ? {} : filter === 'open' ? { open: true } : { state: filter },
  );
  const utils = trpc.useUtils();
  const countOf = (f: ReturnsFilter) =>
    !summary.data
      ? null
      : f === 'open'
        ? summary.data.open
        : f === 'all'
          ? Object.values(summary.data.byState).reduce((a, b) => a + b, 0)
          : summary.data.byState[f];
  return (
    <div data-testid="admin-returns-page">
      <PageHeader
        title="Returns"
        description="Returns and exchanges asked by customers, with each move and the pickup."
      />
      <nav aria-label="Filter returns" className="mb-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => void navigate({ to: '/admin/returns', search: { state: f } })}
            className={cn(
              'rounded-full border px-3 py-1 text-sm',
              filter === f ? 'border-primary bg-primary text-primary-foreground' : 'bg-card',
            )}
          >
            {FILTER_LABELS[f]}
            {countOf(f) !== null && <span className="ml-1 opacity-80">({countOf(f)})</span>}
          </button>
        ))}
      </nav>
      {list.isLoading && <Skeleton className="h-40 w-full" />}
      {list.data?.length === 0 && (
        <p className="text-sm text-muted-foreground">
          No {filter === 'all' ? '' : `${FILTER_LABELS[filter].toLowerCase()} `}returns.
        </p>
      )}
      <div className="space-y-4">
        {list.data?.map((r) => (
          <Card key={r.id} data-testid="admin-return" data-state={r.state}>
            <CardContent className="space-y-3">
              <p className="text-sm">
                <Link
                  to="/admin/orders/$orderId"
                  params={{ orderId: r.orderId }}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  Order {orderNumberOf(r.orderId)}
                </Link>{' '}
                <span className="text-muted-foreground">
                  · asked {formatIndiaDate(r.createdAt)} · return window to{' '}
                  {formatIndiaDate(r.windowEndsOn)}
                </span>
              </p>
              <ReturnTimeline request={r} viewer="admin" />
              <NextStep
                request={r}
                onMoved={() => {
                  void utils.returns.invalidate();
                  void utils.orders.invalidate();
                }}
              />
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}
