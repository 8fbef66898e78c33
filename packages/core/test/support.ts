// Helpers for core's direct tests: seeded rows, fresh customers, and refusals checked by kind.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import { SEED_ACCOUNTS, type Database, type SchemeState } from '@kanak/db';
import type { AddressInput, AddToCartInput } from '@kanak/shared';
import {
  addToCart,
  confirmPayment,
  createOrderFromCart,
  createPaymentLink,
  createSandboxProvider,
  DomainError,
  type AuthUser,
  type DomainErrorKind,
  type OrderView,
} from '@kanak/core';
import { NO_LIMITS } from '@kanak/testkit';

type Db = Kysely<Database>;

export const ADDRESS: AddressInput = {
  firstName: 'Priya',
  lastName: 'Sharma',
  streetAddress: '12, MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipCode: '560001',
  mobile: '9876543210',
};

/** A new customer account that never logs in (its password hash matches nothing). */
export async function newCustomer(db: Db, label = 'buyer'): Promise<AuthUser & { email: string }> {
  const email = `${label}.${randomBytes(4).toString('hex')}@example.com`;
  const row = await db
    .insertInto('users')
    .values({ first_name: 'Test', last_name: label, email, password_hash: '!none' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, role: 'CUSTOMER', email };
}

/** The seeded admin or demo customer, as `authenticate` would resolve them. */
export async function seededUser(db: Db, who: 'admin' | 'customer'): Promise<AuthUser> {
  const account = SEED_ACCOUNTS[who];
  const row = await db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('email', '=', account.email)
    .executeTakeFirstOrThrow();
  return { id: row.id, role: row.role };
}

export interface SizeRow {
  id: string;
  productId: string;
  weight: string;
  size: string;
  stock: number;
  price: number;
  discountedPrice: number;
  categoryId: string;
}

/**
 * A size row of a discounted product whose stock is set to `stock`, taken from the seed in id
 * order and never handed out twice in one test file, so tests that change stock stay apart.
 */
let nextSizeRow = 0;
export async function stockedSize(db: Db, stock: number): Promise<SizeRow> {
  const row = await db
    .selectFrom('product_sizes')
    .innerJoin('products', 'products.id', 'product_sizes.product_id')
    .select([
      'product_sizes.id',
      'product_sizes.product_id',
      'product_sizes.weight',
      'product_sizes.size',
      'products.category_id',
    ])
    // The size's own price (metal pricing) before the product's: what a cart line of it costs.
    // The product's is its opening size's, not necessarily this first one's.
    .select((eb) => [
      eb.fn.coalesce('product_sizes.price', 'products.price').as('price'),
      eb.fn
        .coalesce('product_sizes.discounted_price', 'products.discounted_price')
        .as('discounted_price'),
    ])
    .whereRef('products.discounted_price', '<', 'products.price')
    // One row per product (its first), so two rows never share a product's cart or wishlist line.
    .where('product_sizes.position', '=', 0)
    .orderBy('product_sizes.id')
    .offset(nextSizeRow++)
    .limit(1)
    .executeTakeFirstOrThrow();
  await db.updateTable('product_sizes').set({ stock }).where('id', '=', row.id).execute();
  return {
    id: row.id,
    productId: row.product_id,
    weight: row.weight,
    size: row.size,
    stock,
    price: row.price,
    discountedPrice: row.discounted_price,
    categoryId: row.category_id,
  };
}

export async function stockOf(db: Db, sizeId: string): Promise<number> {
  const row = await db
    .selectFrom('product_sizes')
    .select('stock')
    .where('id', '=', sizeId)
    .executeTakeFirstOrThrow();
  return row.stock;
}

export const line = (size: SizeRow, quantity = 1): AddToCartInput => ({
  productId: size.productId,
  weight: size.weight,
  quantity,
});

/** Fills the user's cart with these lines and checks out: a PENDING order. */
export async function placeOrder(
  db: Db,
  user: AuthUser,
  lines: AddToCartInput[],
): Promise<OrderView> {
  for (const item of lines) await addToCart(db, user.id, item);
  return createOrderFromCart({ db, userId: user.id, address: ADDRESS, limits: NO_LIMITS });
}

/** The built-in payment provider, with a secret of the tests' own. */
export const sandbox = createSandboxProvider('core-tests-sandbox-secret');
export const ORIGINS = { server: 'http://127.0.0.1:1', web: 'http://127.0.0.1:2' };

/** A payment link for the user's order, and the sandbox payment id of paying (or failing) it. */
export async function payable(db: Db, user: AuthUser, orderId: string) {
  const link = await createPaymentLink({ db, provider: sandbox, user, orderId, origins: ORIGINS });
  return {
    link,
    paid: sandbox.paymentIdFor(link.payment_link_id, 'paid'),
    failed: sandbox.paymentIdFor(link.payment_link_id, 'failed'),
  };
}

/** A PLACED order: checked out and paid through the sandbox, as the worker applies it. */
export async function paidOrder(
  db: Db,
  user: AuthUser,
  lines: AddToCartInput[],
): Promise<OrderView> {
  const order = await placeOrder(db, user, lines);
  const { paid } = await payable(db, user, order._id);
  const { outcome } = await confirmPayment(db, sandbox, {
    orderId: order._id,
    paymentId: paid,
    source: 'return',
  });
  expect(outcome.result).toBe('PAID');
  return order;
}

/** Awaits a refusal of this kind (and message, when given) from core. */
export async function expectRefusal(
  work: Promise<unknown>,
  kind: DomainErrorKind,
  message?: string | RegExp,
): Promise<DomainError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  const refusal = error as DomainError;
  expect(refusal.kind).toBe(kind);
  if (typeof message === 'string') expect(refusal.message).toBe(message);
  else if (message) expect(refusal.message).toMatch(message);
  return refusal;
}

export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** An enrolment of `userId` in the first seeded plan at ₹1,000 an instalment, as the scheme keeps it. */
export async function insertEnrolment(
  db: Db,
  userId: string,
  values: { holderName: string; state: SchemeState; startedOn?: string },
): Promise<{ id: string; planName: string }> {
  const plan = await db
    .selectFrom('scheme_plans')
    .selectAll()
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('scheme_enrolments')
    .values({
      user_id: userId,
      plan_id: plan.id,
      plan_name: plan.name,
      instalments: plan.instalments,
      bonus_percent: plan.bonus_percent,
      grace_days: plan.grace_days,
      missed_rule: plan.missed_rule,
      bonus_cut_percent: plan.bonus_cut_percent,
      redeem_within_days: plan.redeem_within_days,
      terms: plan.terms,
      instalment: 1000,
      holder_name: values.holderName,
      state: values.state,
      ...(values.startedOn ? { started_on: values.startedOn } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, planName: plan.name };
}
