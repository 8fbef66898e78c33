// Helpers for the order pipeline's integration tests: a real worker process, carts, logins.
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { outboxJobId, paymentJobKey, type OrderView, type QueueName } from '@kanak/core';
import type { Config } from '@kanak/server';
import { httpClient, type TestServer } from '@kanak/testkit';
import { startTsxProcess, type ChildProcessHandle, type ProcessOptions } from './process-support';

export type WorkerProcess = ChildProcessHandle;

/** The environment a worker or server child needs to share the test server's world. */
export function pipelineEnv(config: Config): Record<string, string> {
  return {
    DATABASE_URL: config.DATABASE_URL,
    REDIS_URL: config.REDIS_URL,
    QUEUE_PREFIX: config.QUEUE_PREFIX,
    PAYMENT_PROVIDER: config.PAYMENT_PROVIDER,
    PAYMENT_PROVIDERS: config.PAYMENT_PROVIDERS.join(','),
    CASHFREE_API_URL: config.CASHFREE_API_URL,
    ...(config.CASHFREE_CLIENT_ID ? { CASHFREE_CLIENT_ID: config.CASHFREE_CLIENT_ID } : {}),
    ...(config.CASHFREE_CLIENT_SECRET
      ? { CASHFREE_CLIENT_SECRET: config.CASHFREE_CLIENT_SECRET }
      : {}),
    PAYMENT_SANDBOX_SECRET: config.PAYMENT_SANDBOX_SECRET,
    RAZORPAY_API_URL: config.RAZORPAY_API_URL,
    ...(config.RAZORPAY_KEY_ID ? { RAZORPAY_KEY_ID: config.RAZORPAY_KEY_ID } : {}),
    ...(config.RAZORPAY_KEY_SECRET ? { RAZORPAY_KEY_SECRET: config.RAZORPAY_KEY_SECRET } : {}),
    ...(config.RAZORPAY_WEBHOOK_SECRET
      ? { RAZORPAY_WEBHOOK_SECRET: config.RAZORPAY_WEBHOOK_SECRET }
      : {}),
  };
}

/**
 * Where a crash test's worker holds (worker/test/support/faulty-worker.ts): each hold prints
 * `fault point: holding …` and lasts until the process is killed (or, for `until: 'SIGTERM'`,
 * asked to stop, so the held job finishes in the drain).
 */
export interface WorkerFaults {
  /** Jobs of these queues, after the first `after` (default 0), held once applied, before their ack. */
  holdAck?: { queues: QueueName[]; after?: number; until: 'kill' | 'SIGTERM' };
  /** A refund held after the provider answered, before its record. */
  holdRefundRecord?: boolean;
  /** A catalogue import held once this many batches have committed. */
  holdImportAfterBatches?: number;
}

/**
 * `worker/src/main.ts` as its own process, over the test server's database and queue prefix;
 * with `faults`, the same worker held at those fault points instead (never through its config).
 */
export function startWorkerProcess(
  server: { config: Config },
  env: Record<string, string> = {},
  options: ProcessOptions & { faults?: WorkerFaults } = {},
): Promise<WorkerProcess> {
  const { faults, ...processOptions } = options;
  return startTsxProcess(
    faults ? 'worker/test/support/faulty-worker.ts' : 'worker/src/main.ts',
    {
      ...pipelineEnv(server.config),
      WORKER_CONCURRENCY: '4',
      WORKER_METRICS_INTERVAL_MS: '0',
      ...env,
      ...(faults ? { KANAK_TEST_FAULTS: JSON.stringify(faults) } : {}),
    },
    /worker listening/,
    processOptions,
  );
}

/** What the helpers below need of a server: in-process (TestServer) or a child process. */
export type ShopUnderTest = Pick<TestServer, 'baseUrl' | 'database'>;

export async function login(
  server: Pick<TestServer, 'baseUrl'>,
  email: string,
  password: string,
): Promise<string> {
  const res = await httpClient(server.baseUrl).post<{ jwt: string }>('/auth/login', {
    email,
    password,
  });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status}`);
  return res.body.jwt;
}

/** A new customer account (sign-up over REST), with its token and id. */
export async function newCustomer(
  server: ShopUnderTest,
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

/**
 * A new shopper's PENDING order for one size, its sandbox payment link, and the payment id the
 * hosted page's Pay button carries (what the browser would bring back to /payment/{id}).
 */
export async function sandboxPaidOrder(
  server: ShopUnderTest,
  size: { productId: string; sizeId: string },
  quantity = 1,
) {
  const http = httpClient(server.baseUrl);
  const shopper = await newCustomer(server, 'Payer');
  await fillCart(server.database.db, shopper.id, [
    { productId: size.productId, sizeId: size.sizeId, quantity },
  ]);
  const created = await http.post<OrderView>('/api/orders/', ADDRESS, { token: shopper.token });
  if (created.status !== 201) throw new Error(`order failed: ${created.status}`);
  const order = created.body;
  const link = await http.post<{ payment_link_url: string }>(
    `/api/payment/${order._id}`,
    undefined,
    { token: shopper.token },
  );
  const html = await (await fetch(link.body.payment_link_url)).text();
  const href = new URL(/id="pay" href="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&'));
  const paymentId = href.searchParams.get('razorpay_payment_id')!;
  return {
    shopper,
    order,
    paymentId,
    returnPath: `/api/payment?payment_id=${paymentId}&order_id=${order._id}`,
  };
}

/** An order's status as stored. */
export async function orderStatus(db: Kysely<Database>, orderId: string) {
  const row = await db
    .selectFrom('orders')
    .select('status')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.status;
}

/** The events that moved an order to PLACED: exactly one when a payment was applied once. */
export const placedEvents = (db: Kysely<Database>, orderId: string) =>
  db
    .selectFrom('order_events')
    .select('id')
    .where('order_id', '=', orderId)
    .where('to_status', '=', 'PLACED')
    .execute();

/** The BullMQ job id the outbox relay gave the confirmation of this order's payment. */
export async function paymentJobId(db: Kysely<Database>, orderId: string, paymentId: string) {
  const row = await db
    .selectFrom('outbox')
    .select(['id', 'generation'])
    .where('job_key', '=', paymentJobKey(orderId, paymentId))
    .executeTakeFirstOrThrow();
  return outboxJobId({ outboxId: row.id, generation: row.generation });
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

/**
 * A wait's ceiling only a hung test reaches: on a 2-core machine running other work, starting a
 * worker process and draining its first jobs took over 20 s. A caller's smaller figure is raised
 * to it; the test's own timeout (vitest.config.ts) is above it.
 */
const HUNG_MS = 60_000;

/** Polls until `check` returns a truthy value; fails only past the ceiling (see HUNG_MS). */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = HUNG_MS,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + Math.max(timeoutMs, HUNG_MS);
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
