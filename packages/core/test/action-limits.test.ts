// Core use cases with the real Redis-backed limits (each test under its own key prefix).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  createActionLimits,
  createOrderFromCart,
  createRating,
  createReview,
  requestPaymentConfirmation,
  type ActionBudgets,
  type PaymentReturnDeps,
} from '@kanak/core';
import { createTestDatabase, TEST_REDIS_URL, type TestDatabase } from '@kanak/testkit';
import {
  ADDRESS,
  expectRefusal,
  line,
  newCustomer,
  payable,
  placeOrder,
  stockedSize,
} from './support';

const PREFIX = `test-core-limits-${randomBytes(4).toString('hex')}`;
const ROOMY: ActionBudgets = {
  ordersPerHour: 1000,
  reviewsPerHour: 1000,
  uploadsPerHour: 1000,
  paymentReturnsPerMinute: 1000,
  webhooksPerMinute: 1000,
};

describe('abuse limits on the use cases that create work (core + Redis)', () => {
  let database: TestDatabase;
  let redis: Redis;
  const db = () => database.db;
  const limitsWith = (budgets: Partial<ActionBudgets>) =>
    createActionLimits(redis, `${PREFIX}-${randomBytes(3).toString('hex')}`, {
      ...ROOMY,
      ...budgets,
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    const keys = await redis.keys(`${PREFIX}-*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await database.drop();
  });

  it("past its hourly budget a customer's order is refused with Retry-After; others still order", async () => {
    const limits = limitsWith({ ordersPerHour: 2 });
    const size = await stockedSize(db(), 50);
    const busy = await newCustomer(db(), 'busy');
    await addToCart(db(), busy.id, line(size));
    await createOrderFromCart({ db: db(), userId: busy.id, address: ADDRESS, limits });
    await createOrderFromCart({ db: db(), userId: busy.id, address: ADDRESS, limits });
    const refusal = await expectRefusal(
      createOrderFromCart({ db: db(), userId: busy.id, address: ADDRESS, limits }),
      'TOO_MANY_REQUESTS',
      /^Too many orders\. Please try again in \d+ (seconds|minutes)\.$/,
    );
    const { retryAfter } = refusal.details as { retryAfter: number };
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const calm = await newCustomer(db(), 'calm');
    await addToCart(db(), calm.id, line(size));
    expect(
      (await createOrderFromCart({ db: db(), userId: calm.id, address: ADDRESS, limits }))
        .orderStatus,
    ).toBe('PENDING');
  });

  it('a refused checkout (empty cart) still counts against the order budget', async () => {
    const limits = limitsWith({ ordersPerHour: 1 });
    const user = await newCustomer(db());
    await expectRefusal(
      createOrderFromCart({ db: db(), userId: user.id, address: ADDRESS, limits }),
      'BAD_REQUEST',
    );
    await addToCart(db(), user.id, line(await stockedSize(db(), 5)));
    await expectRefusal(
      createOrderFromCart({ db: db(), userId: user.id, address: ADDRESS, limits }),
      'TOO_MANY_REQUESTS',
    );
  });

  it('reviews and ratings share a budget size but are counted apart', async () => {
    const limits = limitsWith({ reviewsPerHour: 1 });
    const user = await newCustomer(db());
    const { productId } = await stockedSize(db(), 5);
    await createReview(db(), { userId: user.id, input: { productId, review: 'Nice' }, limits });
    await createRating(db(), { userId: user.id, input: { productId, rating: 4 }, limits });
    await expectRefusal(
      createReview(db(), { userId: user.id, input: { productId, review: 'Again' }, limits }),
      'TOO_MANY_REQUESTS',
      /^Too many reviews/,
    );
    await expectRefusal(
      createRating(db(), { userId: user.id, input: { productId, rating: 5 }, limits }),
      'TOO_MANY_REQUESTS',
      /^Too many ratings/,
    );
  });

  it('payment returns are counted per client address (an IPv6 /64 is one address)', async () => {
    const deps: PaymentReturnDeps = {
      db: db(),
      relay: { wake: () => undefined, connected: () => false },
      waitMs: 0,
      limits: limitsWith({ paymentReturnsPerMinute: 1 }),
    };
    const user = await newCustomer(db());
    const order = await placeOrder(db(), user, [line(await stockedSize(db(), 5))]);
    const { paid } = await payable(db(), user, order._id);
    const ret = { orderId: order._id, paymentId: paid };
    await requestPaymentConfirmation(deps, ret, { address: '2001:db8:1:2::10', user });
    await expectRefusal(
      requestPaymentConfirmation(deps, ret, { address: '2001:db8:1:2::99', user }),
      'TOO_MANY_REQUESTS',
      /^Too many payment confirmations/,
    );
    expect(
      await requestPaymentConfirmation(deps, ret, { address: '203.0.113.7', user }),
    ).toBeNull();
  });
});
