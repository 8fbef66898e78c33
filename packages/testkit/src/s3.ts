import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** The part of s3rver's documented API (README, "Class: S3rver") used here; it ships no types. */
interface S3rver {
  /** Creates the configured buckets in `directory` without going through the S3 API. */
  configureBuckets(): Promise<void>;
  /** A request listener for http.createServer. */
  callback(): http.RequestListener;
}
type S3rverClass = new (options: {
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rver;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** s3rver accepts any well-formed signature from these (its README). */
export const TEST_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface TestS3 {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** What points a server (startTestServer overrides) at this bucket. */
  overrides: {
    S3_BUCKET: string;
    S3_ENDPOINT: string;
    S3_REGION: string;
    S3_ACCESS_KEY_ID: string;
    S3_SECRET_ACCESS_KEY: string;
    S3_FORCE_PATH_STYLE: boolean;
  };
  /** Stops answering (connections refused, open ones dropped); the stored objects stay. */
  stop(): Promise<void>;
  /** Answers again on the same port, with the same objects. */
  start(): Promise<void>;
  /** Stops and deletes its directory. */
  close(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver) on a free port of 127.0.0.1, storing into a fresh temporary
 * directory, with one empty bucket. Clients need path-style addressing (S3_FORCE_PATH_STYLE).
 */
export async function startTestS3(
  bucket = `kanak-${randomBytes(4).toString('hex')}`,
): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'kanak-s3-'));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket }] });
  await s3rver.configureBuckets();
  // Our own HTTP server around s3rver's handler, so stop() can drop keep-alive connections.
  let server: http.Server | null = null;
  let port = 0;
  const listen = async () => {
    const next = http.createServer(s3rver.callback());
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    const address = next.address();
    port = typeof address === 'object' && address ? address.port : port;
    server = next;
  };
  const stop = async () => {
    const current = server;
    if (!current) return;
    server = null;
    const closed = new Promise<void>((resolve) => current.close(() => resolve()));
    current.closeAllConnections();
    await closed;
  };
  await listen();
  const endpoint = `http://127.0.0.1:${port}`;
  const s3: TestS3 = {
    endpoint,
    bucket,
    overrides: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: TEST_S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: TEST_S3_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: true,
    },
    stop,
    async start() {
      if (!server) await listen();
    },
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
  return s3;
}
