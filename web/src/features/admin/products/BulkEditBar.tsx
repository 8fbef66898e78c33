import { useState } from 'react';
import {
  formatRupees,
  PRODUCT_STATUSES,
  SECOND_LEVEL_CATEGORIES,
  THIRD_LEVEL_CATEGORIES,
  METALS,
  type BulkEditInput,
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
      return { kind, percent: Number(f.percent) };
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
 * The products table's bulk edit (issue 32): the rows picked or every product the search
 * matches, one change, a preview, then the worker's job with its progress, and its undo.
 */
export function BulkEditBar({
  selected,
  q,
  matching,
  onFinished,
}: {
  selected: string[];
  q: string;
  matching: number;
  onFinished: () => void;
}) {
  const [scope, setScope] = useState<'selected' | 'filter'>(
    selected.length ? 'selected' : 'filter',
  );
  const [kind, setKind] = useState<Kind>('stock');
  const [fields, setFields] = useState<Fields>({
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
  const set = (key: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));
  const input = (): BulkEditInput => ({
    selection:
      scope === 'selected' && selected.length
        ? { productIds: selected }
        : { filter: q ? { q } : {} },
    change: changeOf(kind, fields),
  });
  const utils = trpc.useUtils();
  const preview = trpc.catalog.bulkEditPreview.useMutation({
    onError: (error) => toast.error(errorMessage(error)),
  });
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
  const count = scope === 'selected' ? selected.length : matching;

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
            onChange={(e) => setScope(e.target.value as 'selected' | 'filter')}
          >
            <NativeSelectOption value="selected" disabled={!selected.length}>
              {selected.length} selected
            </NativeSelectOption>
            <NativeSelectOption value="filter">
              Every product matching{q ? ` “${q}”` : ''} ({matching.toLocaleString('en-IN')})
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
          onClick={() => preview.mutate(input())}
        >
          Preview
        </Button>
      </div>

      {preview.data && (
        <div data-testid="bulk-preview" className="space-y-2 text-sm">
          <p>
            <strong>{preview.data.changing}</strong> of {preview.data.products} products change
            {preview.data.changing > 0 &&
              preview.data.priceBefore !== preview.data.priceAfter &&
              `; listed prices at today's rate ${formatRupees(preview.data.priceBefore)} → ${formatRupees(preview.data.priceAfter)} in all`}
            .
          </p>
          {preview.data.skipped.map((s) => (
            <p key={s.reason} className="text-muted-foreground">
              {s.count} skipped: {s.reason}
            </p>
          ))}
          <Button
            disabled={preview.data.changing === 0 || apply.isPending || (jobId !== null && !done)}
            onClick={() => apply.mutate(input())}
          >
            Apply to {preview.data.changing} products
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
