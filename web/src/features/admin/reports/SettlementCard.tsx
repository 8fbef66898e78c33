import { useState } from 'react';
import { Download } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { formatIndiaDate, formatRupees, type SettlementPayment } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { trpc } from '@/lib/trpc';
import { errorMessage } from '../shared/error-message';
import { BalanceCheck } from './BalanceCheck';
import { DateRangeFields } from './DateRangeFields';
import { MoneyTable } from './MoneyTable';
import { InstalmentsOwedBack, SettlementMethods } from './SettlementMethods';

/** Rows shown on screen per list; the CSV has them all. */
const SHOWN = 100;

function PaymentRows({ rows, empty }: { rows: SettlementPayment[]; empty: string }) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <MoneyTable
      heads={['Date', 'Payment', 'Order', 'Invoice']}
      note={
        rows.length > SHOWN && (
          <p className="pt-2 text-xs text-muted-foreground">
            The first {SHOWN} of {rows.length} shown; all are in the CSV.
          </p>
        )
      }
    >
      {rows.slice(0, SHOWN).map((p) => (
        <TableRow key={`${p.provider}:${p.providerPaymentId}:${p.invoice ?? p.orderId}`}>
          <TableCell className="whitespace-nowrap">{formatIndiaDate(p.date)}</TableCell>
          <TableCell className="max-w-48 font-mono text-xs break-all">
            {p.method === 'balances' ? (
              <span className="font-sans">Paid by balances</span>
            ) : (
              <>
                <span className="block font-sans text-muted-foreground">{p.provider}</span>
                {p.providerPaymentId}
              </>
            )}
            {(p.schemeSpent > 0 || p.creditSpent > 0) && (
              <span className="block font-sans text-muted-foreground">
                {[
                  p.schemeSpent > 0 ? `scheme ${formatRupees(p.schemeSpent)}` : null,
                  p.creditSpent - p.exchangeCreditSpent > 0
                    ? `store credit ${formatRupees(p.creditSpent - p.exchangeCreditSpent)}`
                    : null,
                  p.exchangeCreditSpent > 0
                    ? `exchange credit ${formatRupees(p.exchangeCreditSpent)}`
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            )}
          </TableCell>
          <TableCell>
            {p.orderNumber ? (
              <Link
                to="/admin/orders/$orderId"
                params={{ orderId: p.orderId }}
                className="underline-offset-2 hover:underline"
              >
                #{p.orderNumber}
              </Link>
            ) : (
              <span className="text-muted-foreground">deleted order</span>
            )}
            {p.refundReason && (
              <span className="block text-xs text-muted-foreground">
                {p.refundReason.replaceAll('_', ' ').toLowerCase()}
                {p.refundState ? ` · refund ${p.refundState}` : ''}
              </span>
            )}
          </TableCell>
          <TableCell className="whitespace-nowrap">
            {p.invoice ?? '—'}
            {p.creditNote && (
              <span className="block text-xs text-muted-foreground">{p.creditNote}</span>
            )}
          </TableCell>
          <TableCell className="text-right">{formatRupees(p.amount)}</TableCell>
          <TableCell className="text-right">
            {formatRupees(p.refunded)}
            {p.transferPaid > 0 && (
              <span className="block text-xs text-muted-foreground">
                {formatRupees(p.transferPaid)} by bank transfer {p.transferReference}
              </span>
            )}
          </TableCell>
          <TableCell className="text-right">
            {formatRupees(p.owed)}
            {p.transferDue > 0 && (
              <span className="block text-xs text-amber-900" data-testid="transfer-due">
                {formatRupees(p.transferDue)} due by bank transfer
              </span>
            )}
          </TableCell>
        </TableRow>
      ))}
    </MoneyTable>
  );
}

/**
 * The settlement of a range: payments received matched to orders and invoices, what is not
 * matched, refunds due and paid, and whether the totals balance (received − refunded =
 * invoiced − credited + owed + store credit issued − store credit spent − scheme spent), and
 * how the invoices were paid, by method and provider.
 */
