import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { OPEN_RETURN_STATES, RETURN_STATES, type ReturnsSummary } from '@kanak/shared';

/** How many returns are in each state, and how many are not finished (the admin menu's count). */
export async function returnsSummary(db: Kysely<Database>): Promise<ReturnsSummary> {
  const rows = await db
    .selectFrom('return_requests')
    .select(['state', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('state')
    .execute();
  const byState = Object.fromEntries(RETURN_STATES.map((s) => [s, 0])) as ReturnsSummary['byState'];
  for (const r of rows) byState[r.state] = Number(r.n);
  return {
    open: OPEN_RETURN_STATES.reduce((sum, s) => sum + byState[s], 0),
    byState,
  };
}
