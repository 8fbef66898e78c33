import { sql } from 'kysely';
import { PAID_ORDER_STATUSES } from '@kanak/shared';

// Read by the product view (each review's "Verified buyer") and by the review lists: it sits
// with the view, below reviews, so the catalog does not import the reviews that build on it.

/**
 * Whether the account in column `userColumn` has a paid order holding the product in column
 * `productColumn`: a boolean column of the review lists ("Verified buyer").
 */
export const boughtBy = (userColumn: string, productColumn: string) =>
  sql<boolean>`exists (
    select 1 from orders bo join order_items boi on boi.order_id = bo.id
    where bo.user_id = ${sql.ref(userColumn)} and boi.product_id = ${sql.ref(productColumn)}
      and bo.status in (${sql.join(PAID_ORDER_STATUSES)})
  )`;
