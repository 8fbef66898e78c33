import { Link } from '@tanstack/react-router';
import {
  formatRupees,
  SLOT_WINDOW_LABELS,
  type ExchangeRequestView,
  type PassbookRefund,
} from '@kanak/shared';
import { Skeleton } from '@/components/ui/skeleton';
import { rupees, STATE_LABEL } from '@/features/schemes/scheme-format';
import { trpc } from '@/lib/trpc';
import { longDate } from '@/lib/long-date';

const EXCHANGE_STATE: Record<ExchangeRequestView['status'], string> = {
  requested: 'Waiting for testing',
  credited: 'Valued and credited',
  paid_out: 'Valued and paid',
  cancelled: 'Closed',
};

const REFUND_STATE: Record<PassbookRefund['state'], string> = {
  due: 'Due to you',
  processing: 'On its way',
  done: 'Refunded',
};

/** A signed amount as a passbook prints it: +₹40,000 in, −₹26,616 out. */
const signed = (amount: number) =>
  amount < 0 ? `−${formatRupees(-amount)}` : `+${formatRupees(amount)}`;

/**
 * The shopper's money with the shop in one place: store credit (old-gold exchanges and
 * exchanged returns) with every entry, each savings scheme's balance, old-gold requests
 * with their state, and refunds due and done.
 */
export function PassbookPanel() {
  const credit = trpc.exchange.credit.useQuery();
  const schemes = trpc.schemes.list.useQuery({}, { refetchOnMount: 'always' });
  const requests = trpc.exchange.mine.useQuery();
  const refunds = trpc.orders.refunds.useQuery(undefined, { refetchOnMount: 'always' });
  return (
    <section className="grid gap-6" aria-labelledby="passbook-title">
      <h2 id="passbook-title" className="font-serif text-2xl">
        Passbook
      </h2>
      <section className="rounded-xl border bg-card p-5" aria-labelledby="credit-title">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id="credit-title" className="text-lg font-semibold">
            Store credit
          </h3>
          {credit.data && (
            <p className="text-2xl font-semibold text-primary" data-testid="passbook-credit">
              {formatRupees(credit.data.balance)}
            </p>
          )}
        </div>
        {credit.isPending ? (
          <Skeleton className="mt-3 h-16" />
        ) : credit.data && credit.data.entries.length > 0 ? (
          <ul className="mt-3 divide-y text-sm" data-testid="passbook-credit-entries">
            {credit.data.entries.map((e, i) => (
              <li key={i} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  {longDate(e.at)} · {e.note}
                </span>
                <span className={e.amount < 0 ? 'text-muted-foreground' : 'font-medium'}>
                  {signed(e.amount)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">
            No store credit yet: an old-gold exchange or an exchanged return puts it here, to spend
            at checkout.
          </p>
        )}
      </section>
      <section className="rounded-xl border bg-card p-5" aria-labelledby="pb-schemes-title">
        <h3 id="pb-schemes-title" className="text-lg font-semibold">
          Savings schemes
        </h3>
        {schemes.data && schemes.data.length > 0 ? (
          <ul className="mt-3 divide-y text-sm">
            {schemes.data.map((e) => (
              <li key={e.id} className="flex flex-wrap justify-between gap-2 py-2">
                <Link
                  to="/account/schemes/$enrolmentId"
                  params={{ enrolmentId: e.id }}
                  className="text-primary underline"
                >
                  {e.plan.name}
                </Link>
                <span>
                  {STATE_LABEL[e.state]} · {e.paid.length} of {e.plan.instalments} paid · balance{' '}
                  {rupees(e.balance)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">No savings scheme yet.</p>
        )}
      </section>
      <section className="rounded-xl border bg-card p-5" aria-labelledby="pb-gold-title">
        <h3 id="pb-gold-title" className="text-lg font-semibold">
          Old-gold requests
        </h3>
        {requests.data && requests.data.length > 0 ? (
          <ul className="mt-3 divide-y text-sm" data-testid="passbook-old-gold">
            {requests.data.map((r) => (
              <li key={r.id} className="grid gap-1 py-2">
                <div className="flex flex-wrap justify-between gap-2">
                  <span className="font-medium">
                    {r.id.slice(0, 8).toUpperCase()} · {r.items.length}{' '}
                    {r.items.length === 1 ? 'piece' : 'pieces'}
                  </span>
                  <span>
                    {EXCHANGE_STATE[r.status]}
                    {r.finalValue !== null
                      ? ` · ${formatRupees(r.finalValue)}`
                      : ` · estimate ${formatRupees(r.estimate)}`}
                  </span>
                </div>
                <span className="text-muted-foreground">
                  {r.visit === 'pickup' ? 'Insured pickup' : 'Store visit'}
                  {r.slot
                    ? ` on ${longDate(r.slot.date)}, ${SLOT_WINDOW_LABELS[r.slot.window]}`
                    : ''}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">
            No old-gold request yet.{' '}
            <Link to="/old-gold" className="text-primary underline">
              Value your old gold
            </Link>
          </p>
        )}
      </section>
      <section className="rounded-xl border bg-card p-5" aria-labelledby="pb-refunds-title">
        <h3 id="pb-refunds-title" className="text-lg font-semibold">
          Refunds
        </h3>
        {refunds.data && refunds.data.length > 0 ? (
          <ul className="mt-3 divide-y text-sm" data-testid="passbook-refunds">
            {refunds.data.map((r) => (
              <li key={r.id} className="grid gap-1 py-2">
                <div className="flex flex-wrap justify-between gap-2">
                  {r.kind === 'order' ? (
                    <Link
                      to="/account/orders/$orderId/$index"
                      params={{ orderId: r.refersTo, index: '0' }}
                      className="text-primary underline"
                    >
                      {r.label}
                    </Link>
                  ) : (
                    <Link
                      to="/account/schemes/$enrolmentId"
                      params={{ enrolmentId: r.refersTo }}
                      className="text-primary underline"
                    >
                      {r.label}
                    </Link>
                  )}
                  <span className="font-medium">{formatRupees(r.amount)}</span>
                </div>
                <span
                  className={r.state === 'due' ? 'text-destructive' : 'text-muted-foreground'}
                  data-state={r.state}
                >
                  {REFUND_STATE[r.state]}
                  {r.state === 'done' ? ' on ' : ' since '}
                  {longDate(r.at)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">
            No refunds: money we owe you back shows here until it reaches you.
          </p>
        )}
      </section>
    </section>
  );
}
