import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';

/** Every third-level category of that name (a ring under Gold and one under Diamond are both rings). */
export async function categoryIdsNamed(db: Kysely<Database>, name: string): Promise<string[]> {
  const rows = await db
    .selectFrom('categories')
    .select('id')
    .where('level', '=', 3)
    .where('name', '=', name)
    .execute();
  return rows.map((r) => r.id);
}
