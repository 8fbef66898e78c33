import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { AuthUser } from '../auth/tokens';
import { badRequest, conflict, notFound } from '../shared/errors';
import { requireId } from '../shared/ids';
import { toUserViews, USER_COLUMNS, type UserView } from './user-view';

/** GET /api/users/profile: the caller with their addresses. */
export async function getProfile(db: Kysely<Database>, userId: string): Promise<UserView> {
  const user = await db
    .selectFrom('users')
    .select([...USER_COLUMNS])
    .where('id', '=', userId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw notFound('User');
  const [view] = await toUserViews(db, [user]);
  return view!;
}

/** GET /api/users (admin): every account, newest first. */
export async function listUsers(db: Kysely<Database>): Promise<UserView[]> {
  const users = await db
    .selectFrom('users')
    .select([...USER_COLUMNS])
    .where('removed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return toUserViews(db, users);
}

/**
 * DELETE /api/users/profile/{id} (admin): removes a customer. Their orders stay (the shop's
 * books and the dashboard need them); the account is scrubbed and can never log in again, and
 * their addresses, cart and wishlist go.
 */
export async function removeUser(
  db: Kysely<Database>,
  actor: AuthUser,
  userId: unknown,
): Promise<{ message: string }> {
  const id = requireId(userId, 'User');
  if (id === actor.id) throw badRequest('You cannot remove your own account');
  const user = await db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw notFound('User');
  // Administrators are managed outside the customers table; removing one here is refused.
  if (user.role === 'ADMIN') throw conflict('Administrator accounts cannot be removed');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        removed_at: new Date(),
        email: `removed-${id}@removed.invalid`,
        password_hash: '!removed',
        mobile: null,
      })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('addresses').where('user_id', '=', id).execute();
    await trx.deleteFrom('carts').where('user_id', '=', id).execute();
    await trx.deleteFrom('wish_items').where('user_id', '=', id).execute();
  });
  return { message: 'User deleted successfully' };
}
