import { catalogueColumns, type ImportDryRun } from '@kanak/shared';
import { readToken } from '@/features/session/session';
import { openInvoice } from '@/features/invoices/download-invoice';

/** One example row of the template: a fixed-priced ring in two sizes and a third left blank. */
const EXAMPLE: Record<string, string> = {
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
  images: 'classic-band-1.jpg|classic-band-2.jpg',
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

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** The template: the column set with three sizes and the example row (UTF-8 with BOM). */
export function templateCsv(): Blob {
  const columns = catalogueColumns(3);
  const lines = [columns, columns.map((c) => EXAMPLE[c] ?? '')].map((cells) =>
    cells.map(quote).join(','),
  );
  return new Blob(['\uFEFF', lines.join('\r\n'), '\r\n'], { type: 'text/csv;charset=utf-8' });
}

export function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** POST /api/admin/catalogue/imports?dryRun=true with the file and the images zip. */
export async function uploadCatalogue(file: File, images: File | null): Promise<ImportDryRun> {
  const form = new FormData();
  form.append('file', file, file.name);
  if (images) form.append('images', images, images.name);
  const token = readToken();
  const response = await fetch('/api/admin/catalogue/imports?dryRun=true', {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const body = (await response.json().catch(() => null)) as
    (ImportDryRun & { message?: string }) | null;
  if (!response.ok || !body)
    throw new Error(body?.message ?? `The file could not be checked (${response.status})`);
  return body;
}

/** The products table's current filter as a CSV or XLSX file. */
export function downloadCatalogue(format: 'csv' | 'xlsx', q: string): Promise<void> {
  const query = new URLSearchParams({ format });
  if (q) query.set('q', q);
  return openInvoice(`/api/admin/catalogue/export?${query.toString()}`, `catalogue.${format}`);
}
