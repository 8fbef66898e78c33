import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { formatRupees, type RemittanceAnswer } from '@kanak/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TableCell, TableRow } from '@/components/ui/table';
import { figures, HeadedTable } from '../shared/HeadedTable';
import { toast } from '@/lib/toast';
import { uploadRemittance } from './upload-remittance';

const TONE: Record<string, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  matched: 'default',
  recorded: 'secondary',
  short: 'destructive',
  over: 'destructive',
  unmatched: 'destructive',
  invalid: 'destructive',
  duplicate: 'outline',
};

/**
 * The carrier's COD remittance file: uploaded, dry-run (each line matched by AWB to a delivered
 * COD order, short, over and unmatched lines listed), then applied (recorded once per order).
 */
export function RemittancesPage() {
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<RemittanceAnswer | null>(null);
  // The file goes up as it is (multipart): the server checks it is a CSV and not too large.
  const send = useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) =>
      uploadRemittance(file, dryRun),
    onSuccess: (result) => {
      setAnswer(result);
      if (!result.dryRun) toast.success(`${result.totals.recorded} payments recorded`);
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-2xl">COD remittances</h1>
        <p className="text-sm text-muted-foreground">
          The carrier&apos;s file (CSV with AWB, amount, date, reference). Check it first; applying
          records each matched line as the order&apos;s payment, once.
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="space-y-1">
          <Label htmlFor="remittance-file">Remittance file</Label>
          <Input
            id="remittance-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setAnswer(null);
              setFile(e.target.files?.[0] ?? null);
            }}
          />
        </div>
        <Button
          disabled={!file || send.isPending}
          onClick={() => file && send.mutate({ file, dryRun: true })}
        >
          Check (dry run)
        </Button>
        <Button
          variant="outline"
          disabled={!file || !answer?.dryRun || send.isPending}
          onClick={() => file && send.mutate({ file, dryRun: false })}
        >
          Apply
        </Button>
      </div>
      {answer && (
        <div className="space-y-3" data-testid="remittance-result">
          <p className="text-sm">
            {answer.dryRun ? 'Dry run: nothing recorded. ' : ''}
            {answer.totals.lines} lines · matched {formatRupees(answer.totals.matchedRupees)} ·{' '}
            {answer.totals.short} short
            {answer.totals.shortRupees
              ? ` (${formatRupees(answer.totals.shortRupees)})`
              : ''} · {answer.totals.over} over
            {answer.totals.overRupees ? ` (${formatRupees(answer.totals.overRupees)})` : ''} ·{' '}
            {answer.totals.unmatched} unmatched
            {answer.dryRun
              ? ''
              : ` · recorded ${answer.totals.recorded} (${formatRupees(answer.totals.recordedRupees)})`}
          </p>
          <div className="overflow-x-auto rounded-xl border">
            <HeadedTable
              heads={['Line', 'AWB', figures('Amount'), figures('Due'), 'Status', 'Note']}
            >
              {answer.lines.map((l) => (
                <TableRow key={l.line}>
                  <TableCell>{l.line}</TableCell>
                  <TableCell className="font-mono text-xs">{l.awb}</TableCell>
                  <TableCell className="text-right">
                    {l.amount === null ? '—' : formatRupees(l.amount)}
                  </TableCell>
                  <TableCell className="text-right">
                    {l.due === null ? '—' : formatRupees(l.due)}
                  </TableCell>
                  <TableCell>
                    <Badge variant={TONE[l.status] ?? 'outline'}>{l.status}</Badge>
                  </TableCell>
                  <TableCell className="text-sm text-muted-foreground">{l.message}</TableCell>
                </TableRow>
              ))}
            </HeadedTable>
          </div>
        </div>
      )}
    </div>
  );
}
