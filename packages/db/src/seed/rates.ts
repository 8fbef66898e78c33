// Seed metal rates: today's selling rates per gram and 30 days of history behind them.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema';
import { createRandom } from './random';

type Db = Kysely<Database> | Transaction<Database>;

/** Today's seeded rates, rupees per gram (22K as in the README's worked example). */
export const SEED_RATES = [
  { metal: 'gold', purity: '999', ratePerGram: 13_975 },
  { metal: 'gold', purity: '916', ratePerGram: 12_800 },
  { metal: 'gold', purity: '750', ratePerGram: 10_480 },
  { metal: 'gold', purity: '585', ratePerGram: 8_175 },
  { metal: 'silver', purity: '999', ratePerGram: 168.5 },
  { metal: 'silver', purity: '925', ratePerGram: 156 },
  { metal: 'platinum', purity: '950', ratePerGram: 5_420 },
] as const;
export type SeedRate = (typeof SEED_RATES)[number];

export const seedRatePaise = (metal: string, purity: string) => {
  const rate = SEED_RATES.find((r) => r.metal === metal && r.purity === purity);
  if (!rate) throw new Error(`no seed rate for ${metal} ${purity}`);
  return Math.round(rate.ratePerGram * 100);
};

/**
 * 30 days of daily rates ending at SEED_RATES today (a small random walk back in time), only
 * into an empty rate table. Answers today's row id of each metal/purity.
 */
export async function seedRates(db: Db, days = 30): Promise<Map<string, number>> {
  const existing = await db
    .selectFrom('metal_rates')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) === 0) {
    const rnd = createRandom(2026);
    const rows = [];
    const walk = SEED_RATES.map((r) => Math.round(r.ratePerGram * 100));
    const byDay: { metal: string; purity: string; paise: number; daysAgo: number }[][] = [];
    for (let daysAgo = 0; daysAgo <= days; daysAgo++) {
      byDay.push(
        SEED_RATES.map((r, i) => ({ metal: r.metal, purity: r.purity, paise: walk[i]!, daysAgo })),
      );
      // Yesterday's rate: within ±1.2 % of today's.
      for (let i = 0; i < walk.length; i++)
        walk[i] = Math.round(walk[i]! * (1 + rnd.int(-120, 120) / 10_000));
    }
    for (const day of byDay.reverse())
      for (const r of day)
        rows.push({
          metal: r.metal,
          purity: r.purity,
          rate_paise: r.paise,
          published_at: sql<Date>`now() - ${r.daysAgo} * interval '1 day' - interval '1 minute'`,
        });
    await db.insertInto('metal_rates').values(rows).execute();
  }
  const current = await sql<{ id: number; metal: string; purity: string }>`
    SELECT DISTINCT ON (metal, purity) id, metal, purity FROM metal_rates
    ORDER BY metal, purity, id DESC`.execute(db);
  return new Map(current.rows.map((r) => [`${r.metal}/${r.purity}`, r.id]));
}
