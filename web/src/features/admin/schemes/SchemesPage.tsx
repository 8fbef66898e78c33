import { getRouteApi } from '@tanstack/react-router';
import { SCHEME_BOOK_FILTERS, type SchemeBookFilter } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { trpc } from '@/lib/trpc';
import { errorMessage } from '../shared/error-message';
import { PageHeader } from '../shared/PageHeader';
import { EnrolmentsTable } from './EnrolmentsTable';
import { InstalmentsOwed } from './InstalmentsOwed';
import { PlansSection } from './PlansSection';
import { SchemeFigures } from './SchemeFigures';

const route = getRouteApi('/admin/schemes');

const FILTER_LABELS: Record<SchemeBookFilter, string> = {
  all: 'All',
  overdue: 'Overdue',
  maturing: 'Maturing this month',
  unredeemed: 'Matured, unredeemed',
};

const EMPTY_TEXT: Record<SchemeBookFilter, string> = {
  all: 'No enrolments yet.',
  overdue: 'No enrolment is overdue.',
  maturing: 'No enrolment matures this month.',
  unredeemed: 'No matured scheme is waiting to be redeemed.',
};

/**
 * /admin/schemes: the owner's view of the savings schemes — the plans (create,
 * edit, pause), the enrolments by filter, collections per month and the liability.
 */
export function SchemesPage() {
  const { filter = 'all' } = route.useSearch();
  const navigate = route.useNavigate();
  const book = trpc.schemes.book.useQuery({ filter });
  const setFilter = (next: SchemeBookFilter) =>
    void navigate({ search: { filter: next === 'all' ? undefined : next } });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Savings schemes"
        description="Monthly gold savings plans: enrolments, collections and the money held for customers"
        actions={
          <Button variant="outline" size="sm" onClick={() => void book.refetch()}>
            Refresh
          </Button>
        }
      />
      <SchemeFigures data={book.data} failed={book.isError} />
      <section aria-labelledby="scheme-enrolments-title" className="space-y-3">
        <h2 id="scheme-enrolments-title" className="text-xl font-semibold">
          Enrolments
        </h2>
        <div
          className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap"
          role="group"
          aria-label="Filter enrolments"
        >
          {SCHEME_BOOK_FILTERS.map((f) => (
            <Button
              key={f}
              type="button"
              size="sm"
              variant={filter === f ? 'default' : 'outline'}
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
              data-testid={`scheme-filter-${f}`}
            >
              {FILTER_LABELS[f]}
            </Button>
          ))}
        </div>
        <Card>
          <CardContent>
            {book.isError ? (
              <div role="alert" className="space-y-3 py-6 text-center">
                <p className="text-destructive">{errorMessage(book.error)}</p>
                <Button variant="outline" size="sm" onClick={() => void book.refetch()}>
                  Try again
                </Button>
              </div>
            ) : !book.data ? (
              <Skeleton className="h-48" aria-label="Loading enrolments" />
            ) : book.data.enrolments.length === 0 ? (
              <p className="py-10 text-center text-muted-foreground" data-testid="schemes-empty">
                {EMPTY_TEXT[filter]}
              </p>
            ) : (
              <EnrolmentsTable enrolments={book.data.enrolments} />
            )}
          </CardContent>
        </Card>
      </section>
      {book.data?.owedBack?.length ? (
        <section aria-labelledby="scheme-owed-title" className="space-y-3">
          <h2 id="scheme-owed-title" className="text-xl font-semibold">
            Instalments owed back
          </h2>
          <Card>
            <CardContent>
              <InstalmentsOwed owed={book.data.owedBack} onChanged={() => void book.refetch()} />
            </CardContent>
          </Card>
        </section>
      ) : null}
      <PlansSection />
    </div>
  );
}
