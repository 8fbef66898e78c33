// The soak's own world: a database copied from the seeded template, a persistent redis-server on
// a free port, a TCP proxy in front of PostgreSQL, an SMTP server, a fake Razorpay, and two
// servers and two workers as child processes (their output in log files). Nothing here touches
// the shared PostgreSQL database or Redis that other tests use.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SEED_ACCOUNTS } from '@kanak/db';
import {
  createTestDatabase,
  freePort,
  RELAXED_LIMITS,
  startPgProxy,
  startRedisServer,
  startTestSmtp,
  uniquePrefix,
  type PgProxy,
  type RedisServer,
  type TestDatabase,
  type TestSmtp,
} from '@kanak/testkit';
import setupTemplate from '@kanak/testkit/global-setup';
import { loadConfig, type Config } from '../server/src/config';
import { startWorkerProcess } from '../server/test/pipeline-support';
import {
  startServerProcess,
  type ChildProcessHandle,
  type ServerProcess,
} from '../server/test/process-support';
import { startFakeRazorpay, type FakeRazorpay } from '../server/test/razorpay-fake';

const KEY_ID = 'rzp_test_soak';
const KEY_SECRET = 'soak-key-secret';
export const WEBHOOK_SECRET = 'soak-webhook-secret';
/** The outbox relay sends a row again this long after it was sent without an outcome. */
export const OUTBOX_RESEND_AFTER_MS = 5000;
/** Lines of each child's output kept in memory (everything goes to its log file). */
const KEEP_LINES = 2000;
/** A start on a loaded machine (tsx compiles the entry first) may take long. */
const READY_MS = 120_000;

/** A server or worker the fault scheduler may kill and start again (a server on its own port). */
export interface Slot {
  name: string;
  kind: 'server' | 'worker';
  /** A server's address (the same after a restart); empty for a worker. */
  baseUrl: string;
  logFile: string;
  current: ChildProcessHandle | null;
  restarts: number;
  /** SIGKILL, as a crash or an OOM kill would. */
  kill(): Promise<void>;
  start(): Promise<void>;
  /** SIGTERM (graceful), at the end. */
  stop(): Promise<void>;
}

export interface SoakEnvironment {
  /** Direct connection to the soak's database (not through the proxy): for setup and checks. */
  database: TestDatabase;
  proxy: PgProxy;
  redis: RedisServer;
  smtp: TestSmtp;
  fake: FakeRazorpay;
  config: Config;
  servers: Slot[];
  workers: Slot[];
  logDir: string;
  admin: { email: string; password: string };
  close(): Promise<void>;
}

/**
 * The soak's database: a copy of the test run's template (vitest's global setup made it), or,
 * run on its own (`pnpm soak`), of a template built here the same way and dropped at the end.
 */
async function soakDatabase(): Promise<{ database: TestDatabase; dropTemplate?: () => unknown }> {
  if (process.env.KANAK_TEMPLATE_DB) return { database: await createTestDatabase() };
  const teardown = await setupTemplate();
  try {
    return { database: await createTestDatabase(), dropTemplate: teardown };
  } catch (error) {
    await teardown();
    throw error;
  }
}

