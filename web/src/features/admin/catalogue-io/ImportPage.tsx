import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { CheckCircle2, Download, FileUp, Play, XCircle } from 'lucide-react';
import { CATALOGUE_COLUMN_HELP, formatRupees, type ImportDryRun } from '@kanak/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { TableCell, TableRow } from '@/components/ui/table';
import { figures, HeadedTable } from '../shared/HeadedTable';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';
import { errorMessage } from '../shared/error-message';
import { PageHeader } from '../shared/PageHeader';
import { saveBlob, templateCsv, uploadCatalogue } from './catalogue-files';
import { appliedOutcome } from './import-outcome';

const rupees = (value: number | null) => (value === null ? '—' : formatRupees(value));

/**
 * /admin/catalogue/import: upload a CSV or XLSX (and a zip of its images), read the
 * dry run — each refused cell, each new, changed or archived product — then apply it in the
 * worker and watch its progress.
 */
export function ImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [images, setImages] = useState<File | null>(null);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [dryRun, setDryRun] = useState<ImportDryRun | null>(null);
  const [applying, setApplying] = useState(false);
  const utils = trpc.useUtils();
  const status = trpc.catalogue.importStatus.useQuery(
    { id: dryRun?.id ?? '' },
    {
      enabled: applying && !!dryRun,
      refetchInterval: (query) => (query.state.data?.state === 'applying' ? 500 : false),
    },
  );
  const apply = trpc.catalogue.applyImport.useMutation({
    onSuccess: () => setApplying(true),
    onError: (error) => toast.error(errorMessage(error)),
  });

  const check = async () => {
    if (!file) return;
    setChecking(true);
    setProblem(null);
    setDryRun(null);
    setApplying(false);
    try {
      setDryRun(await uploadCatalogue(file, images));
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setChecking(false);
    }
  };

  const done = status.data?.state === 'applied';
  const failed = status.data?.state === 'failed';
  if ((done || failed) && applying) void utils.catalog.invalidate();
  const toApply = dryRun
    ? dryRun.summary.new + dryRun.summary.changed + dryRun.summary.archived
    : 0;
  // Row 1 is the heading row: an error there is a column the import does not read.
  const unknownColumns = dryRun?.errors.filter((e) => e.row === 1).length ?? 0;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Import catalogue"
        description="One row per product, its sizes side by side. Check the file first: nothing is saved until you apply it."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() => saveBlob(templateCsv(), 'catalogue-template.csv')}
            >
              <Download /> Template
            </Button>
            <Button asChild variant="outline">
              <Link to="/admin/products">Back to products</Link>
            </Button>
          </div>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>1. Choose the files</CardTitle>
        </CardHeader>
        <CardContent>
          <form
            className="grid gap-4 md:grid-cols-[1fr_1fr_auto] md:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              void check();
            }}
          >
            <div className="grid gap-1">
              <Label htmlFor="import-file">Catalogue (CSV or XLSX)</Label>
              <Input
                id="import-file"
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="import-images">Images (zip, optional)</Label>
              <Input
                id="import-images"
                type="file"
                accept=".zip,application/zip"
                onChange={(e) => setImages(e.target.files?.[0] ?? null)}
              />
            </div>
            <Button type="submit" disabled={!file || checking}>
              {checking ? <Spinner /> : <FileUp />} Check file
            </Button>
          </form>
          {problem && (
            <p role="alert" className="mt-4 text-destructive">
              {problem}
            </p>
          )}
        </CardContent>
      </Card>

      {dryRun && (
        <Card data-testid="dry-run">
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
            <CardTitle>2. What applying would do</CardTitle>
            <div className="flex flex-wrap gap-2" aria-label="Summary">
              <Badge variant="secondary">{dryRun.summary.new} new</Badge>
              <Badge variant="secondary">{dryRun.summary.changed} changed</Badge>
              <Badge variant="secondary">{dryRun.summary.unchanged} unchanged</Badge>
              <Badge variant="secondary">{dryRun.summary.archived} archived</Badge>
              <Badge variant={dryRun.summary.errors ? 'destructive' : 'secondary'}>
                {dryRun.summary.errors} with errors
              </Badge>
            </div>
          </CardHeader>
          <CardContent className="space-y-6">
            <section aria-labelledby="import-errors">
              <h2 id="import-errors" className="mb-2 font-semibold">
                Errors
              </h2>
              {dryRun.errors.length === 0 ? (
                <p className="text-muted-foreground">No errors: every row can be applied.</p>
              ) : (
                <>
                  <p className="mb-2 text-sm text-muted-foreground">
                    Rows with errors are left out of the apply. Fix them in the file and check it
                    again.
                  </p>
                  <div className="overflow-x-auto">
                    <HeadedTable
                      data-testid="import-errors"
                      heads={['Row', 'Column', 'Value', 'Problem']}
                    >
                      {dryRun.errors.map((e, i) => (
                        <TableRow key={`${e.row}-${e.column}-${i}`}>
                          <TableCell>{e.row}</TableCell>
                          <TableCell className="font-mono text-xs">{e.column}</TableCell>
                          <TableCell className="max-w-40 truncate" title={e.value}>
                            {e.value || '(empty)'}
                          </TableCell>
                          <TableCell className="min-w-56 whitespace-normal">{e.message}</TableCell>
                        </TableRow>
                      ))}
                    </HeadedTable>
                  </div>
                </>
              )}
            </section>
            <section aria-labelledby="import-changes">
              <h2 id="import-changes" className="mb-2 font-semibold">
                Changes
              </h2>
              {dryRun.changes.length === 0 ? (
                <p className="text-muted-foreground">Nothing to change.</p>
              ) : (
                <div className="overflow-x-auto">
                  <HeadedTable
                    data-testid="import-changes"
                    heads={['Row', 'SKU', 'Product', 'Fields', figures('Price today')]}
                  >
                    {dryRun.changes.map((c) => (
                      <TableRow key={c.row}>
                        <TableCell>{c.row}</TableCell>
                        <TableCell className="font-mono text-xs">{c.sku}</TableCell>
                        <TableCell className="min-w-40 whitespace-normal">
                          <Badge variant="outline" className="mr-2">
                            {c.kind}
                          </Badge>
                          {c.title}
                        </TableCell>
                        <TableCell className="min-w-56 whitespace-normal text-xs">
                          {c.kind === 'new'
                            ? `${c.fields.length} fields`
                            : c.fields.map((f) => (
                                <div key={f.column}>
                                  <span className="font-mono">{f.column}</span>: {f.before || '—'} →{' '}
                                  {f.after || '—'}
                                </div>
                              ))}
                        </TableCell>
                        <TableCell className="text-right whitespace-nowrap">
                          {c.price.before === c.price.after
                            ? rupees(c.price.after)
                            : `${rupees(c.price.before)} → ${rupees(c.price.after)}`}
                        </TableCell>
                      </TableRow>
                    ))}
                  </HeadedTable>
                </div>
              )}
            </section>
            <div className="flex flex-wrap items-center gap-4">
              <Button
                onClick={() => apply.mutate({ id: dryRun.id })}
                disabled={toApply === 0 || apply.isPending || applying}
              >
                {apply.isPending ? <Spinner /> : <Play />} Apply {toApply}{' '}
                {toApply === 1 ? 'product' : 'products'}
              </Button>
              {applying && (
                <div className="flex min-w-64 flex-1 items-center gap-3">
                  <div
                    role="progressbar"
                    aria-label="Import progress"
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={status.data?.progress ?? 0}
                    className="h-3 flex-1 overflow-hidden rounded-full bg-muted"
                  >
                    <div
                      className="h-full bg-primary transition-all"
                      style={{ width: `${status.data?.progress ?? 0}%` }}
                    />
                  </div>
                  <span className="w-12 text-right text-sm tabular-nums" aria-live="polite">
                    {status.data?.progress ?? 0}%
                  </span>
                </div>
              )}
            </div>
            {status.isError && (
              <p role="alert" className="text-destructive">
                {errorMessage(status.error)}
              </p>
            )}
            {failed && (
              <p role="alert" className="flex items-start gap-2 text-destructive">
                <XCircle className="mt-0.5 shrink-0" /> Import failed.{' '}
                {status.data?.message ?? 'A row could not be saved.'}
              </p>
            )}
            {done && (
              <div role="status" className="flex items-center gap-2 text-primary">
                <CheckCircle2 /> {status.data ? appliedOutcome(status.data) : 'Applied.'}
              </div>
            )}
            {done && status.data && status.data.failures.length > 0 && (
              <ul className="list-disc pl-6 text-sm">
                {status.data.failures.map((f) => (
                  <li key={f.row}>
                    Row {f.row} ({f.sku}): {f.message}
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      )}
      <ColumnReference open={unknownColumns > 0} />
    </div>
  );
}

/** What each column holds, on the page itself: an unknown column's error points here. */
function ColumnReference({ open }: { open: boolean }) {
  return (
    <Card id="import-columns">
      <CardContent>
        <details open={open || undefined} data-testid="import-columns">
          <summary className="cursor-pointer font-semibold">Columns the import reads</summary>
          <p className="mt-2 text-sm text-muted-foreground">
            Column names are read in any capitals. Any other column is reported and its cells are
            not saved. Options (status, metal, colour…) are read in any capitals; rupees may be
            written 31000, 31,000 or ₹31,000.
          </p>
          <div className="mt-3 overflow-x-auto">
            <HeadedTable heads={['Column', 'What it holds']}>
              {CATALOGUE_COLUMN_HELP.map((c) => (
                <TableRow key={c.column}>
                  <TableCell className="max-w-72 font-mono text-xs whitespace-normal">
                    {c.column}
                  </TableCell>
                  <TableCell className="whitespace-normal">{c.what}</TableCell>
                </TableRow>
              ))}
            </HeadedTable>
          </div>
        </details>
      </CardContent>
    </Card>
  );
}
