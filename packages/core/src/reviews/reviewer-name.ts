import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';

/** The first name a review or rating shows for its author. */
export async function reviewerFirstName(db: Kysely<Database>, userId: string) {
  const user = await db
    .selectFrom('users')
    .select('first_name')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return user.first_name;
}
