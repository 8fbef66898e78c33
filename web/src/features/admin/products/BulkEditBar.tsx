import { useState } from 'react';
import {
  BULK_EDIT_CONFIRM_OVER,
  formatRupees,
  PRODUCT_STATUSES,
  SECOND_LEVEL_CATEGORIES,
  THIRD_LEVEL_CATEGORIES,
  METALS,
  type BulkEditInput,
  type ProductStatusValue,
} from '@kanak/shared';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { trpc } from '@/lib/trpc';
import { errorMessage } from '../shared/error-message';

type Kind = BulkEditInput['change']['kind'];

const KINDS: { kind: Kind; label: string }[] = [
  { kind: 'stock', label: 'Stock change per size' },
  { kind: 'status', label: 'State' },
  { kind: 'discount', label: 'Discount (fixed-priced)' },
  { kind: 'makingDiscount', label: 'Making discount (metal-priced)' },
  { kind: 'making', label: 'Making charge (metal-priced)' },
  { kind: 'category', label: 'Category' },
];

/** The form's fields, as typed; the server's schema checks and refuses them in words. */
interface Fields {
  /** Discount: replace each piece's discount, or take a further percent off its price now. */
  mode: 'set' | 'further';
  delta: string;
  weight: string;
  status: string;
  percent: string;
  makingKind: string;
  makingValue: string;
  top: string;
  second: string;
  third: string;
}

function changeOf(kind: Kind, f: Fields): BulkEditInput['change'] {
  switch (kind) {
    case 'stock':
      return {
        kind,
        delta: Number(f.delta),
        ...(f.weight.trim() ? { weight: f.weight.trim() } : {}),
      };
    case 'status':
      return { kind, status: f.status as (typeof PRODUCT_STATUSES)[number] };
    case 'discount':
      return { kind, mode: f.mode, percent: Number(f.percent) };
    case 'makingDiscount':
      return { kind, percent: Number(f.percent) };
    case 'making':
      return {
        kind,
        ...(f.makingKind ? { makingKind: f.makingKind as 'percent' | 'perGram' } : {}),
        ...(f.makingValue.trim() ? { makingValue: Number(f.makingValue) } : {}),
      };
    case 'category':
      return {
        kind,
        topLevelCategory: f.top as (typeof METALS)[number],
        secondLevelCategory: f.second as (typeof SECOND_LEVEL_CATEGORIES)[number],
        thirdLevelCategory: f.third as (typeof THIRD_LEVEL_CATEGORIES)[number],
      };
  }
}

/**
 * The products table's bulk edit: the rows picked or every product the search
 * matches, one change, a preview, then the worker's job with its progress, and its undo.
 */
