import * as z from 'zod/mini';

/** One refused cell of an import: its row (1 is the heading row), column, value and why. */
export const importError = z.object({
  row: z.number(),
  column: z.string(),
  value: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importError>;

export const importSummary = z.object({
  new: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  /** Rows that take a product to `archived`. */
  archived: z.number(),
  /** Rows refused (each has one or more errors). */
  errors: z.number(),
});
export type ImportSummary = z.infer<typeof importSummary>;

/** One field a row changes, and a product's price before → after at today's rate (rupees). */
export const importChange = z.object({
  row: z.number(),
  sku: z.string(),
  kind: z.enum(['new', 'changed', 'archived']),
  title: z.string(),
  fields: z.array(z.object({ column: z.string(), before: z.string(), after: z.string() })),
  price: z.object({ before: z.nullable(z.number()), after: z.nullable(z.number()) }),
});
export type ImportChange = z.infer<typeof importChange>;

export const IMPORT_STATES = ['validated', 'applying', 'applied', 'failed'] as const;

/** POST /api/admin/catalogue/imports: the dry run's answer. */
export const importDryRun = z.object({
  id: z.string(),
  state: z.enum(IMPORT_STATES),
  summary: importSummary,
  /** Every refused cell, in row order (the first 1000; `summary.errors` counts the rows). */
  errors: z.array(importError),
  /** What applying would do, row by row (the first 500). */
  changes: z.array(importChange),
});
export type ImportDryRun = z.infer<typeof importDryRun>;

/** GET /api/admin/catalogue/imports/{id}. */
export const importStatus = z.object({
  id: z.string(),
  state: z.enum(IMPORT_STATES),
  /** Percent of the rows to apply that are done (100 once applied). */
  progress: z.number(),
  summary: importSummary,
  /** The row the apply could not save (a SKU taken or stock sold meanwhile), with why. */
  failures: z.array(z.object({ row: z.number(), sku: z.string(), message: z.string() })),
  /** Why the import is `failed` (the row that stopped it); null in every other state. */
  message: z.nullable(z.string()),
  /** Rows saved so far, and rows refused (each listed in `failures` with why). */
  saved: z.number(),
  refused: z.number(),
});
export type ImportStatus = z.infer<typeof importStatus>;

export const importIdInput = z.object({
  id: z.string('Import id is required').check(z.regex(/^[0-9a-f-]{36}$/i, 'Unknown import')),
});

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
