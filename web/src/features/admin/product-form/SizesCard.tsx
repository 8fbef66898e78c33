import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { normaliseWeight, sizeGuideKind } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { fieldAria, FormField } from '@/components/FormField';
import { StandardSizes, standardSizesId } from '@/features/size-guide/StandardSizes';
import type { StockNote } from './merge-edits';
import type { ProductFormFields } from './product-fields';

/** One size row: weight, size, stock (with the note of stock that moved meanwhile) and SKU. */
function SizeRow({
  index,
  note,
  sizeList,
  canRemove,
  onRemove,
}: {
  index: number;
  note: StockNote | undefined;
  /** The datalist of standard sizes the size input offers, if any. */
  sizeList: string | undefined;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const { register, formState } = useFormContext<ProductFormFields>();
  const rowErrors = formState.errors.sizes?.[index];
  const stockAria = fieldAria(`sizes-${index}-stock`, rowErrors?.stock?.message);
  return (
    <div
      className="grid grid-cols-[1fr_1fr_1fr_1.4fr_auto] items-start gap-3"
      data-testid="size-row"
    >
      <FormField
        id={`sizes-${index}-weight`}
        label="Weight (g)"
        error={rowErrors?.weight?.message}
        required
      >
        <Input
          type="number"
          min={0}
          step="any"
          {...register(`sizes.${index}.weight`)}
          {...fieldAria(`sizes-${index}-weight`, rowErrors?.weight?.message)}
        />
      </FormField>
      <FormField id={`sizes-${index}-size`} label="Size (MM)" error={rowErrors?.size?.message}>
        <Input
          type="number"
          min={0}
          step="any"
          list={sizeList}
          {...register(`sizes.${index}.size`)}
          {...fieldAria(`sizes-${index}-size`, rowErrors?.size?.message)}
        />
      </FormField>
      <FormField id={`sizes-${index}-stock`} label="Stock" error={rowErrors?.stock?.message}>
        <Input
          type="number"
          min={0}
          step={1}
          {...register(`sizes.${index}.stock`)}
          {...stockAria}
          aria-describedby={
            [stockAria['aria-describedby'], note && `sizes-${index}-stock-note`]
              .filter(Boolean)
              .join(' ') || undefined
          }
          className={note ? 'border-amber-500 ring-1 ring-amber-500' : undefined}
        />
        {note && (
          <p
            id={`sizes-${index}-stock-note`}
            className="text-xs font-medium text-amber-700 dark:text-amber-400"
            data-testid="stock-note"
          >
            Now {note.current}: it was {note.loaded} when you opened the form. You entered{' '}
            {note.entered}.
          </p>
        )}
      </FormField>
      <FormField id={`sizes-${index}-sku`} label="Size SKU" error={rowErrors?.sku?.message}>
        <Input
          {...register(`sizes.${index}.sku`)}
          {...fieldAria(`sizes-${index}-sku`, rowErrors?.sku?.message)}
          placeholder="Generated"
          autoComplete="off"
          className="uppercase"
        />
      </FormField>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="mt-6"
        disabled={!canRemove}
        onClick={onRemove}
        aria-label={`Remove size ${index + 1}`}
      >
        <Trash2 />
      </Button>
    </div>
  );
}

/** The product's size rows; a row whose stock moved since the form opened carries its note. */
export function SizesCard({ stockNotes }: { stockNotes: StockNote[] }) {
  const { control, formState } = useFormContext<ProductFormFields>();
  const sizes = useFieldArray({ control, name: 'sizes' });
  // Ring and bangle rows offer the standard Indian sizes (StandardSizes).
  const guide = sizeGuideKind(useWatch({ control, name: 'thirdLevelCategory' }) ?? '');
  // A note stays with its weight even if rows are removed or reordered before the next save.
  const sizeRows = useWatch({ control, name: 'sizes' });
  const stockNote = (index: number) => {
    const weight = normaliseWeight(sizeRows[index]?.weight);
    return stockNotes.find((note) => note.weight === weight);
  };
  const error = formState.errors.sizes?.message;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sizes</CardTitle>
        <CardDescription>
          Weight in grams, size in millimetres (leave empty for pieces without a size).
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {sizes.fields.map((field, index) => (
          <SizeRow
            key={field.id}
            index={index}
            note={stockNote(index)}
            sizeList={guide ? standardSizesId(guide) : undefined}
            canRemove={sizes.fields.length > 1}
            onRemove={() => sizes.remove(index)}
          />
        ))}
        <StandardSizes kind={guide} />
        {error && (
          <p role="alert" className="text-xs font-medium text-destructive">
            {error}
          </p>
        )}
        <Button
          type="button"
          variant="outline"
          onClick={() => sizes.append({ weight: '', size: '', stock: 0 })}
        >
          <Plus /> Add New Size
        </Button>
      </CardContent>
    </Card>
  );
}
