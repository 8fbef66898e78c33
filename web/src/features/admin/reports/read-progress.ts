/** How far a download has come: bytes and CSV rows received (the heading not counted). */
export interface DownloadProgress {
  bytes: number;
  rows: number;
}

/**
 * Reads a streamed body to the end, telling `onProgress` after each chunk: the server streams
 * reports as it reads them, so a year's CSV shows its rows arriving instead of a still button.
 */
export async function readWithProgress(
  body: ReadableStream<Uint8Array>,
  onProgress: (progress: DownloadProgress) => void,
): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  const progress: DownloadProgress = { bytes: 0, rows: 0 };
  let lines = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    progress.bytes += value.byteLength;
    for (const byte of value) if (byte === 0x0a) lines++;
    progress.rows = Math.max(0, lines - 1);
    onProgress({ ...progress });
  }
  return chunks;
}
