import { useFormContext, useWatch } from 'react-hook-form';
import {
  ADMIN_COLORS,
  BIS_GOLD_MARKS,
  COLLECTIONS,
  METALS,
  OCCASIONS,
  PRODUCT_STATUSES,
} from '@kanak/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { fieldAria, FormField } from '@/components/FormField';
import type { ProductFormFields } from './product-fields';
import { ChoiceField, NumberField, TextField } from './product-inputs';

const STATUS_LABELS = {
  live: 'Live: listed and sold',
  draft: 'Draft: hidden from shoppers',
  archived: 'Archived: page kept, no longer sold',
} as const;

/** The product's details: names, choices, hallmark, design number and status. */
export function DetailsCard({
  computed,
  pricedMark,
}: {
  /** Metal-priced: the hallmark is the priced purity's, shown rather than chosen. */
  computed: boolean;
  pricedMark: string | null;
}) {
  const { register, control, formState } = useFormContext<ProductFormFields>();
  const errors = formState.errors;
  // The brand is a collection of its own (a house brand's pieces).
  const brand = useWatch({ control, name: 'brand' }).trim();
  const collections: string[] = [...COLLECTIONS];
  if (brand && !collections.includes(brand)) collections.push(brand);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Details</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <TextField name="title" label="Title" />
        <TextField name="brand" label="Brand" />
        <ChoiceField name="color" label="Color" options={ADMIN_COLORS} />
        <NumberField name="quantity" label="Quantity" />
        <ChoiceField name="occasion" label="Occasion" options={OCCASIONS} />
        <ChoiceField name="collectionName" label="Collection" options={collections} />
        <ChoiceField name="type" label="Metal" options={METALS} />
        <FormField id="hallmark" label="BIS hallmark (gold)" error={errors.hallmark?.message}>
          {computed ? (
            <p
              id="hallmark"
              className="flex h-9 items-center rounded-md border bg-muted px-3 text-sm"
              data-testid="priced-hallmark"
            >
              {pricedMark ?? 'None (not gold)'}
              <span className="ml-2 text-xs text-muted-foreground">from the priced purity</span>
            </p>
          ) : (
            <NativeSelect
              {...register('hallmark', { setValueAs: (v: unknown) => v || null })}
              {...fieldAria('hallmark', errors.hallmark?.message)}
            >
              <NativeSelectOption value="">Not hallmarked gold</NativeSelectOption>
              {BIS_GOLD_MARKS.map((m) => (
                <NativeSelectOption key={m} value={m}>
                  {m}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id="sku" label="SKU (design number)" error={errors.sku?.message}>
          <Input
            {...register('sku')}
            {...fieldAria('sku', errors.sku?.message)}
            placeholder="Generated when left empty"
            autoComplete="off"
            className="uppercase"
          />
        </FormField>
        <FormField id="status" label="Status" error={errors.status?.message}>
          <NativeSelect {...register('status')} {...fieldAria('status', errors.status?.message)}>
            {PRODUCT_STATUSES.map((status) => (
              <NativeSelectOption key={status} value={status}>
                {STATUS_LABELS[status]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </FormField>
      </CardContent>
    </Card>
  );
}
