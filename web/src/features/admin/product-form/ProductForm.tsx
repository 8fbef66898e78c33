import { Loader2, Plus, Trash2 } from 'lucide-react';
import { StandardSizes, standardSizesId } from '@/features/size-guide/StandardSizes';
import { BIS_GOLD_MARKS, hallmarkOfPurity, PRODUCT_STATUSES, sizeGuideKind } from '@kanak/shared';
import { useEffect, useState } from 'react';
import {
  FormProvider,
  useFieldArray,
  useForm,
  useWatch,
  type SubmitHandler,
} from 'react-hook-form';
import {
  ADMIN_COLORS,
  COLLECTIONS,
  METALS,
  OCCASIONS,
  SECOND_LEVEL_CATEGORIES,
  THIRD_LEVEL_CATEGORIES,
  TOP_LEVEL_CATEGORIES,
  normaliseWeight,
  percentOff,
  type ProductInput,
} from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { fieldAria, FormField } from '@/components/FormField';
import { ImageRow } from './ImageRow';
import { ProductPricingFields } from '@/features/pricing/ProductPricingFields';
import { StonesFields } from '@/features/stones/StonesFields';
import type { StockNote } from './merge-edits';
import { productResolver, type ProductFormFields } from './product-fields';

/** A save the server refused while the form stays open on values it can act on (a 409). */
export interface SaveRefusal {
  message: string;
  /** What the form did about it (the message says what to do). */
  hint: string;
  stockNotes: StockNote[];
}

/** What a save resolves to: the values the form shows next (reset), and why when it was refused. */
export interface SaveResult {
  values: ProductFormFields;
  refusal?: SaveRefusal;
}

interface ProductFormProps {
  defaultValues: ProductFormFields;
  submitLabel: string;
  /** Saves the product (parsed, and as the form holds it); rejects on any other failure. */
  onSubmit: (product: ProductInput, fields: ProductFormFields) => Promise<SaveResult>;
}

/** The Add New Product form of spec section 2, also used to edit a product. */
const STATUS_LABELS = {
  live: 'Live: listed and sold',
  draft: 'Draft: hidden from shoppers',
  archived: 'Archived: page kept, no longer sold',
} as const;

