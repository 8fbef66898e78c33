import * as z from 'zod/mini';
import { INT32_MAX, int32OrDigits, textField } from '../validation/db-values';
import { measureProblem, measureValue, normaliseSize, normaliseWeight } from './measure';
import { netWeightInput, productPricingInput } from '../pricing/schemas';
import { canonicalPurity, PURITIES } from '../pricing/purities';
import { PRODUCT_CHOICES } from './options';
import { BIS_GOLD_MARKS, hallmarkOfPurity } from '../hallmark/hallmark';
import { stonesInput } from '../stones/stones';

const text = (label: string, max: number) =>
  textField(`${label} is required`).check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `${label} must be at most ${max} characters`),
  );

/** Whole, non-negative number for an integer column; form inputs may send it as a numeric string. */
const wholeNumber = (label: string, max: number) =>
  int32OrDigits({
    type: `${label} must be a number`,
    whole: `${label} must be a whole number`,
    min: [0, `${label} cannot be negative`],
    max: [max, `${label} must be at most ${max}`],
  });

const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, `${label} must be one of: ${values.join(', ')}`);

/** The least selling price of a piece, in rupees: nothing is sold for ₹0. */
export const MIN_SELLING_PRICE = 1;
export const MIN_SELLING_PRICE_MESSAGE = (label: string) =>
  `${label} must be at least ₹${MIN_SELLING_PRICE}: a piece cannot be sold for less`;

/** A product's state: only `live` ones are listed, searched, cached and sold. */
export const PRODUCT_STATUSES = ['draft', 'live', 'archived'] as const;
export type ProductStatusValue = (typeof PRODUCT_STATUSES)[number];

/** What an SKU may hold: a design number as a jeweller writes it, kept in capitals. */
export const SKU_PATTERN = /^[A-Z0-9][A-Z0-9._/-]{0,39}$/;
const skuInput = (label: string) =>
  textField(`${label} must be text`).check(
    z.trim(),
    z.toUpperCase(),
    z.regex(
      SKU_PATTERN,
      `${label} must be 1–40 letters, digits, dots, dashes, underscores or slashes, starting with a letter or digit`,
    ),
  );

export const sizeRowInput = z.object({
  /** The size's own SKU; absent: kept on an edit, generated (<product SKU>-<weight>) when new. */
  sku: z.optional(skuInput('Size SKU')),
  weight: z.pipe(
    z.union([textField(), z.number()]),
    z.transform((v, ctx) => {
      const problem = measureProblem({
        input: v,
        label: 'Weight',
        units: ['', 'g', 'gm', 'gms', 'grams'],
        max: 10_000,
      });
      if (problem) {
        ctx.issues.push({ code: 'custom', message: problem, input: v });
        return z.NEVER;
      }
      const weight = normaliseWeight(v);
      if (weight === null) {
        ctx.issues.push({
          code: 'custom',
          message: 'Weight is required (grams, for example "5 g")',
          input: v,
        });
        return z.NEVER;
      }
      return weight;
    }),
  ),
  size: z.optional(
    z.pipe(
      z.union([textField(), z.number(), z.null()]),
      z.transform((v, ctx) => {
        const problem = measureProblem({ input: v, label: 'Size', units: ['', 'mm'], max: 1000 });
        if (problem) {
          ctx.issues.push({ code: 'custom', message: problem, input: v });
          return z.NEVER;
        }
        const size = normaliseSize(v);
        if (size === null) {
          ctx.issues.push({
            code: 'custom',
            message: 'Size must be a length in MM, for example "16 MM"',
            input: v,
          });
          return z.NEVER;
        }
        return size;
      }),
    ),
  ),
  stock: z._default(wholeNumber('Stock', 100_000), 0),
  /** Grams of metal (up to 3 decimals): required for metal pricing. */
  netWeight: z.optional(z.nullable(netWeightInput)),
  /**
   * Edits only: the stock the form loaded for this weight. A stock left at it never overwrites
   * sales made meanwhile; a changed one that moved meanwhile is refused (409). See stockEdit.
   * Any stored figure may come back here (cancellations can lift it past Stock's bound).
   */
  loadedStock: z.optional(wholeNumber('Loaded stock', INT32_MAX)),
});

export const imageUrlInput = z.object({
  imageUrl: textField().check(z.trim(), z.minLength(1, 'Image URL is required'), z.maxLength(2000)),
});

