import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { AuthUser } from '../auth';
import { badRequest, conflict, notFound } from '../common';
import { requireId } from '../common';

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
