import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { PURITIES, type RateView } from '@kanak/shared';

type Db = Kysely<Database> | Transaction<Database>;

/** The newest rate row of each metal and purity (the table holds every one ever published). */
export const CURRENT_RATES = sql`(
  SELECT DISTINCT ON (metal, purity) id, metal, purity, rate_paise, published_at
  FROM metal_rates ORDER BY metal, purity, id DESC)`;

export interface RateRow {
  id: number;
  metal: string;
  purity: string;
  rate_paise: number;
  published_at: Date;
}

export const toRateView = (row: RateRow): RateView => ({
  id: String(row.id),
  metal: row.metal,
  purity: row.purity,
  ratePerGram: row.rate_paise / 100,
  publishedAt: new Date(row.published_at).toISOString(),
});

/** Today's table in the order of PURITIES (purities never published are left out). */
export async function currentRateRows(db: Db): Promise<RateRow[]> {
  const { rows } = await sql<RateRow>`SELECT * FROM ${CURRENT_RATES} AS r`.execute(db);
  const order = (r: RateRow) =>
    PURITIES.findIndex((p) => p.metal === r.metal && p.purity === r.purity);
  return rows.sort((a, b) => order(a) - order(b));
}

/** GET /api/metal-rates. */
export async function currentRates(db: Db): Promise<{ rates: RateView[] }> {
  return { rates: (await currentRateRows(db)).map(toRateView) };
}

/** GET /api/admin/metal-rates/history: each purity's rates over the last `days` days. */
export async function rateHistory(db: Db, days = 30) {
  const rows = await db
    .selectFrom('metal_rates')
    .select(['metal', 'purity', 'rate_paise', 'published_at'])
    .where('published_at', '>=', sql<Date>`now() - ${days} * interval '1 day'`)
    .orderBy('published_at')
    .orderBy('id')
    .execute();
  return {
    history: PURITIES.map((p) => ({
      metal: p.metal as string,
      purity: p.purity as string,
      points: rows
        .filter((r) => r.metal === p.metal && r.purity === p.purity)
        .map((r) => ({
          ratePerGram: r.rate_paise / 100,
          publishedAt: new Date(r.published_at).toISOString(),
        })),
    })).filter((h) => h.points.length > 0),
  };
}
