import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '@kanak/db';
import { blobOf, httpClient, startTestServer, type TestServer } from '@kanak/testkit';

const MAX = 4096;
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
  0, 0, 0, 1,
]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00');
const WEBP = new Uint8Array([
  ...new TextEncoder().encode('RIFF'),
  26,
  0,
  0,
  0,
  ...new TextEncoder().encode('WEBPVP8 '),
]);
const SVG = new TextEncoder().encode(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>',
);

describe('image uploads', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  let admin: string;
  let customer: string;
  let dir: string;

  const upload = async (
    bytes: Uint8Array | string,
    options: {
      token?: string;
      field?: string;
      type?: string;
      name?: string;
      preset?: boolean;
    } = {},
  ) => {
    const form = new FormData();
    if (options.preset) form.append('upload_preset', 'kanak-products');
    form.append(
      options.field ?? 'file',
      blobOf(bytes, { type: options.type ?? 'image/png' }),
      options.name ?? 'photo.png',
    );
    const response = await fetch(`${server.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      body: form,
    });
    return {
      status: response.status,
      body: (await response.json()) as { secure_url?: string; message?: string },
    };
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kanak-uploads-'));
    server = await startTestServer({ UPLOAD_DIR: dir, UPLOAD_MAX_BYTES: MAX });
    http = httpClient(server.baseUrl);
    admin = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin)).body.jwt;
    customer = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.customer)).body.jwt;
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers 401 without a token and 403 to customers', async () => {
    expect((await upload(PNG)).status).toBe(401);
    expect((await upload(PNG, { token: 'null' })).status).toBe(401);
    expect((await upload(PNG, { token: customer })).status).toBe(403);
    expect(await readdir(dir)).toEqual([]);
  });

  it('stores each image kind under a random name and answers an absolute secure_url', async () => {
    const kinds: [Uint8Array, string, string][] = [
      [PNG, 'image/png', '.png'],
      [JPEG, 'image/jpeg', '.jpg'],
      [GIF, 'image/gif', '.gif'],
      [WEBP, 'image/webp', '.webp'],
      [SVG, 'image/svg+xml', '.svg'],
    ];
    for (const [bytes, type, ext] of kinds) {
      // The upload_preset field sent by clients written for an image hosting service is ignored.
      const res = await upload(bytes, { token: admin, type, preset: true });
      expect(res.status, type).toBe(201);
      const url = res.body.secure_url!;
      expect(url.startsWith(`${server.baseUrl}/media/uploads/`)).toBe(true);
      expect(url.endsWith(ext)).toBe(true);
      const served = await fetch(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toContain(type);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    }
    const names = await readdir(dir);
    expect(names).toHaveLength(5);
    for (const name of names) expect(name).toMatch(/^[0-9a-f]{32}\.(png|jpg|gif|webp|svg)$/);
  });

  it('checks the bytes, not the declared type: text, HTML and scripted SVG are refused', async () => {
    const text = await upload('just some text', { token: admin, type: 'image/png' });
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('Only JPEG, PNG, WebP, GIF or SVG images can be uploaded');
    expect(
      (
        await upload('<html><script>alert(1)</script></html>', {
          token: admin,
          type: 'image/svg+xml',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await upload('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', {
          token: admin,
          type: 'image/svg+xml',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await upload('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>', {
          token: admin,
          type: 'image/svg+xml',
        })
      ).status,
    ).toBe(400);
    expect((await upload(new Uint8Array(0), { token: admin })).body.message).toBe(
      'The uploaded file is empty',
    );
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 413 and a clear message', async () => {
    const big = new Uint8Array(MAX + 1);
    big.set(PNG);
    const res = await upload(big, { token: admin });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The image is too large: at most 4 KB can be uploaded');
    expect(await readdir(dir)).toHaveLength(5);
  });

  it('refuses a missing file field, a wrong field name and a non-multipart body', async () => {
    const wrongField = await upload(PNG, { token: admin, field: 'image' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe('Attach the image in the field "file"');
    const onlyPreset = new FormData();
    onlyPreset.append('upload_preset', 'x');
    const noFile = await fetch(`${server.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: onlyPreset,
    });
    expect(noFile.status).toBe(400);
    const json = await http.post<{ message: string }>(
      '/api/uploads',
      { file: 'data:image/png;base64,AAAA' },
      { token: admin },
    );
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('Send the image as multipart/form-data in the field "file"');
    const twoFiles = new FormData();
    twoFiles.append('file', new Blob([PNG]), 'a.png');
    twoFiles.append('file', new Blob([PNG]), 'b.png');
    const two = await fetch(`${server.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: twoFiles,
    });
    expect(two.status).toBeLessThan(500);
  });

  it('answers a broken multipart body with 400 and a clear message, never a 5xx', async () => {
    const stored = (await readdir(dir)).length;
    const post = async (contentType: string, body: string) => {
      const response = await fetch(`${server.baseUrl}/api/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': contentType },
        body,
      });
      return { status: response.status, body: (await response.json()) as { message: string } };
    };
    const part = (boundary: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc`;
    for (const type of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=""',
    ]) {
      const res = await post(type, `${part('x')}\r\n--x--\r\n`);
      expect(res.status, type).toBe(400);
      expect(res.body.message, type).toBe(
        'The upload has no multipart boundary: send multipart/form-data and let the client set its Content-Type',
      );
    }
    for (const body of [part('x'), `${part('x')}\r\n--x`, '--x\r\nno header end', 'garbage']) {
      const res = await post('multipart/form-data; boundary=x', body);
      expect(res.status, body).toBe(400);
      expect(res.body.message, body).toMatch(/not valid multipart\/form-data|field "file"/);
    }
    expect((await post(`multipart/form-data; boundary=${'b'.repeat(300)}`, 'x')).status).toBe(400);
    expect(await readdir(dir)).toHaveLength(stored);
  });

  it('serves only stored names: unknown, traversal and odd names are 404', async () => {
    expect((await fetch(`${server.baseUrl}/media/uploads/${'0'.repeat(32)}.png`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/media/uploads/..%2F..%2Fpackage.json`)).status).toBe(
      404,
    );
    expect((await fetch(`${server.baseUrl}/media/uploads/passwd`)).status).toBe(404);
  });

  it('builds secure_url from PUBLIC_URL when it is set', async () => {
    const publicServer = await startTestServer({
      UPLOAD_DIR: dir,
      PUBLIC_URL: 'https://shop.example.com',
    });
    try {
      const client = httpClient(publicServer.baseUrl);
      const token = (await client.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin)).body
        .jwt;
      const form = new FormData();
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'p.png');
      const response = await fetch(`${publicServer.baseUrl}/api/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = (await response.json()) as { secure_url: string };
      expect(body.secure_url).toMatch(
        /^https:\/\/shop\.example\.com\/media\/uploads\/[0-9a-f]{32}\.png$/,
      );
    } finally {
      await publicServer.close();
    }
  });
});
