// SIGTERM under load: in-flight requests finish (slow ones too: their pools stay open until the
// server has drained), no answer is a 500, and the process exits within 10 s, also with Redis
// down and with PostgreSQL frozen. The worker likewise exits within 10 s with Redis down.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@kanak/server';
import {
  createTestDatabase,
  startPgProxy,
  startRedisServer,
  TEST_PG_URL,
  type PgProxy,
  type RedisServer,
  type TestDatabase,
} from '@kanak/testkit';
import { startWorkerProcess, type WorkerProcess } from './pipeline-support';
import {
  databaseRequests,
  runLoad,
  sleep,
  startServerProcess,
  type Load,
  type ServerProcess,
} from './process-support';

const EXIT_BOUND_MS = 10_000;

describe('shutdown', () => {
  let database: TestDatabase;
  let proxy: PgProxy;
  let redis: RedisServer;
  let specs: ReturnType<typeof databaseRequests>;
  const started: Array<ServerProcess | WorkerProcess> = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startPgProxy(Number(new URL(TEST_PG_URL).port || 5432));
    redis = await startRedisServer();
    const product = await database.db
      .selectFrom('products')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    specs = databaseRequests(product.id, {
      email: 'nobody.here@example.com',
      password: 'Wrong@1234',
    });
  }, 60_000);

  afterEach(async () => {
    // Whatever a test left running or broken: back to normal for the next one.
    for (const child of started.splice(0)) await child.stop('SIGKILL');
    await proxy.restore();
    if (!redis.pid()) await redis.start();
  });

  afterAll(async () => {
    await proxy?.close();
    await redis?.stop();
    await database?.drop();
  });

  async function server(env: Record<string, string> = {}) {
    const child = await startServerProcess({
      DATABASE_URL: proxy.rewrite(database.url),
      REDIS_URL: redis.url,
      ...env,
    });
    started.push(child);
    return child;
  }

  /** SIGTERM now; resolves with how long the process took to exit and its exit code. */
  async function terminate(child: ServerProcess) {
    const at = Date.now();
    child.child.kill('SIGTERM');
    const exit = await Promise.race([
      child.exit,
      sleep(20_000).then(() => ({ code: -1, signal: null, at: Date.now() })),
    ]);
    return { at, exitMs: exit.at - at, code: exit.code };
  }

  function expectNo500(load: Load) {
    const failed = load.answers.filter((a) => a.status >= 500 && a.status !== 503);
    expect(failed.map((a) => `${a.label}: ${a.status} ${a.body.slice(0, 200)}`)).toEqual([]);
  }

  it('lets slow in-flight requests finish, answers no 500, exits within 10 s', async () => {
    const child = await server();
    // Holds listings and product pages on a table lock: requests in flight at SIGTERM are slow.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const lock = database.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE products IN ACCESS EXCLUSIVE MODE`.execute(trx);
      locked();
      await held;
    });

    // Fewer requests in flight than the pool holds: none waits for a connection (which would
    // rightly answer 503 after DB_CONNECT_TIMEOUT_MS on a slow machine), all wait on the lock.
    const load = runLoad(child.baseUrl, specs, 8, 30_000);
    await sleep(1000);
    await lockTaken;
    await sleep(500);
    const { at, exitMs, code } = await (async () => {
      const termination = terminate(child);
      await sleep(1500);
      release();
      await lock;
      return termination;
    })();
    await load.stop();

    expect(exitMs, child.output.slice(-20).join('\n')).toBeLessThan(EXIT_BOUND_MS);
    expect(code).toBe(0);
    expectNo500(load);
    // The requests held by the lock were in flight at SIGTERM and still got their pages.
    const held1500 = load.answers.filter(
      (a) => a.at - a.ms < at && a.at > at + 1000 && !a.label.includes('login'),
    );
    expect(held1500.length).toBeGreaterThan(0);
    expect(held1500.map((a) => a.status)).toEqual(held1500.map(() => 200));
    // Every request sent well before SIGTERM got an HTTP answer.
    const early = load.answers.filter((a) => a.at - a.ms < at - 200);
    expect(early.filter((a) => a.status === 0).map((a) => `${a.label}: ${a.error}`)).toEqual([]);
    const log = child.output.join('\n');
    expect(log).toMatch(/shutting down/);
    expect(log).not.toMatch(/driver has already been destroyed|request failed/);
    console.info(
      `SIGTERM under load: exit ${exitMs} ms, ${load.answers.length} answers, ` +
        `${held1500.length} slow in-flight answered 200`,
    );
  }, 90_000);

  it('exits within 10 s when Redis is down', async () => {
    const child = await server();
    const load = runLoad(child.baseUrl, specs, 10, 30_000);
    await sleep(500);
    await redis.stop();
    await sleep(1500);
    const { exitMs, code } = await terminate(child);
    await load.stop();
    expect(exitMs, child.output.slice(-20).join('\n')).toBeLessThan(EXIT_BOUND_MS);
    expect(code).toBe(0);
    expectNo500(load);
    console.info(`SIGTERM with Redis down: exit ${exitMs} ms`);
  }, 90_000);

  it('exits within 10 s when PostgreSQL is frozen under load', async () => {
    // Every read on the database path (no catalogue cache answering around the freeze), so
    // requests are stuck in PostgreSQL when the drain bound comes.
    const child = await server({ CATALOG_CACHE_MB: '0' });
    const load = runLoad(child.baseUrl, specs, 20, 30_000);
    await sleep(1000);
    proxy.freeze();
    await sleep(1500);
    const { exitMs } = await terminate(child);
    await load.stop();
    expect(exitMs, child.output.slice(-20).join('\n')).toBeLessThan(EXIT_BOUND_MS);
    expectNo500(load);
    // Requests stuck on the frozen database were cut off at the drain bound, not waited for.
    expect(child.output.join('\n')).toMatch(/requests still running after \d+ ms/);
    console.info(`SIGTERM with PostgreSQL frozen: exit ${exitMs} ms`);
  }, 90_000);

  it('the worker exits within 10 s when Redis is down', async () => {
    const config = loadConfig(
      {},
      {
        DATABASE_URL: proxy.rewrite(database.url),
        REDIS_URL: redis.url,
        QUEUE_PREFIX: `test-shutdown-${Date.now()}`,
      },
    );
    const worker = await startWorkerProcess({ config });
    started.push(worker);
    await redis.stop();
    await sleep(1000);
    const at = Date.now();
    const code = await Promise.race([worker.stop('SIGTERM'), sleep(20_000).then(() => -1)]);
    const exitMs = Date.now() - at;
    expect(exitMs, worker.output.slice(-20).join('\n')).toBeLessThan(EXIT_BOUND_MS);
    expect(code).not.toBe(-1);
    console.info(`worker SIGTERM with Redis down: exit ${exitMs} ms (code ${code})`);
  }, 90_000);
});
