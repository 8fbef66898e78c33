import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { MIN_SELLING_PRICE, needsPan, normaliseAddress, type AddressInput } from '@kanak/shared';
import { badRequest, conflict } from '../common';
import { CART_TOTAL_MESSAGE, MAX_CART_TOTAL } from '../cart';
import type { ActionLimits } from '../limits';
import { recordCreated } from '../ledger';
import { toOrderView, type OrderView } from './order-view';
import { QUOTE_COLUMNS, quoteOf } from '../pricing';
import { checkDeliveryAddress, checkInsuredCap } from '../delivery';
import { DEFAULT_DELIVERY_RULES, type DeliveryRules } from '../delivery';

export const EMPTY_CART_MESSAGE = 'Your cart is empty: add a piece before placing an order';

/** What checkout needs: the buyer's cart is read from `userId`. */
export interface CreateOrderOptions {
  db: Kysely<Database>;
  userId: string;
  /** The delivery address as given, with the buyer's PAN when the order needs one. */
  address: AddressInput & { pan?: string | undefined };
  /** The customer's hourly order budget. */
  limits: ActionLimits;
  /** The served zones and insured caps; DEFAULT_DELIVERY_RULES when left out. */
  delivery?: DeliveryRules;
}

/**
 * Creates a PENDING order from the user's cart: lines, sizes, quantities and current prices are
 * copied, the address (normalised: trimmed, the state spelt as listed) is saved to the user's
 * address book. Stock is only taken at payment;
 * here a line that asks for more than is in stock is refused so the shopper can fix the cart.
 * Every attempt counts against the customer's hourly order budget (`limits`; the server always
 * passes it, tests that build orders directly may leave it out).
 * The address must be deliverable (`delivery`: the PIN is India Post's and of the state given, in
 * a served zone) and the order within its zone's insured cap; the server passes its configured
 * rules, other callers get the defaults, so no path skips the check.
 */
export async function createOrderFromCart({
  db,
  userId,
  address: given,
  limits,
  delivery = DEFAULT_DELIVERY_RULES,
}: CreateOrderOptions): Promise<OrderView> {
  await limits.consume('order', userId);
  const address = normaliseAddress(given);
  checkDeliveryAddress(delivery, address);
  const orderId = await db.transaction().execute(async (trx) => {
    // Locking the cart serialises a double-clicked checkout with itself and with cart edits.
    const cart = await trx
      .selectFrom('carts')
      .select('id')
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!cart) throw badRequest(EMPTY_CART_MESSAGE);
    const lines = await trx
      .selectFrom('cart_items as ci')
      .innerJoin('product_sizes as s', 's.id', 'ci.size_id')
      .innerJoin('products as p', 'p.id', 'ci.product_id')
      .leftJoin('metal_rates as mr', 'mr.id', 'p.metal_rate_id')
      .select((eb) => [
        'ci.product_id',
        'ci.size_id',
        'ci.quantity',
        's.weight',
        's.size',
        's.stock',
        'p.title',
        'p.brand',
        'p.status',
        // A size's own price (metal pricing) before the product's.
        eb.fn.coalesce('s.price', 'p.price').as('price'),
        eb.fn.coalesce('s.discounted_price', 'p.discounted_price').as('discounted_price'),
        ...QUOTE_COLUMNS,
        eb
          .selectFrom('product_images as i')
          .select('i.url')
          .whereRef('i.product_id', '=', 'p.id')
          .orderBy('i.position')
          .limit(1)
          .as('image_url'),
      ])
      .where('ci.cart_id', '=', cart.id)
      .orderBy('ci.created_at')
      .orderBy('ci.id')
      .execute();
    if (lines.length === 0) throw badRequest(EMPTY_CART_MESSAGE);
    // Only live pieces are sold: a line whose piece became a draft or was archived.
    const unsold = lines.find((l) => l.status !== 'live');
    if (unsold)
      throw conflict(`${unsold.title} is no longer sold: remove it from your cart to order`);
    // A piece priced below ₹1 (a price written before the rule, or a metal price at a rate gone
    // wrong) is never sold: the order would be one with nothing to pay.
    const unpriced = lines.find((l) => l.discounted_price < MIN_SELLING_PRICE);
    if (unpriced)
      throw conflict(
        `${unpriced.title} (${unpriced.weight}) has no price at the moment and cannot be ordered: remove it from your cart to order`,
      );
    const short = lines.find((l) => l.quantity > l.stock);
    if (short) {
      throw conflict(
        short.stock === 0
          ? `${short.title} (${short.weight}) is out of stock`
          : `Only ${short.stock} of ${short.title} (${short.weight}) left in stock`,
      );
    }

    const totalPrice = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
    const totalDiscounted = lines.reduce((sum, l) => sum + l.discounted_price * l.quantity, 0);
    // Prices may have risen since the cart was checked: the totals must still fit their columns.
    if (totalPrice > MAX_CART_TOTAL) throw conflict(CART_TOTAL_MESSAGE);
    // What the shopper pays is what the parcel is insured for.
    checkInsuredCap(delivery, address.zipCode, totalDiscounted);
    const order = await trx
      .insertInto('orders')
      .values({
        user_id: userId,
        // status: the column's default, PENDING; every later status is the ledger's to write.
        ship_first_name: address.firstName,
        ship_last_name: address.lastName,
        ship_street_address: address.streetAddress,
        ship_city: address.city,
        ship_state: address.state,
        ship_zip_code: address.zipCode,
        ship_mobile: address.mobile,
        total_price: totalPrice,
        total_discounted_price: totalDiscounted,
        discount: totalPrice - totalDiscounted,
        total_item: lines.reduce((sum, l) => sum + l.quantity, 0),
        // Kept only where the law asks for it (above the PAN threshold).
        buyer_pan: needsPan(totalDiscounted) ? (given.pan ?? null) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_items')
      .values(
        lines.map((l, position) => ({
          order_id: order.id,
          position,
          product_id: l.product_id,
          size_id: l.size_id,
          title: l.title,
          brand: l.brand,
          image_url: l.image_url ?? '',
          weight: l.weight,
          size: l.size,
          quantity: l.quantity,
          price: l.price,
          discounted_price: l.discounted_price,
          ...quoteOf(l),
        })),
      )
      .execute();
    await recordCreated(trx, order.id, userId);
    await saveAddress(trx, userId, address);
    return order.id;
  });
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return toOrderView(db, row);
}

/** Adds the delivery address to the user's address book unless the same one is already there. */
async function saveAddress(trx: Kysely<Database>, userId: string, a: AddressInput) {
  const values = {
    user_id: userId,
    first_name: a.firstName,
    last_name: a.lastName,
    street_address: a.streetAddress,
    city: a.city,
    state: a.state,
    zip_code: a.zipCode,
    mobile: a.mobile,
  };
  const same = await trx
    .selectFrom('addresses')
    .select('id')
    .where((eb) => eb.and(Object.entries(values).map(([k, v]) => eb(sql.ref(k), '=', v))))
    .executeTakeFirst();
  if (!same) await trx.insertInto('addresses').values(values).execute();
}
