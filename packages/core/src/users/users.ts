import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { AuthUser } from '../auth/tokens';
import { badRequest, conflict, notFound } from '../shared/errors';
import { requireId } from '../shared/ids';
import { toUserViews, USER_COLUMNS, type UserView } from './user-view';

/** GET /api/users/profile: the caller with their addresses. */
export async function getProfile(db: Kysely<Database>, userId: string): Promise<UserView> {
  const user = await db.selectFrom('users').select([...USER_COLUMNS]).where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound('User');
  const [view] = await toUserViews(db, [user]);
  return view!;
}

/** GET /api/users (admin): every account, newest first. */
export async function listUsers(db: Kysely<Database>): Promise<UserView[]> {
  const users = await db.selectFrom('users').select([...USER_COLUMNS]).orderBy('created_at', 'desc').orderBy('id').execute();
  return toUserViews(db, users);
}

/** DELETE /api/users/profile/{id} (admin): removes a customer with everything they own. */
export async function removeUser(db: Kysely<Database>, actor: AuthUser, userId: unknown): Promise<{ message: string }> {
  const id = requireId(userId, 'User');
  if (id === actor.id) throw badRequest('You cannot remove your own account');
  const user = await db.selectFrom('users').select(['id', 'role']).where('id', '=', id).executeTakeFirst();
  if (!user) throw notFound('User');
  // Administrators are managed outside the customers table; removing one here is refused.
  if (user.role === 'ADMIN') throw conflict('Administrator accounts cannot be removed');
  await db.deleteFrom('users').where('id', '=', id).execute();
  return { message: 'User deleted successfully' };
}
