import { artUrl } from '../media/jewel-art';
import { catalogueColumns, IMAGE_SEPARATOR } from './columns';

/**
 * The import page's template: the column set with three sizes and one stone row, and one example
 * row that passes its own dry run as downloaded. Its images are URLs of drawings the shop serves
 * itself (/media/art/…), so no zip is needed; the owner replaces them with their own URLs or
 * with file names in an uploaded zip. It is metal-priced, so it needs the day's 22K rate.
 */
export const TEMPLATE_ROW: Readonly<Record<string, string>> = {
  sku: 'GRIN-0001',
  status: 'draft',
  title: 'Classic Gold Band',
  brand: 'Kanak',
  collection: 'best-sellers',
  category: 'gold > rings > ring',
  metal: 'gold',
  color: 'yellow',
  occasion: 'casual',
  description: 'A plain 22K band for every day.',
  details: 'BIS hallmarked.',
  quantity: '1',
  pricing: 'metal',
  price_metal: 'gold',
  purity: '916',
  making_kind: 'percent',
  making_value: '12',
  making_discount: '0',
  stones_value: '0',
  images: [artUrl('ring', 'gold', 'a'), artUrl('ring', 'gold', 'b')].join(IMAGE_SEPARATOR),
  size_1_sku: 'GRIN-0001-4G',
  size_1_weight: '4 g',
  size_1_size: '16 MM',
  size_1_net_weight: '3.9',
  size_1_stock: '3',
  size_2_sku: 'GRIN-0001-5G',
  size_2_weight: '5 g',
  size_2_size: '18 MM',
  size_2_net_weight: '4.9',
  size_2_stock: '2',
};

export const TEMPLATE_COLUMNS = catalogueColumns(3, 1);

/** The template's heading row and example row, cell by cell. */
export function templateRows(): string[][] {
  return [TEMPLATE_COLUMNS, TEMPLATE_COLUMNS.map((c) => TEMPLATE_ROW[c] ?? '')];
}

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** The template as the CSV text the import page downloads (with the BOM spreadsheets want). */
export function templateCsvText(): string {
  return `\uFEFF${templateRows()
    .map((cells) => cells.map(quote).join(','))
    .join('\r\n')}\r\n`;
}
