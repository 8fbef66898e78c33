import * as z from 'zod/mini';
import { instalmentOwed } from '../schemes/schemas';
import { dbSafeText, textField } from '../validation/db-values';
import { ORDER_STATUSES } from './status';
import { orderView } from './views';

/** The most orders one page of the admin list carries (REST's bare array included). */
export const ADMIN_ORDERS_MAX_PAGE_SIZE = 500;

const whole = (what: string, max: number) =>
  z.optional(
    z.coerce
      .number(`${what} must be a whole number`)
      .check(
        z.int(`${what} must be a whole number`),
        z.minimum(1, `${what} must be 1 or more`),
        z.maximum(max, `${what} must be at most ${max}`),
      ),
  );

const day = (what: string) =>
  textField(`${what} must be a date (YYYY-MM-DD)`).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, `${what} must be a date (YYYY-MM-DD)`),
    z.refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
        new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      `${what} must be a real date`,
    ),
  );

/**
 * Which orders the admin list shows: a page (newest first) of all orders, or of one status, or
 * of those owed a refund, placed between `from` and `to`; `search` matches the customer's name,
 * e-mail or phone, or the order number.
 * REST clients send none of it and get the first page.
 */
export const adminOrdersQuery = z.object({
  page: whole('page', 1_000_000),
  pageSize: whole('pageSize', ADMIN_ORDERS_MAX_PAGE_SIZE),
  status: z.optional(z.enum(ORDER_STATUSES, `status must be one of ${ORDER_STATUSES.join(', ')}`)),
  refundsDue: z.optional(z.boolean()),
  /** Only orders with a return or exchange not finished (requested, approved, received, on hold). */
  openReturn: z.optional(z.boolean()),
  search: z.optional(
    z.string().check(dbSafeText, z.trim(), z.maxLength(100, 'search is too long')),
  ),
  /** Placed on or after this day (YYYY-MM-DD, a UTC day as the dashboard counts them). */
  from: z.optional(day('from')),
  /** Placed on or before this day (YYYY-MM-DD, inclusive). */
  to: z.optional(day('to')),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

/** A page of the admin list, with what the filter chips count. */
export const adminOrdersPage = z.object({
  content: z.array(orderView),
  currentPage: z.number(),
  totalPages: z.number(),
  /** Orders matching the filter. */
  totalCount: z.number(),
  /** Orders owed a refund, whatever the filter. */
  refundsDue: z.number(),
  /** Orders with a return not finished, whatever the filter. */
  openReturns: z.optional(z.number()),
  /** Savings-scheme instalments owed back and not yet paid back (whatever the filter). */
  instalmentsOwed: z.optional(z.array(instalmentOwed)),
});
export type AdminOrdersPage = z.infer<typeof adminOrdersPage>;

/**
 * Whether an order holds money, as the admin table can tell from its view: it was paid (any
 * status past PENDING but CANCELLED), or a payment on it is owed back. Such an order is
 * cancelled, never deleted; the server decides from its payment rows and answers 409.
 */
export const orderHoldsMoney = (order: { orderStatus: string; refundDue: boolean }) =>
  order.refundDue || !['PENDING', 'CANCELLED'].includes(order.orderStatus);
