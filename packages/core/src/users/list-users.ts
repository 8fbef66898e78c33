import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { AdminUserView } from '@kanak/shared';
import { PAID_STATUSES } from '../orders';
import { toUserViews, USER_COLUMNS } from './user-view';

/** GET /api/users (admin): every account, newest first, with what each has ordered and spent. */
export async function listUsers(db: Kysely<Database>): Promise<AdminUserView[]> {
  const [users, stats] = await Promise.all([
    db
      .selectFrom('users')
      .select([...USER_COLUMNS])
      .where('removed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('orders')
      .select((eb) => [
        'user_id',
        eb.fn.countAll<string>().as('orders'),
        eb.fn
          .sum<string | null>(
            eb
              .case()
              .when('status', 'in', PAID_STATUSES)
              .then(eb.ref('total_discounted_price'))
              .else(0)
              .end(),
          )
          .as('spent'),
        eb.fn.max('order_date').as('last'),
      ])
      .groupBy('user_id')
      .execute(),
  ]);
  const statsOf = new Map(stats.map((s) => [s.user_id, s]));
  return (await toUserViews(db, users)).map((user) => {
    const s = statsOf.get(user._id);
    return {
      ...user,
      orderCount: Number(s?.orders ?? 0),
      totalSpent: Number(s?.spent ?? 0),
      lastOrderDate: s?.last ? new Date(s.last).toISOString() : null,
    };
  });
}