/** POST /api/admin/products payload (spec section 7) and the admin form. */
export const productInput = z
  .object({
    /** Design number, unique in the shop; absent: kept on an edit, generated on a create. */
    sku: z.optional(skuInput('SKU')),
    /** Absent: a created product is live, an edited one keeps its state. */
    status: z.optional(oneOf('Status', PRODUCT_STATUSES)),
    imageUrls: z
      .array(imageUrlInput)
      .check(z.minLength(1, 'At least one image is required'), z.maxLength(12)),
    title: text('Title', 200),
    brand: text('Brand', 60),
    color: oneOf('Color', PRODUCT_CHOICES.color),
    /** Typed for fixed pricing; computed (and ignored when sent) for metal pricing. */
    price: z.optional(wholeNumber('Price', 100_000_000)),
    discountedPrice: z.optional(wholeNumber('Discounted Price', 100_000_000)),
    /** How the prices are made: as typed (`fixed`, the default) or from the day's metal rate. */
    pricing: z.optional(productPricingInput),
    discountPercent: z.optional(wholeNumber('Discount Percentage', 100)),
    description: text('Description', 5000),
    details: text('Details', 5000),
    occasion: oneOf('Occasion', PRODUCT_CHOICES.occasion),
    quantity: wholeNumber('Quantity', 1_000_000),
    collectionName: text('Collection', 60),
    type: oneOf('Metal', PRODUCT_CHOICES.type),
    sizes: z
      .array(sizeRowInput)
      .check(z.minLength(1, 'At least one size row is required'), z.maxLength(20)),
    topLevelCategory: oneOf('Top level category', PRODUCT_CHOICES.topLevelCategory),
    secondLevelCategory: oneOf('Second level category', PRODUCT_CHOICES.secondLevelCategory),
    thirdLevelCategory: oneOf('Third level category', PRODUCT_CHOICES.thirdLevelCategory),
    /** BIS hallmark purity mark of a gold piece; absent on an edit keeps the stored one. */
    hallmark: z.optional(z.nullable(oneOf('Hallmark', BIS_GOLD_MARKS))),
    /** Diamonds and gemstones with certificates; absent on an edit keeps the stored ones. */
    stones: z.optional(stonesInput),
    /**
     * Edits only: the product's `updatedAt` when the form loaded it. A save after someone else's
     * is refused (409) instead of silently undoing their changes. Stock sales do not move it.
     */
    loadedUpdatedAt: z.optional(
      z.iso.datetime({ offset: true, message: 'Loaded updatedAt must be an ISO date-time' }),
    ),
  })
  .check(
    z.refine((p) => isMetal(p) || p.price !== undefined, {
      message: 'Price is required',
      path: ['price'],
    }),
    z.refine((p) => isMetal(p) || p.discountedPrice !== undefined, {
      message: 'Discounted Price is required',
      path: ['discountedPrice'],
    }),
    z.refine((p) => isMetal(p) || (p.price ?? 1) > 0, {
      message: 'Price must be greater than 0',
      path: ['price'],
    }),
    // The price a shopper pays: a piece at ₹0 would be an order with nothing to pay.
    z.refine((p) => isMetal(p) || (p.discountedPrice ?? MIN_SELLING_PRICE) >= MIN_SELLING_PRICE, {
      message: MIN_SELLING_PRICE_MESSAGE('Discounted Price'),
      path: ['discountedPrice'],
    }),
    z.refine((p) => isMetal(p) || (p.discountedPrice ?? 0) <= (p.price ?? 0), {
      message: 'Discounted Price cannot exceed Price',
      path: ['discountedPrice'],
    }),
    z.refine(
      (p) =>
        (PRODUCT_CHOICES.collectionName as readonly string[]).includes(p.collectionName) ||
        p.collectionName.toLowerCase() === p.brand.toLowerCase(),
      {
        message: `Collection must be one of: ${PRODUCT_CHOICES.collectionName.join(', ')}, or the brand`,
        path: ['collectionName'],
      },
    ),
    z.refine((p) => new Set(p.sizes.map((s) => s.weight)).size === p.sizes.length, {
      message: 'Each size row needs a different weight',
      path: ['sizes'],
    }),
    z.refine(
      (p) => {
        const skus = p.sizes.flatMap((s) => (s.sku ? [s.sku] : []));
        return new Set(skus).size === skus.length;
      },
      { message: 'Each size row needs a different size SKU', path: ['sizes'] },
    ),
    // One truth: a metal-priced piece's hallmark is its priced purity's mark (916 → 22K916).
    z.refine(
      (p) =>
        p.pricing?.basis !== 'metal' ||
        p.hallmark == null ||
        p.hallmark === hallmarkOfPurity(p.pricing.metal, p.pricing.purity),
      {
        message:
          'Hallmark follows the purity the piece is priced at (gold 916 is 22K916; silver and platinum carry none): leave it out or send that mark',
        path: ['hallmark'],
      },
    ),
    // Named here, not first at the save: an import's dry run reports it per row.
    z.refine(
      (p) => p.pricing?.basis !== 'metal' || canonicalPurity(p.pricing.metal, p.pricing.purity),
      {
        message: `Purity must be one the shop prices in: ${PURITIES.map((r) => `${r.metal} ${r.karat ?? r.purity}`).join(', ')}`,
        path: ['pricing', 'purity'],
      },
    ),
    // The metal in a piece weighs no more than the piece (jewellery.md: gross and net weight).
    z.superRefine((p, ctx) => {
      p.sizes.forEach((s, i) => {
        // The weight is kept to 0.01 g: a net weight within its rounding (42.433 of 42.43) fits.
        if (s.netWeight != null && s.netWeight > (measureValue(s.weight) ?? Infinity) + 0.005)
          ctx.addIssue({
            code: 'custom',
            message: `Net weight (${s.netWeight} g) cannot be more than the weight of the piece (${s.weight})`,
            path: ['sizes', i, 'netWeight'],
            input: s.netWeight,
          });
      });
    }),
    z.refine((p) => !isMetal(p) || p.sizes.every((s) => typeof s.netWeight === 'number'), {
      message: 'Every size needs its net weight (grams of metal) for metal pricing',
      path: ['sizes'],
    }),
  );
/** Priced from the day's metal rate: prices are computed, each size needs its net weight. */
function isMetal(p: { pricing?: { basis: string } | undefined }) {
  return p.pricing?.basis === 'metal';
}
export type ProductInput = z.output<typeof productInput>;
export type ProductFormValues = z.input<typeof productInput>;
