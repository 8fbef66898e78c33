import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { RepricingView } from '@kanak/shared';

type PublicationRow = {
  id: number;
  status: RepricingView['status'];
  done: number;
  total: number;
  changed: number;
  published_at: Date;
  finished_at: Date | null;
};

const toView = (row: PublicationRow): RepricingView => ({
  id: String(row.id),
  status: row.status,
  done: Math.min(row.done, row.total),
  total: row.total,
  changed: row.changed,
  startedAt: new Date(row.published_at).toISOString(),
  finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  seconds: row.finished_at
    ? (new Date(row.finished_at).getTime() - new Date(row.published_at).getTime()) / 1000
    : null,
});

const columns = [
  'id',
  'status',
  'done',
  'total',
  'changed',
  'published_at',
  'finished_at',
] as const;

export async function repricingOf(
  db: Kysely<Database>,
  publicationId: number,
): Promise<RepricingView | null> {
  const row = await db
    .selectFrom('rate_publications')
    .select([...columns])
    .where('id', '=', publicationId)
    .executeTakeFirst();
  return row ? toView(row) : null;
}

/** GET /api/admin/metal-rates/repricing: the newest publication's repricing, for the progress bar. */
export async function latestRepricing(
  db: Kysely<Database>,
): Promise<{ repricing: RepricingView | null }> {
  const row = await db
    .selectFrom('rate_publications')
    .select([...columns])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { repricing: row ? toView(row) : null };
}
