import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, Resolver } from 'react-hook-form';
import {
  isBisGoldMark,
  measureValue,
  productInput,
  stoneRowsOf,
  type ProductFormValues,
  type PricingMetal,
  type ProductInput,
} from '@kanak/shared';
import type { AdminProduct } from '../shared/types';

/** Fields chosen from fixed lists: the form holds '' until a choice is made. */
type ChoiceField =
  'color' | 'occasion' | 'type' | 'topLevelCategory' | 'secondLevelCategory' | 'thirdLevelCategory';
/** The form's values; an edit's preconditions are added to the parsed input (withPreconditions). */
export type ProductFormFields = Omit<ProductFormValues, ChoiceField | 'loadedUpdatedAt'> &
  Record<ChoiceField, string>;
/** The fields that hold one value (not the image and size rows). */
export type SingleField = Exclude<keyof ProductFormFields, 'imageUrls' | 'sizes'>;

/** New-product defaults of spec section 3: one image row, one size row (g, MM, stock 0), quantity 1, prices 0. */
export function emptyProductFields(): ProductFormFields {
  return {
    imageUrls: [{ imageUrl: '' }],
    sku: '',
    status: 'live',
    title: '',
    brand: '',
    color: '',
    quantity: 1,
    occasion: '',
    collectionName: '',
    type: '',
    price: 0,
    discountedPrice: 0,
    discountPercent: 0,
    topLevelCategory: '',
    secondLevelCategory: '',
    thirdLevelCategory: '',
    description: '',
    details: '',
    sizes: [{ weight: '', size: '', stock: 0, sku: '' }],
    pricing: { basis: 'fixed' },
    stones: [],
  };
}

const numberText = (display: string) => {
  const value = measureValue(display);
  return value === null ? '' : String(value);
};

/** An existing product in the form's shape: size rows lose their units (the inputs show them). */
export function productToFields(product: AdminProduct): ProductFormFields {
  return {
    imageUrls: product.imageUrls.map((i) => ({ imageUrl: i.imageUrl })),
    sku: product.sku ?? '',
    status: product.status ?? 'live',
    title: product.title,
    brand: product.brand,
    color: product.color,
    quantity: product.quantity,
    occasion: product.occasion,
    collectionName: product.collectionName,
    type: product.type,
    price: product.price,
    discountedPrice: product.discountedPrice,
    discountPercent: product.discountPercent,
    topLevelCategory: product.topLevelCategory,
    secondLevelCategory: product.secondLevelCategory,
    thirdLevelCategory: product.thirdLevelCategory,
    description: product.description,
    details: product.details,
    hallmark: product.hallmark && isBisGoldMark(product.hallmark) ? product.hallmark : null,
    sizes: product.sizes.map((s) => ({
      sku: s.sku ?? '',
      weight: numberText(s.weight),
      size: numberText(s.size),
      stock: s.stock,
      netWeight: s.netWeight ?? null,
    })),
    stones: stoneRowsOf(product.stones),
    // Kept through an edit: a metal-priced product stays one.
    pricing:
      product.pricing?.basis === 'metal'
        ? { ...product.pricing, metal: product.pricing.metal as PricingMetal }
        : { basis: 'fixed' },
  };
}

/**
 * Every single-value field with the label the form shows: all are required (spec section 5's
 * list and the choices), and a refused save names them by these labels.
 */
export const FIELD_LABELS: [SingleField, string][] = [
  ['title', 'Title'],
  ['brand', 'Brand'],
  ['color', 'Color'],
  ['quantity', 'Quantity'],
  ['occasion', 'Occasion'],
  ['collectionName', 'Collection'],
  ['type', 'Metal'],
  ['price', 'Price'],
  ['discountedPrice', 'Discounted Price'],
  ['discountPercent', 'Discount Percentage'],
  ['topLevelCategory', 'Top level category'],
  ['secondLevelCategory', 'Second level category'],
  ['thirdLevelCategory', 'Third level category'],
  ['description', 'Description'],
  ['details', 'Details'],
];

/** An SKU left empty is one to generate (a new product or size) or keep (an edit): not sent. */
export function withoutBlankSkus(values: ProductFormFields): ProductFormFields {
  const blank = (sku: string | undefined) => sku === undefined || sku.trim() === '';
  const { sku, ...rest } = values;
  return {
    ...rest,
    ...(blank(sku) ? {} : { sku }),
    sizes: values.sizes.map(({ sku: sizeSku, ...row }) => ({
      ...row,
      ...(blank(sizeSku) ? {} : { sku: sizeSku }),
    })),
  };
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Validates with the shared productInput schema (zod/mini), the same one the server applies;
 * blank required fields get a plain 'X is required' before the schema's format messages.
 */
export const productResolver: Resolver<ProductFormFields, unknown, ProductInput> = (
  values,
  _context,
  options,
) => {
  const errors: Record<string, FieldError> = {};
  for (const [name, label] of FIELD_LABELS) {
    if (isBlank(values[name])) errors[name] = { type: 'required', message: `${label} is required` };
  }
  values.sizes.forEach((row, i) => {
    if (isBlank(row.weight))
      errors[`sizes.${i}.weight`] = { type: 'required', message: 'Weight is required' };
  });
  values.imageUrls.forEach((row, i) => {
    if (isBlank(row.imageUrl))
      errors[`imageUrls.${i}.imageUrl`] = { type: 'required', message: 'Please upload an image' };
  });
  const parsed = productInput.safeParse(withoutBlankSkus(values));
  if (parsed.success && Object.keys(errors).length === 0)
    return { values: parsed.data, errors: {} };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const path = issue.path.join('.') || 'root';
    errors[path] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(errors, options) };
};
