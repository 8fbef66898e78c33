import { useState } from 'react';
import { Download, Loader2 } from 'lucide-react';
import {
  formatIndiaDate,
  formatRupees,
  GSTR1_TABLES,
  indiaDate,
  type Gstr1,
  type Gstr1Table,
} from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { figures, HeadedTable } from '../shared/HeadedTable';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';
import { errorMessage } from '../shared/error-message';
import { PageHeader } from '../shared/PageHeader';
import { DateRangeFields } from './DateRangeFields';
import { downloadReport, type DownloadProgress } from './download-report';
import { SettlementCard } from './SettlementCard';

/** Today and the month's first day in India's time (the books are kept in IST). */
function thisMonth() {
  const today = indiaDate(new Date());
  return { from: `${today.slice(0, 7)}-01`, to: today, month: today.slice(0, 7) };
}

const TABLE_NAMES: Record<Gstr1Table, string> = {
  b2cs: 'B2CS',
  b2cl: 'B2CL',
  cdnur: 'Credit notes of B2CL (CDNUR)',
  hsn: 'HSN summary',
  docs: 'Documents issued',
};

/**
 * A CSV the server streams, saved under its name (a plain link cannot send the token), with its
 * progress (rows and bytes received so far) shown while it arrives.
 */
function useReportDownload() {
  const [progress, setProgress] = useState<(DownloadProgress & { fileName: string }) | null>(null);
  const download = (path: string, fileName: string) => {
    setProgress({ fileName, bytes: 0, rows: 0 });
    downloadReport(path, fileName, (p) => setProgress({ fileName, ...p }))
      .then((done) => toast.success(`${fileName}: ${done.rows.toLocaleString('en-IN')} rows`))
      .catch((error: Error) => toast.error(error.message))
      .finally(() => setProgress(null));
  };
  return { download, progress };
}

/** A GSTR-1 table's rows in the month: B2CL and CDNUR come a page at a time, with their count. */
const rowsOf = (data: Gstr1, table: Gstr1Table) =>
  table === 'b2cl' || table === 'cdnur'
    ? (data.page?.[table] ?? data[table].length)
    : data[table].length;

/**
 * /admin/reports: the owner's books. The sales register of a range and GSTR-1 of a month, on
 * screen and as CSV for the accountant or the GST offline tool.
 */
