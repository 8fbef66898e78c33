// Bulk edits of the admin products table: what can be changed at once, which
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
    makingValue: z.optional(
      decimal({ label: 'Making charge', places: 2, max: 100_000, allowZero: true }),
    ),
  }),
  /** Metal-priced pieces: the discount on the making charge, in percent. */
  z.object({
    kind: z.literal('makingDiscount'),
    percent: decimal({ label: 'Making discount', places: 2, max: 100, allowZero: true }),
  }),
  /**
   * Fixed-priced pieces, in whole percent: `set` (the default) makes each piece's discount off
   * its typed price this percent, whatever it was; `further` takes this percent off the price
   * each piece sells at now.
   */
  z.object({
    kind: z.literal('discount'),
    mode: z.optional(z.enum(['set', 'further'], 'mode must be set or further')),
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

/**
 * Rows picked in the table, or every product the table's search matches (`q` and `status`, as
 * GET /api/admin/products). A filter names its scope: a search, a state, or `all: true` for the
 * whole catalogue; an empty one is refused, so no edit reaches every piece by default.
 */
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
    filter: z.object({
      q: z.optional(textField().check(z.maxLength(200, 'q is too long'))),
      status: z.optional(z.enum(PRODUCT_STATUSES, 'status must be draft, live or archived')),
      all: z.optional(z.literal(true, 'all must be true (every product) or left out')),
    }),
  }),
]);

/** What a filter with neither a search, a state nor `all: true` is told. */
export const BULK_EDIT_SCOPE_MESSAGE =
  'Choose the products: select rows, search the table, filter by state, or send filter.all: true to change every product';
export type BulkEditSelection = z.output<typeof bulkEditSelection>;

/** Past this many pieces, an apply asks the owner to type the count (`confirmCount`). */
export const BULK_EDIT_CONFIRM_OVER = 50;

export const bulkEditInput = z.object({
  selection: bulkEditSelection,
  change: bulkEditChange,
  /** The apply: the preview it applies (the inputs must be the preview's, nothing moved since). */
  previewId: z.optional(textField().check(z.maxLength(100, 'previewId is not valid'))),
  /** The apply of a change to more than BULK_EDIT_CONFIRM_OVER pieces: their count, typed. */
  confirmCount: z.optional(z.number('confirmCount must be a number')),
});
export type BulkEditInput = z.output<typeof bulkEditInput>;

/** What a change does, in the owner's words ("Set discount to 10 %", "Take a further 10 % off"). */
export function bulkEditActionLabel(change: BulkEditChange): string {
  switch (change.kind) {
    case 'discount':
      return change.mode === 'further'
        ? `Take a further ${change.percent} % off`
        : `Set discount to ${change.percent} %`;
    case 'makingDiscount':
      return `Set making discount to ${change.percent} %`;
    case 'making':
      return `Set making charge to ${[
        change.makingValue ?? '(kept)',
        change.makingKind === 'perGram' ? '₹/g' : change.makingKind === 'percent' ? '%' : '',
      ]
        .join(' ')
        .trim()}`;
    case 'category':
      return `Move to ${change.topLevelCategory} › ${change.secondLevelCategory} › ${change.thirdLevelCategory}`;
    case 'status':
      return `Set state to ${change.status}`;
    case 'stock':
      return `${change.delta > 0 ? 'Add' : 'Take'} ${Math.abs(change.delta)} to stock${change.weight ? ` of ${change.weight}` : ''}`;
  }
}

/** One piece of a preview: its listed price before → after, and what else moves, in words. */
export const bulkEditPiece = z.object({
  productId: z.string(),
  sku: z.string(),
  title: z.string(),
  before: z.number(),
  after: z.number(),
  /** The change that is not a price ("Stock 4 g: 3 → 4", "State: live → archived"). */
  detail: z.optional(z.string()),
});
export type BulkEditPiece = z.infer<typeof bulkEditPiece>;

/** What applying would do: how many products, how many of them change, and the prices at today's rate. */
export const bulkEditPreview = z.object({
  products: z.number(),
  changing: z.number(),
  /** Products the change does not apply to, by reason ("fixed-priced: no making charge"). */
  skipped: z.array(z.object({ reason: z.string(), count: z.number() })),
  /** Sum of the changing products' listed (discounted) prices, in rupees, before and after. */
  priceBefore: z.number(),
  priceAfter: z.number(),
  samples: z.array(bulkEditPiece),
  /** The id the apply sends: the server applies exactly this preview, or refuses (409). */
  previewId: z.string(),
  /** The change in words ("Set discount to 10 %" or "Take a further 10 % off"). */
  action: z.string(),
  /** Each piece that changes, before → after (the first 500; `changing` counts them all). */
  pieces: z.array(bulkEditPiece),
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
  /** Products the job refused because they moved after the preview ("changed since the check"). */
  refused: z.number(),
  /** The refused products (the first 100), each with why. */
  refusals: z.array(z.object({ productId: z.string(), sku: z.string(), reason: z.string() })),
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
