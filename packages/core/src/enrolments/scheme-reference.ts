import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { isId } from '../common';

/** Whether a provider's reference names an enrolment (a webhook's routing: scheme or order). */
export async function isSchemeReference(db: Kysely<Database>, reference: string): Promise<boolean> {
  if (!isId(reference)) return false;
  const row = await db
    .selectFrom('scheme_enrolments')
    .select('id')
    .where('id', '=', reference)
    .executeTakeFirst();
  return row !== undefined;
}
