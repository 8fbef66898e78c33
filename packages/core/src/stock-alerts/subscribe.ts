import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { STOCK_ALERT_TOKEN, type StockAlertAnswer, type StockAlertInput } from '@kanak/shared';
import { badRequest, conflict, notFound } from '../common';
import { requireId } from '../common';
import type { AuthUser } from '../auth';
import { signedInEmail } from '../auth';
import type { MailLimits } from '../auth';
import { endAlertByToken } from '../notifications';

export interface StockAlertDeps {
  db: Kysely<Database>;
  mailLimits: MailLimits;
}

export interface SubscribeStockAlertOptions {
  deps: StockAlertDeps;
  user: AuthUser | null;
  address: string;
  input: StockAlertInput;
}

/**
 * "Notify me when available" on a sold-out size: one alert per size and e-mail (asking again,
 * also after unsubscribing, keeps one active row). A signed-in shopper's account e-mail is used;
 * a visitor names one. Limited per client address and per e-mail, so it cannot mail strangers
 * at will (it mails each address at most once per restock anyway).
 */
export async function subscribeStockAlert({
  deps,
  user,
  address,
  input,
}: SubscribeStockAlertOptions): Promise<StockAlertAnswer> {
  const productId = requireId(input.productId, 'Product');
  let email = input.email;
  if (user) email = await signedInEmail(deps.db, user);
  if (!email) throw badRequest('email is required');
  await deps.mailLimits.stockAlertByAddress(address);
  const size = await deps.db
    .selectFrom('product_sizes')
    .innerJoin('products', 'products.id', 'product_sizes.product_id')
    .select(['product_sizes.stock', 'product_sizes.weight', 'products.title'])
    .where('product_sizes.product_id', '=', productId)
    .where('product_sizes.weight', '=', input.weight)
    .executeTakeFirst();
  if (!size) throw notFound('Size');
  if (size.stock > 0)
    throw conflict(`${size.title} (${size.weight}) is in stock: you can add it to your bag now.`);
  await deps.mailLimits.stockAlertByEmail(email);
  await sql`INSERT INTO stock_alerts (product_id, weight, email, user_id, token)
    VALUES (${productId}, ${size.weight}, ${email}, ${user?.id ?? null}, ${randomBytes(24).toString('base64url')})
    ON CONFLICT (product_id, weight, lower(email)) DO UPDATE
      SET unsubscribed_at = NULL, notified_at = NULL,
        user_id = coalesce(excluded.user_id, stock_alerts.user_id)`.execute(deps.db);
  return {
    message: `We will e-mail ${email} once when ${size.title} (${size.weight}) is back in stock.`,
    productId,
    weight: size.weight,
    email,
  };
}

/** The mail's unsubscribe link (no login): the alert ends; asking twice answers the same. */
export async function unsubscribeStockAlert(
  db: Kysely<Database>,
  token: string,
): Promise<{ message: string }> {
  await endAlertByToken(db, { table: 'stock_alerts', token, pattern: STOCK_ALERT_TOKEN });
  return { message: 'You will not get this back-in-stock e-mail any more.' };
}

/** Active alerts per size (most wanted first), for the admin. */
export async function stockAlertDemand(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('stock_alerts as a')
    .innerJoin('products as p', 'p.id', 'a.product_id')
    .leftJoin('product_sizes as s', (j) =>
      j.onRef('s.product_id', '=', 'a.product_id').onRef('s.weight', '=', 'a.weight'),
    )
    .select((eb) => [
      'a.product_id as productId',
      'p.title',
      'a.weight',
      eb.fn.coalesce(eb.fn.max('s.stock'), sql<number>`0`).as('stock'),
      eb.fn.countAll<string>().as('waiting'),
    ])
    .where('a.unsubscribed_at', 'is', null)
    .where('a.notified_at', 'is', null)
    .groupBy(['a.product_id', 'p.title', 'a.weight'])
    .orderBy('waiting', 'desc')
    .orderBy('p.title')
    .limit(200)
    .execute();
  return rows.map((r) => ({ ...r, stock: Number(r.stock), waiting: Number(r.waiting) }));
}
