import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { toUserViews, USER_COLUMNS, type UserView } from './user-view';

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
