import { describe, expect, it } from 'vitest';
import { readWithProgress, type DownloadProgress } from './read-progress';

describe('readWithProgress', () => {
  it('tells the bytes and CSV rows received after each chunk, heading not counted', async () => {
    const encoder = new TextEncoder();
    const parts = ['\uFEFFKind,Number\r\n', 'invoice,KJ/1\r\ninvoice,', 'KJ/2\r\n'];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(encoder.encode(part));
        controller.close();
      },
    });
    const seen: DownloadProgress[] = [];
    const chunks = await readWithProgress(body, (p) => seen.push(p));
    expect(chunks).toHaveLength(3);
    const sizes = parts.map((p) => encoder.encode(p).byteLength);
    expect(seen).toEqual([
      { bytes: sizes[0], rows: 0 },
      { bytes: sizes[0]! + sizes[1]!, rows: 1 },
      { bytes: sizes[0]! + sizes[1]! + sizes[2]!, rows: 2 },
    ]);
  });
});
