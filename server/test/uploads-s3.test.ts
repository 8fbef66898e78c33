import { mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '@kanak/db';
import {
  blobOf,
  httpClient,
  startTestS3,
  startTestServer,
  TEST_S3_CREDENTIALS,
  type TestS3,
  type TestServer,
} from '@kanak/testkit';
import { STORAGE_UNAVAILABLE } from '../src/uploads/s3-image-store';

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
  0, 0, 0, 1,
]);
const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>',
);
const LONG_CACHE = 'public, max-age=31536000, immutable';

const adminToken = async (server: TestServer) =>
  (await httpClient(server.baseUrl).post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin)).body
    .jwt;

async function upload(server: TestServer, token: string, bytes: Uint8Array, type = 'image/png') {
  const form = new FormData();
  form.append('file', blobOf(bytes, { type }), 'photo');
  const response = await fetch(`${server.baseUrl}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as { secure_url?: string; error?: string; message?: string },
  };
}

/** What makes another server a replica of `server`: its database and its token secret. */
const sameShop = (server: TestServer) => ({
  DATABASE_URL: server.config.DATABASE_URL,
  JWT_SECRET: server.config.JWT_SECRET,
});

/** The stored name at the end of a secure_url. */
const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('uploads in S3-compatible storage, shared by two servers', () => {
  let s3: TestS3;
  let one: TestServer;
  let two: TestServer;
  let token: string;
  let bucket: S3Client;
  /** Each server's UPLOAD_DIR: with S3 configured nothing may land there. */
  let localDir: string;

  beforeAll(async () => {
    s3 = await startTestS3();
    localDir = await mkdtemp(path.join(os.tmpdir(), 'kanak-s3-local-'));
    one = await startTestServer({ ...s3.overrides, UPLOAD_DIR: localDir });
    // The second replica: same database, token secret and bucket; its own port and process state.
    two = await startTestServer({ ...s3.overrides, UPLOAD_DIR: localDir, ...sameShop(one) });
    token = await adminToken(one);
    bucket = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: TEST_S3_CREDENTIALS,
    });
  });
  afterAll(async () => {
    bucket?.destroy();
    await two?.close();
    await one?.close();
    await s3?.close();
    await rm(localDir, { recursive: true, force: true });
  });

  it('serves an image uploaded through one server through the other, from the bucket', async () => {
    for (const [bytes, type] of [
      [PNG, 'image/png'],
      [SVG, 'image/svg+xml'],
    ] as const) {
      const res = await upload(one, token, bytes, type);
      expect(res.status, type).toBe(201);
      expect(Object.keys(res.body)).toEqual(['secure_url']);
      const url = res.body.secure_url!;
      expect(url).toMatch(new RegExp(`^${one.baseUrl}/media/uploads/[0-9a-f]{32}\\.(png|svg)$`));
      const name = nameOf(url);

      const served = await fetch(`${two.baseUrl}/media/uploads/${name}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toContain(type);
      expect(served.headers.get('cache-control')).toBe(LONG_CACHE);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-security-policy')).toContain('sandbox');
      const body = new Uint8Array(await served.arrayBuffer());
      if (type === 'image/png') expect(body).toEqual(bytes);
      else expect(new TextDecoder().decode(body)).toContain('<circle');

      const head = await bucket.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: name }));
      expect(head.ContentType).toBe(type);
      expect(head.CacheControl).toBe(LONG_CACHE);
      const object = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: name }));
      expect(await object.Body!.transformToByteArray()).toEqual(body);
    }
    expect(await readdir(localDir)).toEqual([]);
  });

  it('answers 404 for a name with nothing stored and for names it could not have given', async () => {
    for (const server of [one, two]) {
      const unknown = await fetch(`${server.baseUrl}/media/uploads/${'0'.repeat(32)}.png`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ error: 'NOT_FOUND', message: 'Image not found' });
      expect((await fetch(`${server.baseUrl}/media/uploads/..%2F..%2Fpackage.json`)).status).toBe(
        404,
      );
    }
  });

  it('answers 503 with a clear message while storage is down, and recovers', async () => {
    const before = await upload(one, token, PNG);
    expect(before.status).toBe(201);
    const name = nameOf(before.body.secure_url!);

    await s3.stop();
    try {
      for (const server of [one, two]) {
        const refused = await upload(server, token, PNG);
        expect(refused.status).toBe(503);
        expect(refused.body).toEqual({ error: 'UNAVAILABLE', message: STORAGE_UNAVAILABLE });
        expect(refused.retryAfter).toMatch(/^\d+$/);
        const read = await fetch(`${server.baseUrl}/media/uploads/${name}`);
        expect(read.status).toBe(503);
        expect(await read.json()).toEqual({ error: 'UNAVAILABLE', message: STORAGE_UNAVAILABLE });
      }
    } finally {
      await s3.start();
    }

    expect((await upload(two, token, PNG)).status).toBe(201);
    const again = await fetch(`${two.baseUrl}/media/uploads/${name}`);
    expect(again.status).toBe(200);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(PNG);
  });

  it('answers 503, not a hang, when storage accepts but never answers (S3_TIMEOUT_MS, twice)', async () => {
    // Takes connections and reads them, answers nothing: a hung storage server.
    const sockets = new Set<net.Socket>();
    const blackHole = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.resume();
    });
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', () => resolve()));
    const address = blackHole.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const hung = await startTestServer({
      ...s3.overrides,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_TIMEOUT_MS: 500,
      ...sameShop(one),
    });
    try {
      const res = await upload(hung, token, PNG);
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(STORAGE_UNAVAILABLE);
      const read = await fetch(`${hung.baseUrl}/media/uploads/${'a'.repeat(32)}.png`);
      expect(read.status).toBe(503);
    } finally {
      await hung.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => blackHole.close(() => resolve()));
    }
  });
});
