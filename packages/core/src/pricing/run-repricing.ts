import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { repriceStatement } from './reprice-sql';

export interface RepricingOutcome {
  publicationId: number;
  status: 'done' | 'superseded';
  repriced: number;
}

/**
 * Reprices every metal-priced product at today's rates for publication `publicationId`, in
 * batches of `batchSize` products by id, each batch one transaction that also moves the
 * publication's cursor and count: a crash resumes after the last committed batch, a re-run of a
 * finished one does nothing. A newer publication supersedes this one (it reprices everything at
 * the newer rates itself), so the end state is always the last rates.
 */
export async function runRepricing(
  db: Kysely<Database>,
  publicationId: number,
  options: {
    batchSize?: number;
    /** After each committed batch (a pause, for crash tests). */
    afterBatch?: () => Promise<void>;
  } = {},
): Promise<RepricingOutcome> {
  const batchSize = options.batchSize ?? 5000;
  let repriced = 0;
  for (;;) {
    const step = await db.transaction().execute(async (trx) => {
      const pub = await trx
        .selectFrom('rate_publications')
        .select(['id', 'status', 'cursor', 'done', 'total', 'changed'])
        .where('id', '=', publicationId)
        .forUpdate()
        .executeTakeFirst();
      if (!pub) return { finished: 'done' as const };
      if (pub.status === 'done' || pub.status === 'superseded') return { finished: pub.status };
      const newer = await trx
        .selectFrom('rate_publications')
        .select('id')
        .where('id', '>', publicationId)
        .limit(1)
        .executeTakeFirst();
      if (newer) {
        await trx
          .updateTable('rate_publications')
          .set({ status: 'superseded', finished_at: new Date() })
          .where('id', '=', publicationId)
          .execute();
        return { finished: 'superseded' as const };
      }
      const range = await sql<{ last: string | null; n: number }>`
        SELECT max(id::text)::uuid AS last, count(*)::int AS n FROM (
          SELECT id FROM products WHERE pricing_basis = 'metal'
            ${pub.cursor ? sql`AND id > ${pub.cursor}::uuid` : sql``}
          ORDER BY id LIMIT ${batchSize}) AS b`.execute(trx);
      const { last, n } = range.rows[0]!;
      if (!last || n === 0) {
        await trx
          .updateTable('rate_publications')
          .set({ status: 'done', done: pub.total, finished_at: sql<Date>`clock_timestamp()` })
          .where('id', '=', publicationId)
          .execute();
        return { finished: 'done' as const };
      }
      // Prices change no searchable words: migration 011's flag skips the search-terms trigger.
      await sql`SELECT set_config('kanak.repricing', 'on', true)`.execute(trx);
      // A batch lost to a crash before its WAL reached the disk loses its cursor move with it,
      // so it is simply done again: no need to wait for the flush.
      await sql`SET LOCAL synchronous_commit = off`.execute(trx);
      const { rows } = await repriceStatement(
        sql`SELECT id FROM products WHERE pricing_basis = 'metal'
          ${pub.cursor ? sql`AND id > ${pub.cursor}::uuid` : sql``} AND id <= ${last}::uuid`,
      ).execute(trx);
      await trx
        .updateTable('rate_publications')
        .set({
          status: 'running',
          cursor: last,
          done: pub.done + n,
          changed: pub.changed + (rows[0]?.changed ?? 0),
        })
        .where('id', '=', publicationId)
        .execute();
      repriced += rows[0]?.n ?? 0;
      return { finished: null };
    });
    if (step.finished) return { publicationId, status: step.finished, repriced };
    await options.afterBatch?.();
  }
}
