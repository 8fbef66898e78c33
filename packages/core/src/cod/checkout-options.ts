import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { CheckoutOptionsView } from '@kanak/shared';
import type { AuthUser } from '../auth';
import { canSeeRecordOf } from '../auth';
import { notFound } from '../common';
import { requireId } from '../common';
import { systemClock, type Clock } from '../common';
import type { PaymentProviders } from '../payment-providers';
import { codAvailability } from './cod-availability';
import type { CodSettings } from './cod-settings';

/** The owner's order to ask about, the providers' states and the cash-on-delivery settings. */
export interface CheckoutOptionsOptions {
  db: Kysely<Database>;
  providers: Pick<PaymentProviders, 'states'>;
  user: AuthUser;
  /** As the request named it: checked here. */
  orderId: unknown;
  cod: Pick<CodSettings, 'maxRupees' | 'blockDays' | 'zones' | 'feeRupees'>;
  clock?: Clock;
}

/**
 * How the owner's order can be paid: the online providers in the order a link would be tried
 * now (one whose breaker is open goes last: it is skipped until its cool-off ends), and cash on
 * delivery, with the reason when this order may not have it.
 */
export async function checkoutOptions({
  db,
  providers,
  user,
  orderId: orderIdInput,
  cod,
  clock = systemClock,
}: CheckoutOptionsOptions): Promise<CheckoutOptionsView> {
  const orderId = requireId(orderIdInput, 'Order');
  const order = await db
    .selectFrom('orders')
    .select(['id', 'user_id', 'total_discounted_price', 'ship_zip_code'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order || !canSeeRecordOf(user, order.user_id)) throw notFound('Order');
  const states = providers.states();
  const ready = states.filter((p) => p.breaker !== 'open');
  const resting = states.filter((p) => p.breaker === 'open');
  const availability = await codAvailability(db, { order, settings: cod, now: clock() });
  return {
    online: { providers: [...ready, ...resting].map((p) => p.name) },
    cod: {
      ...availability,
      maxRupees: cod.maxRupees,
      feeRupees: cod.feeRupees,
      payOnDeliveryRupees: order.total_discounted_price + cod.feeRupees,
    },
  };
}
