import { normaliseSize, normaliseWeight } from '@kanak/shared';
import { FIELD_LABELS, type ProductFormFields, type SingleField } from './product-fields';

type SizeRow = ProductFormFields['sizes'][number];

/** A stock the admin changed that also moved while the form was open. */
export interface StockNote {
  /** The size row's weight as stored ("5 g"). */
  weight: string;
  loaded: string;
  current: string;
  entered: string;
}

export interface MergedEdits {
  /** What the form shows next: the product as saved now, with the admin's own changes on top. */
  values: ProductFormFields;
  /** Labels of the fields another save changed and the admin did not: now in the form. */
  incoming: string[];
  /** Labels of the fields both the admin and the other save changed: the admin's value is kept. */
  clashes: string[];
  /** Stocks shown at their current figure although the admin had entered another. */
  stockNotes: StockNote[];
}

const text = (value: unknown) =>
  value === undefined || value === null ? '' : String(value).trim();
const same = (a: unknown, b: unknown) => text(a) === text(b);

/** A size row's identity: its weight as the server stores it (new, blank rows by position). */
const rowKey = (row: SizeRow, index: number) => normaliseWeight(row.weight) ?? `#${index}`;
/** The size rows without their stock: which weights, in which order, with which sizes. */
const rowShape = (rows: SizeRow[]) =>
  JSON.stringify(rows.map((row, i) => [rowKey(row, i), normaliseSize(row.size) ?? text(row.size)]));
const imageList = (fields: ProductFormFields) =>
  JSON.stringify(fields.imageUrls.map((i) => text(i.imageUrl)));

/**
 * After a save refused with 409, the three versions of the form merged: `loaded` (what the form
 * was filled from), `edited` (what the admin has now) and `current` (the product as saved now).
 * A field the admin left alone takes the current value; a field they changed keeps theirs. Stock
 * is the exception: a stock that moved meanwhile shows its current figure even where the admin
 * had entered another (the note says so), so a second save cannot sell pieces that are gone.
 */
export function mergeEdits(
  loaded: ProductFormFields,
  edited: ProductFormFields,
  current: ProductFormFields,
): MergedEdits {
  const values: ProductFormFields = { ...current };
  const incoming: string[] = [];
  const clashes: string[] = [];
  /** Whose value a field takes, by its three versions compared as text; true: the admin's. */
  const keepsOwn = (label: string, was: string, own: string, now: string) => {
    const theirs = now !== was;
    if (own === was) {
      if (theirs) incoming.push(label);
      return false;
    }
    if (theirs && now !== own) clashes.push(label);
    return true;
  };
  const mergeField = <K extends SingleField>(key: K, label: string) => {
    if (keepsOwn(label, text(loaded[key]), text(edited[key]), text(current[key])))
      values[key] = edited[key];
  };
  for (const [key, label] of FIELD_LABELS) mergeField(key, label);
  if (keepsOwn('Images', imageList(loaded), imageList(edited), imageList(current)))
    values.imageUrls = edited.imageUrls;
  // The rows (weights and sizes) merge as one field; their stock, row by row, below.
  const ownRows = keepsOwn(
    'Sizes',
    rowShape(loaded.sizes),
    rowShape(edited.sizes),
    rowShape(current.sizes),
  );
  const find = (rows: SizeRow[], key: string) => rows.find((row, i) => rowKey(row, i) === key);
  const stockNotes: StockNote[] = [];
  values.sizes = (ownRows ? edited.sizes : current.sizes).map((row, index) => {
    const key = rowKey(row, index);
    const [was, mine, now] = [
      find(loaded.sizes, key),
      find(edited.sizes, key),
      find(current.sizes, key),
    ];
    if (!mine || !now) return { ...row, stock: (mine ?? now ?? row).stock };
    if (!was || same(mine.stock, was.stock) || same(mine.stock, now.stock))
      return { ...row, stock: was ? now.stock : mine.stock };
    if (same(now.stock, was.stock)) return { ...row, stock: mine.stock };
    stockNotes.push({
      weight: key,
      loaded: text(was.stock),
      current: text(now.stock),
      entered: text(mine.stock),
    });
    return { ...row, stock: now.stock };
  });
  return { values, incoming, clashes, stockNotes };
}

/** Under the server's message (which says what to do): what the form did about the refusal. */
export function mergeHint({ incoming, clashes, stockNotes }: MergedEdits): string {
  const parts = [
    incoming.length > 0
      ? `The form now has their changes to ${incoming.join(', ')}, and keeps yours.`
      : 'The form now shows the product as it is saved now, with your changes kept.',
  ];
  if (clashes.length > 0)
    parts.push(`You both changed ${clashes.join(', ')}: the form keeps your version.`);
  if (stockNotes.length > 0)
    parts.push('Stock that moved shows its current figure, with what you entered beside it.');
  return parts.join(' ');
}