export function SettlementCard({
  start,
  download,
}: {
  start: { from: string; to: string };
  download: (path: string, fileName: string) => void;
}) {
  const [range, setRange] = useState(start);
  const report = trpc.reports.settlement.useQuery(range, { retry: false });
  const data = report.data;
  const figures = data
    ? ([
        ['Received', data.totals.received],
        ['Refunded', data.totals.refunded],
        ['Invoiced', data.totals.invoiced],
        ['Credited', data.totals.credited],
        ['Owed', data.totals.owed],
        ['Store credit issued', data.totals.creditIssued],
        ['Store credit spent', data.totals.creditSpent],
        ['Scheme spent', data.totals.schemeSpent],
      ] as const)
    : [];
  return (
    <Card data-testid="settlement">
      <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
        <CardTitle>Settlement</CardTitle>
        <div className="flex flex-wrap items-end gap-3">
          <DateRangeFields idPrefix="settlement" range={range} onChange={setRange} />
          <Button
            variant="outline"
            aria-label="Download the settlement as CSV"
            onClick={() =>
              download(
                `/api/admin/reports/settlement?from=${range.from}&to=${range.to}&format=csv`,
                `settlement-${range.from}-to-${range.to}.csv`,
              )
            }
          >
            <Download /> CSV
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        {report.isError ? (
          <p role="alert" className="text-destructive">
            {errorMessage(report.error)}
          </p>
        ) : !data ? (
          <Skeleton className="h-32 w-full" />
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
              {figures.map(([label, value]) => (
                <div key={label} className="rounded-lg border p-3">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="text-lg font-semibold" data-testid={`settlement-${label}`}>
                    {formatRupees(value)}
                  </dd>
                </div>
              ))}
            </dl>
            <BalanceCheck testId="settlement-balance" balances={data.balances}>
              Received − refunded {formatRupees(data.totals.received - data.totals.refunded)}{' '}
              {data.balances ? '=' : '≠'} invoiced − credited + owed + store credit issued − spent −
              scheme spent{' '}
              {formatRupees(
                data.totals.invoiced -
                  data.totals.credited +
                  data.totals.owed +
                  data.totals.creditIssued -
                  data.totals.creditSpent -
                  data.totals.schemeSpent,
              )}
              {data.balances
                ? ''
                : ': see the payments without an invoice and the invoices without a payment'}
            </BalanceCheck>
            <SettlementMethods data={data} />
            <section className="space-y-2">
              <h3 className="font-medium">Refunds due ({data.refundsDue.length})</h3>
              <PaymentRows rows={data.refundsDue} empty="No refund is owed." />
            </section>
            <section className="space-y-2">
              <h3 className="font-medium">Refunds paid ({data.refundsPaid.length})</h3>
              <PaymentRows rows={data.refundsPaid} empty="No refund was paid." />
            </section>
            <section className="space-y-2">
              <h3 className="font-medium">Payments without an invoice ({data.unmatched.length})</h3>
              <PaymentRows
                rows={data.unmatched}
                empty="Every payment received paid an invoiced order."
              />
            </section>
            <section className="space-y-2">
              <h3 className="font-medium">
                Invoices without a payment ({data.invoicesWithoutPayment.length})
              </h3>
              {data.invoicesWithoutPayment.length === 0 ? (
                <p className="text-sm text-muted-foreground">Every invoice was paid.</p>
              ) : (
                <ul className="text-sm">
                  {data.invoicesWithoutPayment.slice(0, SHOWN).map((i) => (
                    <li key={i.number}>
                      {i.number} · {formatIndiaDate(i.date)} · {formatRupees(i.total)}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <InstalmentsOwedBack data={data} />
            <section className="space-y-2">
              <h3 className="font-medium">
                Payments received ({data.payments.filter((p) => p.method !== 'balances').length})
                {data.payments.some((p) => p.method === 'balances') &&
                  `, invoices paid by balances (${data.payments.filter((p) => p.method === 'balances').length})`}
              </h3>
              {data.page && data.page.rows > data.payments.length && (
                <p className="text-sm text-muted-foreground">
                  The first {data.payments.length.toLocaleString('en-IN')} of{' '}
                  {data.page.rows.toLocaleString('en-IN')} rows are counted here; the totals cover
                  all of them, and all are in the CSV.
                </p>
              )}
              <PaymentRows rows={data.payments} empty="No payment in these dates." />
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}
