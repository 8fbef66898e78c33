// Bulk edits of the admin products table (issue 32, item 4): what can be changed at once, which
// products, and the answers of the preview, the progress and the undo.
import * as z from 'zod/mini';
import { decimal } from '../pricing/schemas';
import { int32, textField } from '../validation/db-values';
import { METALS, SECOND_LEVEL_CATEGORIES, THIRD_LEVEL_CATEGORIES } from './options';
import { PRODUCT_STATUSES } from './product-input';

/** The most products one bulk edit names by id (a whole filter has no such bound). */
export const BULK_EDIT_MAX_IDS = 20_000;

export const bulkEditChange = z.discriminatedUnion('kind', [
  /** Metal-priced pieces: the making charge's kind and/or value (repriced at today's rate). */
  z.object({
    kind: z.literal('making'),
    makingKind: z.optional(z.enum(['percent', 'perGram'], 'makingKind must be percent or perGram')),
    makingValue: z.optional(decimal('Making charge', 2, 100_000, true)),
  }),
  /** Metal-priced pieces: the discount on the making charge, in percent. */
  z.object({
    kind: z.literal('makingDiscount'),
    percent: decimal('Making discount', 2, 100, true),
  }),
  /** Fixed-priced pieces: the discount off the typed price, in whole percent. */
  z.object({
    kind: z.literal('discount'),
    percent: int32({
      type: 'Discount must be a number',
      whole: 'Discount must be a whole number',
      min: [0, 'Discount cannot be negative'],
      max: [95, 'Discount must be at most 95'],
    }),
  }),
  z.object({
    kind: z.literal('category'),
    topLevelCategory: z.enum(METALS, 'Top level category is not one of the shop'),
    secondLevelCategory: z.enum(
      SECOND_LEVEL_CATEGORIES,
      'Second level category is not one of the shop',
    ),
    thirdLevelCategory: z.enum(
      THIRD_LEVEL_CATEGORIES,
      'Third level category is not one of the shop',
    ),
  }),
  z.object({
    kind: z.literal('status'),
    status: z.enum(PRODUCT_STATUSES, 'status must be draft, live or archived'),
  }),
  /** Stock added (or taken, negative) on every size, or only on the sizes of one weight ("5 g"). */
  z.object({
    kind: z.literal('stock'),
    delta: int32({
      type: 'Stock change must be a number',
      whole: 'Stock change must be a whole number',
      min: [-10_000, 'Stock change must be at least -10000'],
      max: [10_000, 'Stock change must be at most 10000'],
    }).check(z.refine((n) => n !== 0, 'Stock change cannot be 0')),
    weight: z.optional(textField().check(z.maxLength(40, 'weight is too long'))),
  }),
]);
export type BulkEditChange = z.output<typeof bulkEditChange>;

/** Rows picked in the table, or every product the table's search matches (`q`, as GET /api/admin/products). */
export const bulkEditSelection = z.union([
  z.object({
    productIds: z
      .array(textField().check(z.maxLength(100, 'productIds holds an id that is not valid')))
      .check(
        z.minLength(1, 'Select at least one product'),
        z.maxLength(BULK_EDIT_MAX_IDS, `At most ${BULK_EDIT_MAX_IDS} products can be selected`),
      ),
  }),
  z.object({
    filter: z.object({ q: z.optional(textField().check(z.maxLength(200, 'q is too long'))) }),
  }),
]);
export type BulkEditSelection = z.output<typeof bulkEditSelection>;

export const bulkEditInput = z.object({ selection: bulkEditSelection, change: bulkEditChange });
export type BulkEditInput = z.output<typeof bulkEditInput>;

/** What applying would do: how many products, how many of them change, and the prices at today's rate. */
export const bulkEditPreview = z.object({
  products: z.number(),
  changing: z.number(),
  /** Products the change does not apply to, by reason ("fixed-priced: no making charge"). */
  skipped: z.array(z.object({ reason: z.string(), count: z.number() })),
  /** Sum of the changing products' listed (discounted) prices, in rupees, before and after. */
  priceBefore: z.number(),
  priceAfter: z.number(),
  samples: z.array(
    z.object({
      productId: z.string(),
      sku: z.string(),
      title: z.string(),
      before: z.number(),
      after: z.number(),
    }),
  ),
});
export type BulkEditPreview = z.infer<typeof bulkEditPreview>;

export const BULK_EDIT_STATES = ['queued', 'running', 'done', 'failed'] as const;

export const bulkEditView = z.object({
  id: z.string(),
  state: z.enum(BULK_EDIT_STATES),
  progress: z.number(),
  total: z.number(),
  done: z.number(),
  /** Products the job changed (the others matched but were left as they were). */
  changed: z.number(),
  change: bulkEditChange,
  createdAt: z.string(),
  undoneAt: z.nullable(z.string()),
});
export type BulkEditView = z.infer<typeof bulkEditView>;

export const bulkEditRef = z.object({ id: textField().check(z.maxLength(100, 'id is not valid')) });

export const bulkEditUndo = z.object({
  undone: z.number(),
  /** Rows touched since the bulk edit (a sale, a save, another bulk edit): kept as they are. */
  refused: z.array(z.object({ productId: z.string(), sku: z.string(), reason: z.string() })),
});
export type BulkEditUndo = z.infer<typeof bulkEditUndo>;
