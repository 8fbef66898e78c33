import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import {
  IndianRupee,
  Minus,
  Package,
  ShoppingBag,
  TrendingDown,
  TrendingUp,
  Users,
} from 'lucide-react';
import { formatRupees, growthNote, type GrowthDirection } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { trpc } from '@/lib/trpc';
import { errorMessage } from '../shared/error-message';
import { RecentOrdersTable } from './RecentOrdersTable';
import { RecentProductsTable } from './RecentProductsTable';

// The chart library (recharts, about 100 kB gzip) loads with the chart, after the figures: the
// dashboard's first load stays within its budget on the owner's phone.
const SalesChart = lazy(() => import('./SalesChart').then((m) => ({ default: m.SalesChart })));

/** The arrow beside the growth note follows its sign; the note says it in words too. */
const GROWTH_ARROWS: Record<GrowthDirection, { Icon: typeof TrendingUp; tone: string }> = {
  up: { Icon: TrendingUp, tone: 'text-green-600' },
  down: { Icon: TrendingDown, tone: 'text-destructive' },
  flat: { Icon: Minus, tone: 'text-muted-foreground' },
};

function GrowthArrow({ direction }: { direction: GrowthDirection }) {
  const { Icon, tone } = GROWTH_ARROWS[direction];
  return (
    <Icon
      aria-hidden
      className={`size-4 shrink-0 ${tone}`}
      data-testid="growth-arrow"
      data-direction={direction}
    />
  );
}

/** /admin: figures computed by the server from the database (not the spec's fixed samples). */
export function DashboardPage() {
  const me = trpc.users.me.useQuery();
  const dashboard = trpc.orders.dashboard.useQuery();

  if (dashboard.isError) {
    return (
      <p role="alert" className="text-destructive">
        {errorMessage(dashboard.error)}
      </p>
    );
  }
  const data = dashboard.data;
  const growth = data ? growthNote(data.growthPercent) : undefined;
  const overview = data
    ? [
        {
          label: 'Sales',
          value: data.sales.toLocaleString('en-IN'),
          icon: ShoppingBag,
          tone: 'bg-primary',
        },
        {
          label: 'Customers',
          value: data.customers.toLocaleString('en-IN'),
          icon: Users,
          tone: 'bg-green-600',
        },
        {
          label: 'Products',
          value: data.products.toLocaleString('en-IN'),
          icon: Package,
          tone: 'bg-amber-500',
        },
        {
          label: 'Revenue',
          value: formatRupees(data.revenue),
          icon: IndianRupee,
          tone: 'bg-blue-600',
        },
      ]
    : [];

  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="relative overflow-hidden" data-testid="welcome-card">
          <CardHeader>
            <CardTitle className="text-2xl text-primary">Kanak Jewellers</CardTitle>
            <CardDescription>
              Congratulations {me.data?.firstName ?? ''}! Here is how the shop is doing.
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {data ? (
              <p
                className="font-serif text-4xl font-bold text-gold-ink"
                data-testid="welcome-sales"
              >
                {formatRupees(data.revenue)}
              </p>
            ) : (
              <Skeleton className="h-10 w-40" />
            )}
            <p className="text-sm text-muted-foreground">Total sales from paid orders</p>
            <Button asChild>
              <Link to="/admin/orders">View Sales</Link>
            </Button>
          </CardContent>
        </Card>

        <Card className="lg:col-span-2" data-testid="monthly-overview">
          <CardHeader>
            <CardTitle>Monthly Overview</CardTitle>
            <CardDescription className="flex items-center gap-1">
              {growth ? (
                <>
                  <GrowthArrow direction={growth.direction} />
                  <span>
                    <span className="font-semibold text-foreground" data-testid="growth">
                      {growth.text}
                    </span>{' '}
                    in the last 30 days
                  </span>
                </>
              ) : (
                <Skeleton className="h-4 w-48" />
              )}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-1 flex-col justify-center gap-6">
            {/* A crore of revenue is as wide as a tile of four: four in a row only where they fit. */}
            <dl className="grid grid-cols-1 gap-6 sm:grid-cols-2 2xl:grid-cols-4">
              {data
                ? overview.map((item) => (
                    <div key={item.label} className="flex min-w-0 items-center gap-3">
                      <span
                        className={`flex size-11 shrink-0 items-center justify-center rounded-lg text-white ${item.tone}`}
                      >
                        <item.icon className="size-5" />
                      </span>
                      <div>
                        <dt className="text-xs text-muted-foreground">{item.label}</dt>
                        <dd
                          className="text-lg font-semibold"
                          data-testid={`overview-${item.label.toLowerCase()}`}
                        >
                          {item.value}
                        </dd>
                      </div>
                    </div>
                  ))
                : Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-11" />)}
            </dl>
            {data && (
              <p className="text-sm text-muted-foreground">
                Sales counts the pieces of paid orders; {data.orders.toLocaleString('en-IN')} orders
                have been placed in all.
              </p>
            )}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Sales of the last 30 days</CardTitle>
          <CardDescription>Revenue of paid orders per day</CardDescription>
        </CardHeader>
        <CardContent>
          {data ? (
            <Suspense fallback={<Skeleton className="h-64" />}>
              <SalesChart data={data.salesByDay} />
            </Suspense>
          ) : (
            <Skeleton className="h-64" />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Recent Orders</CardTitle>
        </CardHeader>
        <CardContent>
          {data ? <RecentOrdersTable orders={data.recentOrders} /> : <Skeleton className="h-40" />}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Recent Products</CardTitle>
        </CardHeader>
        <CardContent>
          {data ? (
            <RecentProductsTable products={data.recentProducts} />
          ) : (
            <Skeleton className="h-40" />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
