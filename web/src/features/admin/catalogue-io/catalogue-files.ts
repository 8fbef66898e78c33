import { templateCsvText, type ImportDryRun } from '@kanak/shared';
import { readToken } from '@/features/session/session';
import { openInvoice } from '@/features/invoices/download-invoice';

/**
 * The template (UTF-8 with BOM): the column set with three sizes and a stone row, and an example
 * row that passes its own dry run as downloaded (its images are URLs the shop serves).
 */
export function templateCsv(): Blob {
  return new Blob([templateCsvText()], { type: 'text/csv;charset=utf-8' });
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

/** The products table's current filter (search and state) as a CSV or XLSX file. */
export function downloadCatalogue(
  format: 'csv' | 'xlsx',
  q: string,
  status?: string | undefined,
): Promise<void> {
  const query = new URLSearchParams({ format });
  if (q) query.set('q', q);
  if (status) query.set('status', status);
  return openInvoice(`/api/admin/catalogue/export?${query.toString()}`, `catalogue.${format}`);
}
