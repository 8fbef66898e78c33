import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import {
  ADMIN_ORDERS_MAX_PAGE_SIZE,
  OPEN_RETURN_STATES,
  type AdminOrdersPage,
  type AdminOrdersQuery,
} from '@kanak/shared';
import { removeUnpaidOrder } from '../ledger';
import type { PaymentProvider } from '../payment-providers';
import type { PaymentProviders } from '../payment-providers';
import type { AuthUser } from '../auth';
import { canSeeRecordOf, isAdmin } from '../auth';
import { notFound } from '../common';
import { requireId } from '../common';
import { refusedRefund, returnDueByHand, stillOwed } from '../refunds';
import { instalmentsOwedBack } from '../refunds';
import { toOrderView, toOrderViews, type OrderView } from './order-view';

/** The order row of an id from a caller (a malformed id is a 400), or undefined. */
export function orderRow(db: Kysely<Database>, id: unknown) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', requireId(id, 'Order'))
    .executeTakeFirst();
}

/** One order, for its owner or an admin; another user's order is a 404 (no existence leak). */
export async function getOrderFor(
  db: Kysely<Database>,
  user: AuthUser,
  id: unknown,
): Promise<OrderView> {
  const row = await orderRow(db, id);
  if (!row || !canSeeRecordOf(user, row.user_id)) throw notFound('Order');
  return toOrderView(db, row, isAdmin(user) ? 'admin' : 'shopper');
}

/** The user's orders, newest first. */
export async function listUserOrders(db: Kysely<Database>, userId: string): Promise<OrderView[]> {
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('order_date', 'desc')
    .orderBy('id')
    .execute();
  return toOrderViews(db, rows);
}

/**
 * A page of every order, newest first (admin), filtered by status, by a refund owed, by the day
 * it was placed (UTC days, from and to inclusive) and by a search (see matchesSearch).
 */
export async function listAdminOrders(
  db: Kysely<Database>,
  query: AdminOrdersQuery,
): Promise<AdminOrdersPage> {
  const pageSize = query.pageSize ?? ADMIN_ORDERS_MAX_PAGE_SIZE;
  const owed = (eb: ExpressionBuilder<Database, 'orders'>) =>
    eb.or([
      eb.exists(
        eb
          .selectFrom('payments')
          .select('payments.id')
          .whereRef('payments.order_id', '=', 'orders.id')
          .where(stillOwed),
      ),
      // A return's refund the provider refused is owed as much as a payment never refunded.
      refusedRefund(eb),
      returnDueByHand(eb),
    ]);
  const returning = (eb: ExpressionBuilder<Database, 'orders'>) =>
    eb.exists(
      eb
        .selectFrom('return_requests')
        .select('return_requests.id')
        .whereRef('return_requests.order_id', '=', 'orders.id')
        .where('return_requests.state', 'in', [...OPEN_RETURN_STATES]),
    );
  const search = query.search?.trim().toLowerCase();
  const DAY_MS = 86_400_000;
  const filtered = db
    .selectFrom('orders')
    .$if(query.status !== undefined, (q) => q.where('orders.status', '=', query.status!))
    .$if(query.refundsDue === true, (q) => q.where(owed))
    .$if(query.openReturn === true, (q) => q.where(returning))
    .$if(query.from !== undefined, (q) =>
      q.where('orders.order_date', '>=', new Date(`${query.from}T00:00:00Z`)),
    )
    .$if(query.to !== undefined, (q) =>
      q.where('orders.order_date', '<', new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)),
    )
    .$if(Boolean(search), (q) => q.where((eb) => matchesSearch(eb, search!)));
  const [counts, refunds, open] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(owed)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(returning)
      .executeTakeFirstOrThrow(),
  ]);
  const totalCount = Number(counts.n);
  const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
  const currentPage = Math.min(query.page ?? 1, totalPages);
  const rows = await filtered
    .selectAll('orders')
    .orderBy('orders.order_date', 'desc')
    .orderBy('orders.id')
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize)
    .execute();
  return {
    content: await toOrderViews(db, rows, 'admin'),
    currentPage,
    totalPages,
    totalCount,
    refundsDue: Number(refunds.n),
    openReturns: Number(open.n),
    // Money owed that is not an order's: shown with the orders owed a refund.
    instalmentsOwed:
      query.refundsDue === true ? await instalmentsOwedBack(db, { unpaidOnly: true }) : [],
  };
}

/**
 * The admin search: the customer's name or e-mail, the delivery phone (digits, spaces and a
 * leading +91 ignored), or the order number (the id's first hex digits, or the whole id).
 */
function matchesSearch(eb: ExpressionBuilder<Database, 'orders'>, search: string) {
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const customers = eb
    .selectFrom('users')
    .select('users.id')
    .where((u) =>
      u.or([
        u(sql`lower(users.first_name || ' ' || users.last_name)`, 'like', like),
        u(sql`lower(users.email)`, 'like', like),
      ]),
    );
  const orderNumber = /^[0-9a-f-]{4,36}$/.test(search)
    ? [eb(sql`orders.id::text`, 'like', `${search}%`)]
    : [];
  const digits = /^[+\d\s()-]+$/.test(search)
    ? search.replace(/\D/g, '').replace(/^91(?=\d{10}$)/, '')
    : '';
  const phone =
    digits.length >= 4
      ? [eb(sql`regexp_replace(orders.ship_mobile, '[^0-9]', '', 'g')`, 'like', `%${digits}%`)]
      : [];
  return eb.or([eb('orders.user_id', 'in', customers), ...orderNumber, ...phone]);
}

/** Deletes an order that holds no money (admin); see the ledger's removeUnpaidOrder. */
export async function removeOrder(
  db: Kysely<Database>,
  provider: Pick<PaymentProvider, 'name' | 'cancelLink'> | PaymentProviders,
  id: unknown,
): Promise<{ message: string }> {
  return removeUnpaidOrder(db, provider, requireId(id, 'Order'));
}
