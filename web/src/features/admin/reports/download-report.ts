import { readToken } from '@/features/session/session';
import { readWithProgress, type DownloadProgress } from './read-progress';

export type { DownloadProgress };

/** Downloads a report (CSV) with the session's token, saving it under `fileName`. */
export async function downloadReport(
  url: string,
  fileName: string,
  onProgress: (progress: DownloadProgress) => void,
): Promise<DownloadProgress> {
  const token = readToken();
  const response = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `The report could not be downloaded (${response.status})`);
  }
  let last: DownloadProgress = { bytes: 0, rows: 0 };
  const chunks = await readWithProgress(response.body, (p) => {
    last = p;
    onProgress(p);
  });
  const href = URL.createObjectURL(
    new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }),
  );
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return last;
}
