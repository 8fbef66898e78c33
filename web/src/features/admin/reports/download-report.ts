import { fetchWithToken, saveBlob } from '@/lib/download';
import { readWithProgress, type DownloadProgress } from './read-progress';

export type { DownloadProgress };

/** Downloads a report (CSV) with the session's token, saving it under `fileName`. */
export async function downloadReport(
  url: string,
  fileName: string,
  onProgress: (progress: DownloadProgress) => void,
): Promise<DownloadProgress> {
  const what = 'The report could not be downloaded';
  const response = await fetchWithToken(url, what);
  if (!response.body) throw new Error(`${what} (${response.status})`);
  let last: DownloadProgress = { bytes: 0, rows: 0 };
  const chunks = await readWithProgress(response.body, (p) => {
    last = p;
    onProgress(p);
  });
  saveBlob(new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }), fileName);
  return last;
}