export async function startSoakEnvironment(): Promise<SoakEnvironment> {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kanak-soak-'));
  const { database, dropTemplate } = await soakDatabase();
  const started: Array<() => Promise<unknown>> = [];
  const slots: Slot[] = [];
  try {
    const [proxy, redis, smtp, fake] = await Promise.all([
      startPgProxy(),
      startRedisServer({ persist: true }),
      startTestSmtp(),
      startFakeRazorpay(KEY_ID, KEY_SECRET),
    ]);
    started.push(
      () => proxy.close(),
      () => redis.stop(),
      () => smtp.close(),
      () => fake.close(),
    );
    // The provider (the fake Razorpay) and the mail server every process and the soak's own config use.
    const services = {
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_API_URL: fake.url,
      SMTP_URL: smtp.url,
    };
    const config = loadConfig(
      {},
      {
        DATABASE_URL: proxy.rewrite(database.url),
        REDIS_URL: redis.url,
        QUEUE_PREFIX: uniquePrefix('soak'),
        JWT_SECRET: randomBytes(24).toString('hex'),
        ...services,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
      },
    );
    // Every process: same database (through the proxy), Redis, queue prefix, secrets, provider.
    const common: Record<string, string> = {
      DATABASE_URL: config.DATABASE_URL,
      REDIS_URL: config.REDIS_URL,
      QUEUE_PREFIX: config.QUEUE_PREFIX,
      JWT_SECRET: config.JWT_SECRET,
      ...services,
      // A mail server that is down is tried again within seconds, not minutes.
      MAIL_RETRY_MAX_MS: '2000',
      OUTBOX_RESEND_AFTER_MS: String(OUTBOX_RESEND_AFTER_MS),
      // The load ships the seed's gold without typing HUIDs.
      HUID_REQUIRED_TO_SHIP: 'false',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      ...RELAXED_LIMITS,
    };
    const serverEnv = { ...common, DATABASE_URL: config.DATABASE_URL, REDIS_URL: config.REDIS_URL };
    const workerEnv = {
      ...common,
      WORKER_CONCURRENCY: '4',
      WORKER_METRICS_INTERVAL_MS: '0',
      // A killed worker's jobs are taken over within seconds.
      WORKER_LOCK_DURATION_MS: '5000',
      WORKER_STALLED_INTERVAL_MS: '2000',
      // Payments whose return and webhook were both lost are found at the provider.
      RECONCILE_EVERY_MS: '5000',
      RECONCILE_AFTER_MS: '15000',
      MAIL_SEND_LEASE_MS: '10000',
      MAIL_TIMEOUT_MS: '5000',
    };

    const slot = (
      name: string,
      kind: Slot['kind'],
      launch: (logFile: string) => Promise<ChildProcessHandle>,
      baseUrl = '',
    ): Slot => {
      const logFile = path.join(logDir, `${name}.log`);
      const s: Slot = {
        name,
        kind,
        baseUrl,
        logFile,
        current: null,
        restarts: 0,
        async kill() {
          const child = s.current;
          s.current = null;
          if (child) await child.stop('SIGKILL');
        },
        async start() {
          fs.appendFileSync(
            logFile,
            `\n--- soak: starting ${name} at ${new Date().toISOString()}\n`,
          );
          s.current = await launch(logFile);
        },
        async stop() {
          const child = s.current;
          s.current = null;
          if (child) await child.stop('SIGTERM', 10_000);
        },
      };
      slots.push(s);
      return s;
    };

    const servers = await Promise.all(
      ['server-a', 'server-b'].map(async (name) => {
        // Its own port, the same after each restart.
        const port = await freePort();
        return slot(
          name,
          'server',
          (logFile): Promise<ServerProcess> =>
            startServerProcess(serverEnv, {
              port,
              logFile,
              maxLines: KEEP_LINES,
              readyTimeoutMs: READY_MS,
            }),
          `http://127.0.0.1:${port}`,
        );
      }),
    );
    const workers = ['worker-1', 'worker-2'].map((name) =>
      slot(name, 'worker', (logFile) =>
        startWorkerProcess({ config }, workerEnv, {
          logFile,
          maxLines: KEEP_LINES,
          readyTimeoutMs: READY_MS,
        }),
      ),
    );
    // One after another: four tsx compilations at once would only slow each other down.
    for (const s of slots) await s.start();

    return {
      database,
      proxy,
      redis,
      smtp,
      fake,
      config,
      servers,
      workers,
      logDir,
      admin: SEED_ACCOUNTS.admin,
      async close() {
        // Processes first (they use the rest), then services, then the database.
        await Promise.allSettled(slots.map((s) => s.stop()));
        await Promise.allSettled(started.map((stop) => stop()));
        await database.drop().catch(() => undefined);
        await dropTemplate?.();
      },
    };
  } catch (error) {
    await Promise.allSettled(slots.map((s) => s.stop()));
    await Promise.allSettled(started.map((stop) => stop()));
    await database.drop().catch(() => undefined);
    await dropTemplate?.();
    throw error;
  }
}
