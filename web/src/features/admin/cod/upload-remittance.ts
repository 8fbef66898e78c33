import type { RemittanceAnswer } from '@kanak/shared';
import { readToken } from '@/features/session/session';

/**
 * POST /api/admin/cod/remittances with the carrier's file as it is (multipart, field `file`):
 * the server reads and checks the file, so the page never holds its text.
 */
export async function uploadRemittance(file: File, dryRun: boolean): Promise<RemittanceAnswer> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('dryRun', String(dryRun));
  const token = readToken();
  const response = await fetch('/api/admin/cod/remittances', {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const body = (await response.json().catch(() => null)) as
    (RemittanceAnswer & { message?: string }) | null;
  if (!response.ok || !body)
    throw new Error(body?.message ?? `The remittance file could not be read (${response.status})`);
  return body;
}