export function BulkEditBar({
  selected,
  q,
  status,
  matching,
  onFinished,
}: {
  selected: string[];
  q: string;
  /** The table's state filter, if any: "every product matching" keeps to it. */
  status?: ProductStatusValue | undefined;
  matching: number;
  onFinished: () => void;
}) {
  // With nothing selected, the owner chooses the products: no default of the whole catalogue.
  const [scope, setScope] = useState<'selected' | 'filter' | ''>(selected.length ? 'selected' : '');
  const [kind, setKind] = useState<Kind>('stock');
  const [fields, setFields] = useState<Fields>({
    mode: 'set',
    delta: '1',
    weight: '',
    status: 'live',
    percent: '10',
    makingKind: '',
    makingValue: '',
    top: 'gold',
    second: 'rings',
    third: 'ring',
  });
  const [jobId, setJobId] = useState<string | null>(null);
  const [typedCount, setTypedCount] = useState('');
  const set = (key: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));
  const input = (): BulkEditInput => ({
    selection:
      scope === 'selected' && selected.length
        ? { productIds: selected }
        : // The whole catalogue is named as such: the server refuses an empty filter.
          { filter: q || status ? { q: q || undefined, status } : { all: true } },
    change: changeOf(kind, fields),
  });
  // The preview shown is the one of the inputs on screen: any change of them hides it (and the
  // server refuses an apply of other inputs than its preview's).
  const inputKey = JSON.stringify([scope, input()]);
  const [previewedFor, setPreviewedFor] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const preview = trpc.catalog.bulkEditPreview.useMutation({
    onMutate: () => setTypedCount(''),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const shown = preview.data && previewedFor === inputKey ? preview.data : null;
  const mustType = !!shown && shown.changing > BULK_EDIT_CONFIRM_OVER;
  const apply = trpc.catalog.bulkEditApply.useMutation({
    onSuccess: (view) => setJobId(view.id),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const job = trpc.catalog.bulkEdit.useQuery(
    { id: jobId ?? '' },
    {
      enabled: jobId !== null,
      refetchInterval: (query) =>
        query.state.data?.state === 'done' || query.state.data?.state === 'failed' ? false : 500,
    },
  );
  const undo = trpc.catalog.bulkEditUndo.useMutation({
    onSuccess: (result) => {
      toast.success(
        `Undone on ${result.undone} products${result.refused.length ? `; ${result.refused.length} kept (touched since)` : ''}`,
      );
      void utils.catalog.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const done = job.data?.state === 'done';
  const count = scope === 'selected' ? selected.length : scope === 'filter' ? matching : 0;

  return (
    <section
      aria-label="Bulk edit"
      data-testid="bulk-edit"
      className="space-y-3 rounded-lg border bg-secondary/40 p-4"
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <Label htmlFor="bulk-scope">Products</Label>
          <NativeSelect
            id="bulk-scope"
            value={scope}
            onChange={(e) => setScope(e.target.value as 'selected' | 'filter' | '')}
          >
            <NativeSelectOption value="" disabled>
              Choose the products…
            </NativeSelectOption>
            <NativeSelectOption value="selected" disabled={!selected.length}>
              {selected.length} selected
            </NativeSelectOption>
            <NativeSelectOption value="filter">
              {q || status
                ? `Every product matching${q ? ` “${q}”` : ''}${status ? ` (${status})` : ''}`
                : 'Every product in the catalogue'}{' '}
              ({matching.toLocaleString('en-IN')})
            </NativeSelectOption>
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor="bulk-kind">Change</Label>
          <NativeSelect
            id="bulk-kind"
            value={kind}
            onChange={(e) => setKind(e.target.value as Kind)}
          >
            {KINDS.map((k) => (
              <NativeSelectOption key={k.kind} value={k.kind}>
                {k.label}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        {kind === 'stock' && (
          <>
            <Field
              id="bulk-delta"
              label="Add (− to take)"
              value={fields.delta}
              onChange={set('delta')}
            />
            <Field
              id="bulk-weight"
              label="Only weight (e.g. 5 g)"
              value={fields.weight}
              onChange={set('weight')}
            />
          </>
        )}
        {kind === 'status' && (
          <div className="space-y-1">
            <Label htmlFor="bulk-status">State</Label>
            <NativeSelect id="bulk-status" value={fields.status} onChange={set('status')}>
              {PRODUCT_STATUSES.map((s) => (
                <NativeSelectOption key={s} value={s}>
                  {s}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
        )}
        {kind === 'discount' && (
          <div className="space-y-1">
            <Label htmlFor="bulk-mode">How</Label>
            <NativeSelect id="bulk-mode" value={fields.mode} onChange={set('mode')}>
              <NativeSelectOption value="set">Set each discount to</NativeSelectOption>
              <NativeSelectOption value="further">Take a further % off</NativeSelectOption>
            </NativeSelect>
          </div>
        )}
        {(kind === 'discount' || kind === 'makingDiscount') && (
          <Field
            id="bulk-percent"
            label="Percent"
            value={fields.percent}
            onChange={set('percent')}
          />
        )}
        {kind === 'making' && (
          <>
            <div className="space-y-1">
              <Label htmlFor="bulk-making-kind">Making kind</Label>
              <NativeSelect
                id="bulk-making-kind"
                value={fields.makingKind}
                onChange={set('makingKind')}
              >
                <NativeSelectOption value="">(keep)</NativeSelectOption>
                <NativeSelectOption value="percent">% of metal</NativeSelectOption>
                <NativeSelectOption value="perGram">₹ per gram</NativeSelectOption>
              </NativeSelect>
            </div>
            <Field
              id="bulk-making-value"
              label="Making value"
              value={fields.makingValue}
              onChange={set('makingValue')}
            />
          </>
        )}
        {kind === 'category' && (
          <>
            {(
              [
                ['top', 'Top level', METALS],
                ['second', 'Second level', SECOND_LEVEL_CATEGORIES],
                ['third', 'Third level', THIRD_LEVEL_CATEGORIES],
              ] as const
            ).map(([key, label, options]) => (
              <div key={key} className="space-y-1">
                <Label htmlFor={`bulk-${key}`}>{label}</Label>
                <NativeSelect id={`bulk-${key}`} value={fields[key]} onChange={set(key)}>
                  {options.map((o) => (
                    <NativeSelectOption key={o} value={o}>
                      {o}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
              </div>
            ))}
          </>
        )}
        <Button
          variant="outline"
          disabled={count === 0 || preview.isPending}
          onClick={() => {
            setPreviewedFor(inputKey);
            preview.mutate(input());
          }}
        >
          Preview
        </Button>
      </div>

      {shown && (
        <div data-testid="bulk-preview" className="space-y-2 text-sm">
          <p>
            <strong>{shown.action}</strong>: <strong>{shown.changing}</strong> of {shown.products}{' '}
            products change
            {shown.changing > 0 &&
              shown.priceBefore !== shown.priceAfter &&
              `; listed prices at today's rate ${formatRupees(shown.priceBefore)} → ${formatRupees(shown.priceAfter)} in all`}
            .
          </p>
          {shown.skipped.map((s) => (
            <p key={s.reason} className="text-muted-foreground">
              {s.count} skipped: {s.reason}
            </p>
          ))}
          {shown.pieces.length > 0 && (
            <div className="max-h-64 overflow-auto rounded border bg-background">
              <table className="w-full text-left text-sm" data-testid="bulk-pieces">
                <thead className="sticky top-0 bg-background">
                  <tr>
                    <th className="px-2 py-1">SKU</th>
                    <th className="px-2 py-1">Piece</th>
                    <th className="px-2 py-1 text-right">Before</th>
                    <th className="px-2 py-1 text-right">After</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.pieces.map((p) => (
                    <tr key={p.productId} className="border-t">
                      <td className="px-2 py-1 font-mono text-xs">{p.sku}</td>
                      <td className="px-2 py-1">
                        {p.title}
                        {p.detail && (
                          <span className="block text-muted-foreground">{p.detail}</span>
                        )}
                      </td>
                      <td className="px-2 py-1 text-right tabular-nums">
                        {formatRupees(p.before)}
                      </td>
                      <td className="px-2 py-1 text-right tabular-nums">{formatRupees(p.after)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {shown.pieces.length < shown.changing && (
                <p className="px-2 py-1 text-muted-foreground">
                  The first {shown.pieces.length} of {shown.changing} pieces are listed.
                </p>
              )}
            </div>
          )}
          {mustType && (
            <div className="space-y-1">
              <Label htmlFor="bulk-confirm">
                This changes {shown.changing} pieces: type {shown.changing} to confirm
              </Label>
              <Input
                id="bulk-confirm"
                value={typedCount}
                onChange={(e) => setTypedCount(e.target.value)}
                inputMode="numeric"
                className="w-32"
              />
            </div>
          )}
          <Button
            disabled={
              shown.changing === 0 ||
              apply.isPending ||
              (jobId !== null && !done) ||
              (mustType && typedCount.trim() !== String(shown.changing))
            }
            onClick={() =>
              apply.mutate({
                ...input(),
                previewId: shown.previewId,
                ...(mustType ? { confirmCount: Number(typedCount) } : {}),
              })
            }
          >
            Apply to {shown.changing} products: {shown.action}
          </Button>
        </div>
      )}

      {job.data && (
        <div data-testid="bulk-progress" className="space-y-2 text-sm">
          <div
            role="progressbar"
            aria-label="Bulk edit progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={job.data.progress}
            className="h-2 overflow-hidden rounded-full bg-border"
          >
            <div
              className="h-full bg-primary transition-all"
              style={{ width: `${job.data.progress}%` }}
            />
          </div>
          <p>
            {done
              ? `Done: ${job.data.changed} of ${job.data.total} products changed.`
              : `${job.data.done} of ${job.data.total} products…`}
          </p>
          {done && job.data.refused > 0 && (
            <ul data-testid="bulk-refused" className="space-y-1 text-destructive">
              <li>
                {job.data.refused} {job.data.refused === 1 ? 'product was' : 'products were'} left
                as they were:
              </li>
              {job.data.refusals.map((r) => (
                <li key={r.productId}>
                  {r.sku}: {r.reason}
                </li>
              ))}
            </ul>
          )}
          {done && !job.data.undoneAt && !undo.data && (
            <div className="flex gap-2">
              <Button
                variant="outline"
                disabled={undo.isPending}
                onClick={() => undo.mutate({ id: job.data!.id })}
              >
                Undo this bulk edit
              </Button>
              <Button variant="ghost" onClick={onFinished}>
                Close
              </Button>
            </div>
          )}
          {undo.data && (
            <ul data-testid="bulk-undo" className="space-y-1">
              <li>Undone on {undo.data.undone} products.</li>
              {undo.data.refused.map((r) => (
                <li key={r.productId} className="text-destructive">
                  {r.sku}: {r.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function Field({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} onChange={onChange} inputMode="decimal" className="w-32" />
    </div>
  );
}
