import { useState } from 'react';
import {
  exchangeTestRecord,
  formatRupees,
  parseTypedRupees,
  type ExchangeRequestView,
  type ExchangeTestRecord,
} from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ConfirmDialog } from '@/features/admin/shared/ConfirmDialog';
import { errorMessage } from '@/features/admin/shared/error-message';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';

type PieceFields = { fineness: string; grossWeight: string; netWeight: string };

const fieldsOf = (p: ExchangeRequestView['items'][number]): PieceFields => ({
  fineness: '',
  grossWeight: p.grossWeight !== null ? String(p.grossWeight) : '',
  netWeight: p.netWeight !== null ? String(p.netWeight) : '',
});

/**
 * The owner's settlement after testing at the counter: each piece's karat-meter fineness and
 * weights, a deduction with its reason, and the final value, confirmed against the estimate
 * before it is credited or paid. The server keeps the record with the request.
 */
export function SettleExchangeForm({
  request,
  onSettled,
}: {
  request: ExchangeRequestView;
  onSettled: () => void;
}) {
  const [pieces, setPieces] = useState<PieceFields[]>(() => request.items.map(fieldsOf));
  const [deduction, setDeduction] = useState('0');
  const [reason, setReason] = useState('');
  const [value, setValue] = useState(String(request.estimate));
  const settle = trpc.exchange.settle.useMutation({
    onSuccess: () => onSettled(),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const record = exchangeTestRecord.safeParse({
    pieces: pieces.map((p) => ({
      fineness: Number(p.fineness),
      grossWeight: p.grossWeight,
      netWeight: p.netWeight,
    })),
    deduction: parseTypedRupees(deduction) ?? Number.NaN,
    reason,
  });
  const finalValue = parseTypedRupees(value);
  const problem = !record.success
    ? (record.error.issues[0]?.message ?? 'Record the test')
    : finalValue === null || !Number.isInteger(finalValue)
      ? 'Final value is whole rupees'
      : null;
  const tested: ExchangeTestRecord | null = record.success ? record.data : null;
  const setPiece = (i: number, field: keyof PieceFields, text: string) =>
    setPieces((all) => all.map((p, j) => (j === i ? { ...p, [field]: text } : p)));
  const summary = `The estimate was ${formatRupees(request.estimate)}${
    tested && tested.deduction > 0
      ? `; ${formatRupees(tested.deduction)} taken off (${tested.reason})`
      : ''
  }. This cannot be undone.`;
  const ready = problem === null && tested !== null && finalValue !== null;
  return (
    <div className="space-y-3" aria-label="Settle after testing" role="group">
      {request.items.map((item, i) => (
        <fieldset key={i} className="grid grid-cols-3 gap-2">
          <legend className="col-span-3 text-xs text-muted-foreground">
            Piece {i + 1} as tested
          </legend>
          {(
            [
              ['fineness', 'Fineness (karat meter)', '916'],
              ['grossWeight', 'Gross g', ''],
              ['netWeight', 'Net g', ''],
            ] as const
          ).map(([field, label, placeholder]) => (
            <label key={field} className="grid gap-1">
              <span className="text-xs text-muted-foreground">{label}</span>
              <Input
                className="h-8"
                inputMode="decimal"
                placeholder={placeholder}
                value={pieces[i]![field]}
                onChange={(e) => setPiece(i, field, e.target.value)}
              />
            </label>
          ))}
        </fieldset>
      ))}
      <div className="grid grid-cols-2 gap-2">
        <label className="grid gap-1">
          <span className="text-xs text-muted-foreground">Deduction (₹)</span>
          <Input
            className="h-8"
            inputMode="numeric"
            value={deduction}
            onChange={(e) => setDeduction(e.target.value)}
          />
        </label>
        <label className="grid gap-1">
          <span className="text-xs text-muted-foreground">Reason for the deduction</span>
          <Input className="h-8" value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
      </div>
      <label className="grid gap-1">
        <span className="text-xs text-muted-foreground">Final value after testing (₹)</span>
        <Input
          className="h-8"
          inputMode="numeric"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </label>
      {problem && (pieces.some((p) => p.fineness) || reason) && (
        <p role="alert" className="text-xs text-destructive">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {(
          [
            [
              'credit',
              'Credit to customer',
              `Credit ${formatRupees(finalValue ?? 0)} to ${request.contactName}?`,
            ],
            [
              'paid_out',
              'Paid out',
              `Record ${formatRupees(finalValue ?? 0)} paid to ${request.contactName}?`,
            ],
          ] as const
        ).map(([outcome, label, title]) => (
          <ConfirmDialog
            key={outcome}
            trigger={
              <Button
                size="sm"
                variant={outcome === 'credit' ? 'default' : 'outline'}
                disabled={!ready || settle.isPending}
              >
                {label}
              </Button>
            }
            title={title}
            description={summary}
            confirmLabel={`Yes, ${outcome === 'credit' ? 'credit' : 'record'} ${formatRupees(finalValue ?? 0)}`}
            onConfirm={() =>
              tested &&
              finalValue !== null &&
              settle.mutate({ requestId: request.id, outcome, finalValue, tested })
            }
          />
        ))}
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="ghost" disabled={settle.isPending}>
              Cancel request
            </Button>
          }
          title="Cancel this request?"
          description="The shopper is mailed that it is closed without an exchange."
          confirmLabel="Yes, cancel it"
          onConfirm={() => settle.mutate({ requestId: request.id, outcome: 'cancel' })}
        />
      </div>
    </div>
  );
}