export function ReportsPage() {
  const start = thisMonth();
  const [range, setRange] = useState({ from: start.from, to: start.to });
  const [month, setMonth] = useState(start.month);
  const register = trpc.reports.salesRegister.useQuery(range, { retry: false });
  const returns = trpc.reports.gstr1.useQuery({ month }, { retry: false });
  const rangeQuery = `from=${range.from}&to=${range.to}`;
  const { download, progress } = useReportDownload();

  return (
    <div className="space-y-6">
      <PageHeader
        title="Reports"
        description="Sales register, settlement and GSTR-1 from the invoices, credit notes, payments and refunds (India time). Confirm the figures with your accountant before filing."
      />
      {progress && (
        <p
          role="status"
          data-testid="download-progress"
          className="flex items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
        >
          <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden />
          <span className="min-w-0 break-all">
            Downloading {progress.fileName}: {progress.rows.toLocaleString('en-IN')} rows,{' '}
            {(progress.bytes / 1024).toLocaleString('en-IN', { maximumFractionDigits: 0 })} KB
          </span>
        </p>
      )}
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
          <CardTitle>Sales register</CardTitle>
          <div className="flex flex-wrap items-end gap-3">
            <DateRangeFields idPrefix="register" range={range} onChange={setRange} />
            <Button
              variant="outline"
              onClick={() =>
                download(
                  `/api/admin/reports/sales-register?${rangeQuery}&format=csv`,
                  `sales-register-${range.from}-to-${range.to}.csv`,
                )
              }
            >
              <Download /> CSV
            </Button>
          </div>
        </CardHeader>
        <CardContent>
          {register.isError ? (
            <p role="alert" className="text-destructive">
              {errorMessage(register.error)}
            </p>
          ) : !register.data ? (
            <Skeleton className="h-32 w-full" />
          ) : register.data.rows.length === 0 ? (
            <p className="text-muted-foreground">No invoice or credit note in these dates.</p>
          ) : (
            <div className="overflow-x-auto">
              <HeadedTable
                heads={[
                  'Number',
                  'Date',
                  'Buyer',
                  'Place of supply',
                  figures('Taxable'),
                  figures('CGST'),
                  figures('SGST'),
                  figures('IGST'),
                  figures('Total'),
                ]}
              >
                {register.data.rows.slice(0, 200).map((row) => (
                  <TableRow key={row.number}>
                    <TableCell>
                      {row.number}
                      {row.kind === 'credit-note' && (
                        <span className="block text-xs text-muted-foreground">
                          Credit note for {row.refersTo}
                        </span>
                      )}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{formatIndiaDate(row.date)}</TableCell>
                    <TableCell>{row.buyer}</TableCell>
                    <TableCell>{row.placeOfSupply}</TableCell>
                    <TableCell className="text-right">{formatRupees(row.taxable)}</TableCell>
                    <TableCell className="text-right">{formatRupees(row.cgst)}</TableCell>
                    <TableCell className="text-right">{formatRupees(row.sgst)}</TableCell>
                    <TableCell className="text-right">{formatRupees(row.igst)}</TableCell>
                    <TableCell className="text-right">{formatRupees(row.total)}</TableCell>
                  </TableRow>
                ))}
                <TableRow className="font-semibold">
                  <TableCell colSpan={4}>
                    Totals ({register.data.page?.rows ?? register.data.rows.length} documents
                    {(register.data.page?.rows ?? register.data.rows.length) > 200
                      ? '; the first 200 shown, all in the CSV'
                      : ''}
                    )
                  </TableCell>
                  <TableCell className="text-right">
                    {formatRupees(register.data.totals.taxable)}
                  </TableCell>
                  <TableCell className="text-right">
                    {formatRupees(register.data.totals.cgst)}
                  </TableCell>
                  <TableCell className="text-right">
                    {formatRupees(register.data.totals.sgst)}
                  </TableCell>
                  <TableCell className="text-right">
                    {formatRupees(register.data.totals.igst)}
                  </TableCell>
                  <TableCell className="text-right">
                    {formatRupees(register.data.totals.total)}
                  </TableCell>
                </TableRow>
              </HeadedTable>
            </div>
          )}
        </CardContent>
      </Card>

      <SettlementCard start={{ from: start.from, to: start.to }} download={download} />

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
          <CardTitle>GSTR-1</CardTitle>
          <div className="grid gap-1">
            <Label htmlFor="gstr1-month">Month</Label>
            <Input
              id="gstr1-month"
              type="month"
              value={month}
              onChange={(e) => setMonth(e.target.value)}
            />
          </div>
        </CardHeader>
        <CardContent className="space-y-4">
          {returns.isError ? (
            <p role="alert" className="text-destructive">
              {errorMessage(returns.error)}
            </p>
          ) : !returns.data ? (
            <Skeleton className="h-24 w-full" />
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {GSTR1_TABLES.map((table) => (
                <li
                  key={table}
                  className="flex items-center justify-between gap-3 rounded-lg border p-3"
                >
                  <div>
                    <p className="font-medium">{TABLE_NAMES[table]}</p>
                    <p className="text-sm text-muted-foreground">
                      {rowsOf(returns.data, table)} row
                      {rowsOf(returns.data, table) === 1 ? '' : 's'}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Download ${TABLE_NAMES[table]} as CSV`}
                    onClick={() =>
                      download(
                        `/api/admin/reports/gstr1?month=${month}&format=csv&table=${table}`,
                        `gstr1-${month}-${table}.csv`,
                      )
                    }
                  >
                    <Download /> CSV
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