export function ProductForm({ defaultValues, submitLabel, onSubmit }: ProductFormProps) {
  const form = useForm<ProductFormFields, unknown, ProductInput>({
    defaultValues,
    resolver: productResolver,
    mode: 'onSubmit',
  });
  const { register, control, formState, setValue, reset } = form;
  const errors = formState.errors;
  const images = useFieldArray({ control, name: 'imageUrls' });
  const sizes = useFieldArray({ control, name: 'sizes' });
  // Ring and bangle rows offer the standard Indian sizes (StandardSizes).
  const guide = sizeGuideKind(useWatch({ control, name: 'thirdLevelCategory' }) ?? '');
  const [uploads, setUploads] = useState(0);
  const [failure, setFailure] = useState<{ message: string; hint?: string } | null>(null);
  const [stockNotes, setStockNotes] = useState<StockNote[]>([]);

  // Discount Percentage follows Price and Discounted Price (spec section 9's percent off).
  const [price, discountedPrice, brand, pricingBasis, pricing] = useWatch({
    control,
    name: ['price', 'discountedPrice', 'brand', 'pricing.basis', 'pricing'],
  });
  // One truth: a metal-priced piece's hallmark is its priced purity's mark, shown here
  // and sent as such; only a fixed-priced gold piece states its mark (its purity) in the select.
  const pricedMark =
    pricing?.basis === 'metal'
      ? hallmarkOfPurity(pricing.metal, String(pricing.purity ?? ''))
      : null;
  // Metal pricing computes the prices (ProductPricingFields writes them): shown read-only.
  const computed = pricingBasis === 'metal';
  useEffect(() => {
    if (pricing?.basis === 'metal') setValue('hallmark', pricedMark);
  }, [pricing?.basis, pricedMark, setValue]);
  useEffect(() => {
    setValue('discountPercent', percentOff(Number(price) || 0, Number(discountedPrice) || 0));
  }, [price, discountedPrice, setValue]);

  const collections: string[] = [...COLLECTIONS];
  const brandCollection = brand.trim();
  if (brandCollection && !collections.includes(brandCollection)) collections.push(brandCollection);

  // A note stays with its weight even if rows are removed or reordered before the next save.
  const sizeRows = useWatch({ control, name: 'sizes' });
  const stockNote = (index: number) => {
    const weight = normaliseWeight(sizeRows[index]?.weight);
    return stockNotes.find((note) => note.weight === weight);
  };

  const submit: SubmitHandler<ProductInput> = async (product) => {
    setFailure(null);
    try {
      const result = await onSubmit(product, form.getValues());
      reset(result.values);
      setStockNotes(result.refusal?.stockNotes ?? []);
      if (result.refusal) setFailure(result.refusal);
    } catch (error) {
      setFailure({
        message: error instanceof Error ? error.message : 'The product could not be saved.',
      });
    }
  };

  const text = (name: 'title' | 'brand', label: string) => (
    <FormField id={name} label={label} error={errors[name]?.message} required>
      <Input {...register(name)} {...fieldAria(name, errors[name]?.message)} />
    </FormField>
  );
  const number = (
    name: 'quantity' | 'price' | 'discountedPrice' | 'discountPercent',
    label: string,
    readOnly = false,
  ) => (
    <FormField id={name} label={label} error={errors[name]?.message} required>
      <Input
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        readOnly={readOnly}
        {...register(name)}
        {...fieldAria(name, errors[name]?.message)}
        className={readOnly ? 'bg-muted' : undefined}
      />
    </FormField>
  );
  const choice = (
    name:
      | 'color'
      | 'occasion'
      | 'collectionName'
      | 'type'
      | 'topLevelCategory'
      | 'secondLevelCategory'
      | 'thirdLevelCategory',
    label: string,
    options: readonly string[],
  ) => (
    <FormField id={name} label={label} error={errors[name]?.message} required>
      <NativeSelect {...register(name)} {...fieldAria(name, errors[name]?.message)}>
        <NativeSelectOption value="">Select {label.toLowerCase()}</NativeSelectOption>
        {options.map((o) => (
          <NativeSelectOption key={o} value={o}>
            {o}
          </NativeSelectOption>
        ))}
      </NativeSelect>
    </FormField>
  );

  return (
    <FormProvider {...form}>
      <form
        onSubmit={form.handleSubmit(submit)}
        noValidate
        className="space-y-6"
        aria-label="Product"
      >
        <Card>
          <CardHeader>
            <CardTitle>Images</CardTitle>
            <CardDescription>
              Each file is uploaded as soon as it is chosen; the first image is the one shown first.
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-3">
            {images.fields.map((field, index) => (
              <ImageRow
                key={field.id}
                index={index}
                canRemove={images.fields.length > 1}
                onRemove={() => images.remove(index)}
                onUploading={(busy) => setUploads((n) => n + (busy ? 1 : -1))}
              />
            ))}
            {errors.imageUrls?.message && (
              <p role="alert" className="text-xs font-medium text-destructive">
                {errors.imageUrls.message}
              </p>
            )}
            <Button type="button" variant="outline" onClick={() => images.append({ imageUrl: '' })}>
              <Plus /> Add New Image
            </Button>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Details</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {text('title', 'Title')}
            {text('brand', 'Brand')}
            {choice('color', 'Color', ADMIN_COLORS)}
            {number('quantity', 'Quantity')}
            {choice('occasion', 'Occasion', OCCASIONS)}
            {choice('collectionName', 'Collection', collections)}
            {choice('type', 'Metal', METALS)}
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
              <NativeSelect
                {...register('status')}
                {...fieldAria('status', errors.status?.message)}
              >
                {PRODUCT_STATUSES.map((status) => (
                  <NativeSelectOption key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </FormField>
          </CardContent>
        </Card>

        <ProductPricingFields />

        <StonesFields />

        <Card>
          <CardHeader>
            <CardTitle>Price</CardTitle>
            <CardDescription>
              Whole rupees. The discount percentage is worked out from the two prices.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-3">
            {number('price', 'Price', computed)}
            {number('discountedPrice', 'Discounted Price', computed)}
            {number('discountPercent', 'Discount Percentage', true)}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Category</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-3">
            {choice('topLevelCategory', 'Top level Category', TOP_LEVEL_CATEGORIES)}
            {choice('secondLevelCategory', 'Second level Category', SECOND_LEVEL_CATEGORIES)}
            {choice('thirdLevelCategory', 'Third level Category', THIRD_LEVEL_CATEGORIES)}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Description</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 lg:grid-cols-2">
            <FormField
              id="description"
              label="Description"
              error={errors.description?.message}
              required
            >
              <Textarea
                rows={4}
                {...register('description')}
                {...fieldAria('description', errors.description?.message)}
              />
            </FormField>
            <FormField id="details" label="Details" error={errors.details?.message} required>
              <Textarea
                rows={4}
                {...register('details')}
                {...fieldAria('details', errors.details?.message)}
              />
            </FormField>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Sizes</CardTitle>
            <CardDescription>
              Weight in grams, size in millimetres (leave empty for pieces without a size).
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-3">
            {sizes.fields.map((field, index) => {
              const rowErrors = errors.sizes?.[index];
              const note = stockNote(index);
              const stockAria = fieldAria(`sizes-${index}-stock`, rowErrors?.stock?.message);
              return (
                <div
                  key={field.id}
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
                  <FormField
                    id={`sizes-${index}-size`}
                    label="Size (MM)"
                    error={rowErrors?.size?.message}
                  >
                    <Input
                      type="number"
                      min={0}
                      step="any"
                      list={guide ? standardSizesId(guide) : undefined}
                      {...register(`sizes.${index}.size`)}
                      {...fieldAria(`sizes-${index}-size`, rowErrors?.size?.message)}
                    />
                  </FormField>
                  <FormField
                    id={`sizes-${index}-stock`}
                    label="Stock"
                    error={rowErrors?.stock?.message}
                  >
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
                        Now {note.current}: it was {note.loaded} when you opened the form. You
                        entered {note.entered}.
                      </p>
                    )}
                  </FormField>
                  <FormField
                    id={`sizes-${index}-sku`}
                    label="Size SKU"
                    error={rowErrors?.sku?.message}
                  >
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
                    disabled={sizes.fields.length <= 1}
                    onClick={() => sizes.remove(index)}
                    aria-label={`Remove size ${index + 1}`}
                  >
                    <Trash2 />
                  </Button>
                </div>
              );
            })}
            <StandardSizes kind={guide} />
            {errors.sizes?.message && (
              <p role="alert" className="text-xs font-medium text-destructive">
                {errors.sizes.message}
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

        {failure && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive"
            data-testid="form-failure"
          >
            {failure.message}
            {failure.hint && (
              <span className="mt-1 block font-normal text-foreground">{failure.hint}</span>
            )}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" size="lg" disabled={formState.isSubmitting || uploads > 0}>
            {formState.isSubmitting && <Loader2 className="animate-spin" />}
            {uploads > 0 ? 'Uploading images…' : submitLabel}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
