import { randomBytes } from 'node:crypto';
import { buildApp, loadConfig, type Config } from '@kanak/server';
import { createTestDatabase, type TestDatabase } from './database';
import { TEST_REDIS_URL } from './env';
import { RELAXED_LIMITS } from './limits';
import { uniquePrefix } from './prefixes';

export interface TestServer {
  baseUrl: string;
  config: Config;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The real app on a free port, over its own database copy and its own queue prefix. */
export async function startTestServer(
  overrides: Partial<Record<keyof Config, unknown>> = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  const config = loadConfig(
    {},
    {
      PORT: 0,
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: uniquePrefix('q'),
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      JWT_SECRET: randomBytes(24).toString('hex'),
      // Tests of other flows ship the seed's gold without typing HUIDs; the hallmarking tests
      // turn the shop's rule back on.
      HUID_REQUIRED_TO_SHIP: false,
      ...RELAXED_LIMITS,
      ...overrides,
    },
  );
  const { app, services } = await buildApp(config);
  // Tests start once the shared Redis answers: a request arriving while the client still
  // connects is counted by the memory limiter instead (by design), which would skew a test's
  // exact counts. Fault tests that point at their own Redis start without waiting.
  if (!('REDIS_URL' in overrides)) await redisReady(services.requestRedis, 5000);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

function redisReady(
  client: { status: string; once(event: 'ready', cb: () => void): unknown },
  ms: number,
) {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
