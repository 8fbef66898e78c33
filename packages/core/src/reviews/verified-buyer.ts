import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { PAID_ORDER_STATUSES } from '@kanak/shared';
import { forbidden } from '../common';

export const BUYERS_ONLY_MESSAGE =
  'Only customers who bought this product can review or rate it. Reviews open once your order is paid.';

export async function hasBought(db: Kysely<Database>, userId: string, productId: string) {
  const row = await db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .select('orders.id')
    .where('orders.user_id', '=', userId)
    .where('order_items.product_id', '=', productId)
    .where('orders.status', 'in', PAID_ORDER_STATUSES)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Who may review: anyone signed in (the spec), or with REVIEWS_FROM_BUYERS_ONLY only buyers. */
export interface ReviewPolicy {
  buyersOnly: boolean;
}

export interface RequireBuyerOptions {
  userId: string;
  productId: string;
  policy: ReviewPolicy;
}

/** Under a buyers-only policy, a 403 for an account that has not bought the product. */
export async function requireBuyer(
  db: Kysely<Database>,
  { userId, productId, policy }: RequireBuyerOptions,
) {
  if (policy.buyersOnly && !(await hasBought(db, userId, productId)))
    throw forbidden(BUYERS_ONLY_MESSAGE);
}
