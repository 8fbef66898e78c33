// SIGTERM under load: in-flight requests finish (slow ones too: their pools stay open until the
// server has drained), no answer is a 500, and the process stops by itself (exit code 0, its
// "stopped" line), also with Redis down and with PostgreSQL frozen. The worker likewise stops with
// Redis down. No exit is timed: each process bounds its own stop by SHUTDOWN_TIMEOUT_MS (after
// which it exits 1), checked as configuration; the test's own ceiling only ends a hung test.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@kanak/server';
import {
  createTestDatabase,
  freePort,
  startPgProxy,
  startRedisServer,
  TEST_PG_URL,
  type PgProxy,
  type RedisServer,
  type TestDatabase,
} from '@kanak/testkit';
import { eventually, startWorkerProcess, type WorkerProcess } from './pipeline-support';
import {
  databaseRequests,
  runLoad,
  sleep,
  startServerProcess,
  type Load,
  type ServerProcess,
} from './process-support';

/** The stop the operations docs promise: a process is gone within 10 s of SIGTERM. */
const PROMISED_EXIT_MS = 10_000;
/** A ceiling only a hung process reaches (then the test kills it and fails). */
const HUNG_MS = 60_000;

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

  /**
   * SIGTERM now; resolves with when it was sent and the exit code once the process is gone
   * (SIGKILLed at the hung-test ceiling: code null).
   */
  async function terminate(child: ServerProcess | WorkerProcess) {
    const at = Date.now();
    const code = await child.stop('SIGTERM', HUNG_MS);
    return { at, code };
  }

  /** It stopped by itself, through its own bounded stop: not its deadline, not our SIGKILL. */
  function expectStoppedCleanly(child: ServerProcess | WorkerProcess, code: number | null) {
    const log = child.output.join('\n');
    expect(code, child.output.slice(-20).join('\n')).toBe(0);
    expect(log).toMatch(/"msg":"stopped/);
    expect(log).not.toMatch(/could not stop within/);
  }

  it('bounds every stop by SHUTDOWN_TIMEOUT_MS, within the promised 10 s', () => {
    // One variable for both processes (the environment they share), read the same way.
    const shipped = loadConfig({ DATABASE_URL: database.url, REDIS_URL: redis.url });
    expect(shipped.SHUTDOWN_TIMEOUT_MS).toBeLessThanOrEqual(PROMISED_EXIT_MS);
  });

  /** Requests of the load are waiting on a lock in PostgreSQL (seen there, not guessed by a sleep). */
  async function requestsWaitingOnLock() {
    const name = new URL(database.url).pathname.slice(1);
    await eventually(async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = ${name} AND wait_event_type = 'Lock'`.execute(database.db);
      return rows[0]!.n > 0;
    }, HUNG_MS);
  }

  /**
   * Every request of the paused load still unanswered has reached the server (its in-flight
   * gauge counts them all); logins are not held by the lock, so they are answered meanwhile.
   */
  async function serverHolds(load: Load, metricsPort: number) {
    await eventually(async () => {
      const outstanding = load.outstanding();
      if (outstanding.length === 0 || outstanding.some((label) => label.includes('login')))
        return false;
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      const held = /^kanak_http_requests_in_flight\{[^}]*\} (\d+)$/m.exec(text);
      return Number(held?.[1]) === outstanding.length;
    }, HUNG_MS);
  }

  /** The load has had answers: it is running against the server. */
  async function answering(load: Load, atLeast = 1) {
    await eventually(async () => load.answers.length >= atLeast, HUNG_MS, 50);
  }

  function expectNo500(load: Load) {
    const failed = load.answers.filter((a) => a.status >= 500 && a.status !== 503);
    expect(failed.map((a) => `${a.label}: ${a.status} ${a.body.slice(0, 200)}`)).toEqual([]);
  }

  it('lets slow in-flight requests finish, answers no 500, stops by itself', async () => {
    const metricsPort = await freePort();
    const child = await server({ METRICS_PORT: String(metricsPort) });
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
    await lockTaken;
    await requestsWaitingOnLock();
    // No request is left on its way at SIGTERM: one sent a moment before could reach a closing
    // server (a 503, or a keep-alive connection closed under it), which is not in flight.
    load.pause();
    const pausedAt = Date.now();
    await serverHolds(load, metricsPort);
    let releasedAt = 0;
    const { at, code } = await (async () => {
      const termination = terminate(child);
      // The lock is released once the server has begun its stop: the held requests are in flight.
      await child.waitFor(/shutting down/);
      // New requests meet a closing server: a 503 or a refused connection, never a 500.
      load.resume();
      releasedAt = Date.now();
      release();
      await lock;
      return termination;
    })();
    await load.stop();

    expectStoppedCleanly(child, code);
    expectNo500(load);
    // The requests held by the lock were in flight at SIGTERM and still got their pages.
    const inFlight = load.answers.filter((a) => a.sentAt < pausedAt && a.at >= releasedAt);
    expect(inFlight.length).toBeGreaterThan(0);
    expect(inFlight.map((a) => a.status)).toEqual(inFlight.map(() => 200));
    // Every request sent before SIGTERM got an HTTP answer.
    const early = load.answers.filter((a) => a.sentAt < at);
    expect(early.filter((a) => a.status === 0).map((a) => `${a.label}: ${a.error}`)).toEqual([]);
    const log = child.output.join('\n');
    expect(log).toMatch(/shutting down/);
    expect(log).not.toMatch(/driver has already been destroyed|request failed/);
    console.info(
      `SIGTERM under load: ${load.answers.length} answers, ${inFlight.length} slow in-flight answered 200`,
    );
  }, 90_000);

  it('stops by itself when Redis is down', async () => {
    const child = await server();
    const load = runLoad(child.baseUrl, specs, 10, 30_000);
    await answering(load);
    await redis.stop();
    // The server has noticed (its health check and limiters say so) before the signal.
    await child.waitFor(/Redis \(login limits, health\) unreachable/, HUNG_MS);
    const { code } = await terminate(child);
    await load.stop();
    expectStoppedCleanly(child, code);
    expectNo500(load);
  }, 120_000);

  it('stops by itself when PostgreSQL is frozen under load, cutting requests off at the drain bound', async () => {
    // Every read on the database path (no catalogue cache answering around the freeze), so
    // requests are stuck in PostgreSQL when the drain bound comes.
    // A shorter bound than shipped (the same 4 s after the drain): the drain ends sooner.
    const bound = 6000;
    const child = await server({ CATALOG_CACHE_MB: '0', SHUTDOWN_TIMEOUT_MS: String(bound) });
    const load = runLoad(child.baseUrl, specs, 20, 30_000);
    await answering(load, 20);
    const sentBeforeFreeze = load.answers.length;
    proxy.freeze();
    await sleep(1500);
    const { code } = await terminate(child);
    await load.stop();
    expect(load.answers.length).toBeGreaterThan(sentBeforeFreeze);
    expectStoppedCleanly(child, code);
    expectNo500(load);
    // Requests stuck on the frozen database were cut off at the configured drain bound
    // (SHUTDOWN_TIMEOUT_MS − 4 s), not waited for.
    expect(child.output.join('\n')).toContain(`requests still running after ${bound - 4000} ms`);
  }, 120_000);

  it('the worker stops by itself when Redis is down', async () => {
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
    const { code } = await terminate(worker);
    expectStoppedCleanly(worker, code);
  }, 120_000);
});
