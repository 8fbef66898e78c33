import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { notFound } from '../common';
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
