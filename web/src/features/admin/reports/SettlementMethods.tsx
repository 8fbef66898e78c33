import {
  formatIndiaDate,
  formatRupees,
  type Settlement,
  type SettlementGroup,
  type SettlementMethod,
} from '@kanak/shared';
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { BalanceCheck } from './BalanceCheck';
import { MoneyTable } from './MoneyTable';

const METHOD_LABELS: Record<SettlementMethod, string> = {
  online: 'Online (all providers)',
  cod: 'Cash on delivery (carrier remittances)',
  scheme: 'Savings scheme balance',
  store_credit: 'Store credit',
  exchange_credit: 'Exchange credit (old gold)',
};

function GroupRows({
  groups,
  label,
}: {
  groups: SettlementGroup[];
  label: (g: SettlementGroup) => string;
}) {
  return groups.map((g) => (
    <TableRow
      key={`${g.method}:${g.provider ?? ''}`}
      data-testid={`settlement-group-${g.method}-${g.provider ?? 'all'}`}
    >
      <TableCell>
        {label(g)}
        {(g.short > 0 || g.over > 0) && (
          <span className="block text-xs text-amber-900" data-testid="cod-differences">
            {[
              g.short > 0 ? `remitted ${formatRupees(g.short)} short` : null,
              g.over > 0 ? `${formatRupees(g.over)} over` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        )}
      </TableCell>
      <TableCell className="text-right">{g.rows}</TableCell>
      <TableCell className="text-right">{formatRupees(g.received)}</TableCell>
      <TableCell className="text-right">{formatRupees(g.refunded)}</TableCell>
      <TableCell className="text-right">{formatRupees(g.owed)}</TableCell>
      <TableCell className="text-right">{formatRupees(g.creditIssued)}</TableCell>
      <TableCell className="text-right font-medium">{formatRupees(g.net)}</TableCell>
    </TableRow>
  ));
}

function GroupHead({ first }: { first: string }) {
  return (
    <TableHeader>
      <TableRow>
        <TableHead>{first}</TableHead>
        <TableHead className="text-right">Rows</TableHead>
        <TableHead className="text-right">Received</TableHead>
        <TableHead className="text-right">Refunded</TableHead>
        <TableHead className="text-right">Owed</TableHead>
        <TableHead className="text-right">Credit issued</TableHead>
        <TableHead className="text-right">Paid of invoices</TableHead>
      </TableRow>
    </TableHeader>
  );
}

/**
 * How the range's invoices were paid: per method (online, COD, scheme, store credit, exchange
 * credit) and per provider, each method's part of invoiced − credited, adding up to it.
 */
export function SettlementMethods({ data }: { data: Settlement }) {
  const net = data.totals.invoiced - data.totals.credited;
  return (
    <section className="space-y-2" data-testid="settlement-methods">
      <h3 className="font-medium">How the invoices were paid</h3>
      <div className="overflow-x-auto">
        <Table>
          <GroupHead first="Method" />
          <TableBody>
            <GroupRows groups={data.byMethod} label={(g) => METHOD_LABELS[g.method]} />
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell colSpan={6}>Invoiced − credited</TableCell>
              <TableCell className="text-right font-semibold">{formatRupees(net)}</TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </div>
      <BalanceCheck testId="settlement-methods-balance" balances={data.balancesByMethod}>
        The methods paid {formatRupees(data.byMethod.reduce((s, g) => s + g.net, 0))}{' '}
        {data.balancesByMethod ? '=' : '≠'} invoiced − credited {formatRupees(net)}
      </BalanceCheck>
      {data.byProvider.length > 0 && (
        <div className="overflow-x-auto">
          <Table>
            <GroupHead first="Provider" />
            <TableBody>
              <GroupRows groups={data.byProvider} label={(g) => g.provider ?? g.method} />
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}

/** Scheme instalments owed back (paid twice, after closing, the wrong amount): money owed. */
export function InstalmentsOwedBack({ data }: { data: Settlement }) {
  const rows = data.instalmentsOwedBack;
  const t = data.instalmentTotals;
  return (
    <section className="space-y-2" data-testid="settlement-instalments">
      <h3 className="font-medium">
        Instalments owed back ({rows.length}): {formatRupees(t.owed)} owed,{' '}
        {formatRupees(t.refunded)} refunded
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No scheme instalment is owed back.</p>
      ) : (
        <MoneyTable heads={['Date', 'Scheme', 'Payment']}>
          {rows.map((i) => (
            <TableRow key={i.schemePaymentId}>
              <TableCell className="whitespace-nowrap">{formatIndiaDate(i.date)}</TableCell>
              <TableCell>
                {i.plan} · instalment {i.n}
                {i.note && <span className="block text-xs text-muted-foreground">{i.note}</span>}
              </TableCell>
              <TableCell className="max-w-48 font-mono text-xs break-all">
                {i.providerPaymentId}
                {i.refundState && (
                  <span className="block font-sans text-muted-foreground">
                    refund {i.refundState}
                  </span>
                )}
              </TableCell>
              <TableCell className="text-right">{formatRupees(i.amount)}</TableCell>
              <TableCell className="text-right">{formatRupees(i.refunded)}</TableCell>
              <TableCell className="text-right">{formatRupees(i.owed)}</TableCell>
            </TableRow>
          ))}
        </MoneyTable>
      )}
    </section>
  );
}
