import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { hallmarkOfPurity, percentOff, type ProductInput } from '@kanak/shared';
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

export interface ProductFormOptions {
  defaultValues: ProductFormFields;
  /** Saves the product (parsed, and as the form holds it); rejects on any other failure. */
  onSubmit: (product: ProductInput, fields: ProductFormFields) => Promise<SaveResult>;
}

/**
 * The product form's state apart from its fields: the values and their validation, the fields
 * worked out from others (the discount percentage, a metal-priced piece's hallmark), the save
 * and what it answered (a failure, stock that moved meanwhile), and the uploads under way.
 */
export function useProductForm({ defaultValues, onSubmit }: ProductFormOptions) {
  const form = useForm<ProductFormFields, unknown, ProductInput>({
    defaultValues,
    resolver: productResolver,
    mode: 'onSubmit',
  });
  const { control, setValue, reset } = form;
  const [uploads, setUploads] = useState(0);
  const [failure, setFailure] = useState<{ message: string; hint?: string } | null>(null);
  const [stockNotes, setStockNotes] = useState<StockNote[]>([]);

  // Discount Percentage follows Price and Discounted Price (spec section 9's percent off).
  const [price, discountedPrice, pricing] = useWatch({
    control,
    name: ['price', 'discountedPrice', 'pricing'],
  });
  // One truth: a metal-priced piece's hallmark is its priced purity's mark, shown and sent as
  // such; only a fixed-priced gold piece states its mark (its purity) in the select.
  const pricedMark =
    pricing?.basis === 'metal'
      ? hallmarkOfPurity(pricing.metal, String(pricing.purity ?? ''))
      : null;
  // Metal pricing computes the prices (ProductPricingFields writes them): shown read-only.
  const computed = pricing?.basis === 'metal';
  useEffect(() => {
    if (pricing?.basis === 'metal') setValue('hallmark', pricedMark);
  }, [pricing?.basis, pricedMark, setValue]);
  useEffect(() => {
    setValue('discountPercent', percentOff(Number(price) || 0, Number(discountedPrice) || 0));
  }, [price, discountedPrice, setValue]);

  const save = form.handleSubmit(async (product) => {
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
  });

  return {
    form,
    save,
    failure,
    stockNotes,
    computed,
    pricedMark,
    uploading: uploads > 0,
    onUploading: (busy: boolean) => setUploads((n) => n + (busy ? 1 : -1)),
  };
}
