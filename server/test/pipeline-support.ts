// Helpers for the order pipeline's integration tests: a real worker process, carts, logins.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { httpClient, type TestServer } from '@kanak/testkit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface WorkerProcess {
  child: ChildProcess;
  output: string[];
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Sends a signal and resolves with the exit code (null when killed by the signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** `tsx worker/src/main.ts` as its own process, over the test server's database and queue prefix. */
export async function startWorkerProcess(
  server: Pick<TestServer, 'config'>,
  env: Record<string, string> = {},
): Promise<WorkerProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'worker/src/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: server.config.DATABASE_URL,
        REDIS_URL: server.config.REDIS_URL,
        QUEUE_PREFIX: server.config.QUEUE_PREFIX,
        PAYMENT_PROVIDER: server.config.PAYMENT_PROVIDER,
        PAYMENT_SANDBOX_SECRET: server.config.PAYMENT_SANDBOX_SECRET,
        RAZORPAY_API_URL: server.config.RAZORPAY_API_URL,
        ...(server.config.RAZORPAY_KEY_ID
          ? { RAZORPAY_KEY_ID: server.config.RAZORPAY_KEY_ID }
          : {}),
        ...(server.config.RAZORPAY_KEY_SECRET
          ? { RAZORPAY_KEY_SECRET: server.config.RAZORPAY_KEY_SECRET }
          : {}),
        ...(server.config.RAZORPAY_WEBHOOK_SECRET
          ? { RAZORPAY_WEBHOOK_SECRET: server.config.RAZORPAY_WEBHOOK_SECRET }
          : {}),
        WORKER_CONCURRENCY: '4',
        WORKER_METRICS_INTERVAL_MS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    for (const l of listeners) l();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const waitFor = (pattern: RegExp, timeoutMs = 20_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const line = output.find((l) => pattern.test(l));
        if (line) {
          listeners.delete(check);
          clearTimeout(timer);
          resolve(line);
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(
          new Error(
            `worker did not print ${pattern} within ${timeoutMs} ms; output:\n${output.join('\n')}`,
          ),
        );
      }, timeoutMs);
      listeners.add(check);
      check();
    });

  const worker: WorkerProcess = {
    child,
    output,
    waitFor,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
  // Generous: tsx compiles the worker on start, and CI machines are shared.
  await waitFor(/worker listening/, 45_000);
  return worker;
}

export async function login(server: TestServer, email: string, password: string): Promise<string> {
  const res = await httpClient(server.baseUrl).post<{ jwt: string }>('/auth/login', {
    email,
    password,
  });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status}`);
  return res.body.jwt;
}

/** A new customer account (sign-up over REST), with its token and id. */
export async function newCustomer(
  server: TestServer,
  name: string,
): Promise<{ token: string; id: string; email: string }> {
  const email = `${name.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await httpClient(server.baseUrl).post<{ jwt: string }>('/auth/signup', {
    firstName: name,
    lastName: 'Tester',
    email,
    password: 'Tester@123',
  });
  if (res.status !== 201)
    throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  const user = await server.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { token: res.body.jwt, id: user.id, email };
}

export interface CartLine {
  productId: string;
  sizeId: string;
  quantity: number;
}

/** Fills a user's cart by inserting rows directly (the cart service is another module). */
export async function fillCart(
  db: Kysely<Database>,
  userId: string,
  lines: CartLine[],
): Promise<void> {
  const cart =
    (await db.selectFrom('carts').select('id').where('user_id', '=', userId).executeTakeFirst()) ??
    (await db
      .insertInto('carts')
      .values({ user_id: userId })
      .returning('id')
      .executeTakeFirstOrThrow());
  await db.deleteFrom('cart_items').where('cart_id', '=', cart.id).execute();
  if (lines.length) {
    await db
      .insertInto('cart_items')
      .values(
        lines.map((l) => ({
          cart_id: cart.id,
          product_id: l.productId,
          size_id: l.sizeId,
          quantity: l.quantity,
        })),
      )
      .execute();
  }
}

/** Size rows with stock to put in carts, from different products. */
export async function pickSizes(db: Kysely<Database>, count: number, offset = 0) {
  const rows = await db
    .selectFrom('product_sizes')
    .innerJoin('products', 'products.id', 'product_sizes.product_id')
    .select([
      'product_sizes.id as sizeId',
      'product_sizes.product_id as productId',
      'product_sizes.stock',
      'product_sizes.weight',
      'products.discounted_price',
      'products.price',
    ])
    .where('product_sizes.position', '=', 0)
    .where('product_sizes.stock', '>=', 5)
    .orderBy('products.title')
    .offset(offset)
    .limit(count)
    .execute();
  if (rows.length < count) throw new Error('not enough stocked sizes in the seed');
  return rows;
}

export const ADDRESS = {
  firstName: 'Priya',
  lastName: 'Sharma',
  streetAddress: '12, MG Road',
  city: 'Mumbai',
  state: 'Maharashtra',
  zipCode: '400001',
  mobile: '9876543210',
};

/** Polls until `check` returns a truthy value. */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 15_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
