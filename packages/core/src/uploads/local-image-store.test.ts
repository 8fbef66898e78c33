import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localImageStore } from './local-image-store';
import { openUpload, storeUpload } from './uploads';

const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00');

describe('localImageStore with storeUpload and openUpload', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kanak-store-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('stores under a random name (creating the directory) and reads it back with its type', async () => {
    const store = localImageStore(path.join(dir, 'nested'));
    const name = await storeUpload(store, GIF);
    expect(name).toMatch(/^[0-9a-f]{32}\.gif$/);
    expect(await readdir(path.join(dir, 'nested'))).toEqual([name]);
    const opened = await openUpload(store, name);
    expect(opened?.contentType).toBe('image/gif');
    expect(await text(opened!.body)).toBe(new TextDecoder().decode(GIF));
  });

  it('takes a PDF only as a certificate, and serves it as a PDF', async () => {
    const store = localImageStore(dir);
    const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
    await expect(storeUpload(store, pdf)).rejects.toThrow(/Only JPEG, PNG, WebP, GIF or SVG/);
    const name = await storeUpload(store, pdf, 'certificate');
    expect(name).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect((await openUpload(store, name))?.contentType).toBe('application/pdf');
    // Not a PDF, not an image: refused with what a certificate may be.
    await expect(
      storeUpload(store, new TextEncoder().encode('hello'), 'certificate'),
    ).rejects.toThrow('A certificate can be a PDF or a JPEG, PNG, WebP, GIF or SVG image');
  });

  it('answers null for a missing file, a directory, and a name it could not have given', async () => {
    const store = localImageStore(dir);
    const missing = `${'0'.repeat(32)}.png`;
    expect(await openUpload(store, missing)).toBeNull();
    await mkdir(path.join(dir, missing));
    expect(await openUpload(store, missing)).toBeNull();
    expect(await openUpload(store, '../secret.png')).toBeNull();
    await expect(storeUpload(store, new TextEncoder().encode('text'))).rejects.toThrow(/Only JPEG/);
  });
});
