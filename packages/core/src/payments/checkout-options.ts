import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { CheckoutOptionsView } from '@kanak/shared';
import type { AuthUser } from '../auth/tokens';
import { canSeeRecordOf } from '../auth/access';
import { notFound } from '../common/errors';
import { requireId } from '../common/ids';
import type { PaymentProviders } from './providers';

/**
 * How the owner's order can be paid: the online providers in the order a link would be tried
 * now (one whose breaker is open goes last: it is skipped until its cool-off ends), and cash on
 * delivery, which this shop does not offer yet.
 */
export async function checkoutOptions(
  db: Kysely<Database>,
  providers: Pick<PaymentProviders, 'states'>,
  user: AuthUser,
  orderIdInput: unknown,
  codMaxRupees: number,
): Promise<CheckoutOptionsView> {
  const orderId = requireId(orderIdInput, 'Order');
  const order = await db
    .selectFrom('orders')
    .select(['user_id'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order || !canSeeRecordOf(user, order.user_id)) throw notFound('Order');
  const states = providers.states();
  const ready = states.filter((p) => p.breaker !== 'open');
  const resting = states.filter((p) => p.breaker === 'open');
  return {
    online: { providers: [...ready, ...resting].map((p) => p.name) },
    cod: {
      available: false,
      reason: 'Cash on delivery is not offered yet',
      maxRupees: codMaxRupees,
    },
  };
}
