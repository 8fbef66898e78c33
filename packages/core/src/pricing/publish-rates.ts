import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import {
  MIN_SELLING_PRICE,
  RATE_JUMP_PERCENT,
  formatRupees,
  formatRupeesWithPaise,
  purityLabel,
  type PublishRatesInput,
  type PublishedRates,
  type RatesPreview,
} from '@kanak/shared';
import { badRequest } from '../common';
import { writeOutbox } from '../outbox';
import type { OutboxRelay } from '../outbox';
import { CURRENT_RATES, currentRateRows, currentRates } from './current-rates';
import { OPENING_SIZE_ORDER, sizePricesSql } from './reprice-sql';
import { repricingOf } from './repricing-progress';
import { fireRateAlerts } from '../rate-alerts';
import { JOBS } from '../queues';
import { metalPriceBelowMinimum } from './below-minimum';

export interface PricingDeps {
  db: Kysely<Database>;
  relay: Pick<OutboxRelay, 'wake'>;
}

export const repriceJobKey = (publicationId: number) => `reprice-${publicationId}`;

type Rates = PublishRatesInput['rates'];

/** Refuses a rate that moved more than RATE_JUMP_PERCENT from the last one, unless confirmed. */
async function checkJumps(trx: Transaction<Database>, rates: Rates) {
  const current = await currentRateRows(trx);
  for (const rate of rates) {
    const last = current.find((c) => c.metal === rate.metal && c.purity === rate.purity);
    if (!last) continue;
    const lastRupees = last.rate_paise / 100;
    const change = (Math.abs(rate.ratePerGram - lastRupees) / lastRupees) * 100;
    if (change > RATE_JUMP_PERCENT)
      throw badRequest(
        `${rate.metal} ${purityLabel(rate.metal, rate.purity)} moves ${Math.round(change)} % from ${formatRupees(lastRupees)}/g to ${formatRupees(rate.ratePerGram)}/g: send confirm: true if that is right`,
      );
  }
}

/**
 * Refuses (400 naming `rates.N.ratePerGram`) rates that would price a live piece below ₹1: the
 * repricing would otherwise sell it for nothing, or stop at the price columns' own check.
 */
async function checkFloor(trx: Transaction<Database>, rates: Rates) {
  const affected = sql.join(rates.map((r) => sql`(${r.metal}::text, ${r.purity}::text)`));
  const low = await metalPriceBelowMinimum(
    trx,
    sql`SELECT id FROM products WHERE pricing_basis = 'metal'
      AND (pricing_metal, pricing_purity) IN (${affected})`,
    ratesWith(rates),
  );
  if (!low) return;
  const at = rates.findIndex((r) => r.metal === low.metal && r.purity === low.purity);
  const rate = rates[at]!;
  const field = `rates.${at}.ratePerGram`;
  const message = `${field}: at ${formatRupeesWithPaise(rate.ratePerGram)}/g for ${rate.metal} ${rate.purity}, ${low.sku} (${low.weight}) would sell for ₹${low.price}; a live piece cannot be sold for less than ₹${MIN_SELLING_PRICE}. Check the rate per gram`;
  throw badRequest(message, [{ path: field, message }]);
}

/**
 * PUT /api/admin/metal-rates: the rates, a publication and the outbox row of its repricing in
 * one transaction (the worker reprices; a newer publish supersedes a running one).
 */
export async function publishRates(
  deps: PricingDeps,
  userId: string,
  input: PublishRatesInput,
): Promise<PublishedRates> {
  const publicationId = await deps.db.transaction().execute(async (trx) => {
    // Publishes one at a time: the jump check reads the rates the previous one wrote.
    await sql`SELECT pg_advisory_xact_lock(hashtext('kanak:metal-rates'))`.execute(trx);
    if (!input.confirm) await checkJumps(trx, input.rates);
    // Confirmed or not: no rate may put a live piece on sale below ₹1.
    await checkFloor(trx, input.rates);
    const total = await trx
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('pricing_basis', '=', 'metal')
      .executeTakeFirstOrThrow();
    const publication = await trx
      .insertInto('rate_publications')
      .values({ published_by: userId, total: Number(total.n) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('metal_rates')
      .values(
        input.rates.map((r) => ({
          metal: r.metal,
          purity: r.purity,
          rate_paise: Math.round(r.ratePerGram * 100),
          publication_id: publication.id,
          published_by: userId,
        })),
      )
      .execute();
    // Shoppers waiting for a rate below their figure hear of it once.
    await fireRateAlerts(
      trx,
      input.rates.map((r) => ({
        metal: r.metal,
        purity: r.purity,
        ratePaise: Math.round(r.ratePerGram * 100),
      })),
      publication.id,
    );
    await writeOutbox(trx, {
      job: JOBS.metalRepricing,
      jobKey: repriceJobKey(publication.id),
      payload: { publicationId: publication.id },
    });
    return publication.id;
  });
  deps.relay.wake();
  const [table, repricing] = await Promise.all([
    currentRates(deps.db),
    repricingOf(deps.db, publicationId),
  ]);
  return { ...table, repricing: repricing! };
}

/** The rates as a rate table: the given ones over today's. */
function ratesWith(rates: Rates) {
  const given = sql.join(
    rates.map(
      (r) =>
        sql`(0::bigint, ${r.metal}::text, ${r.purity}::text, ${Math.round(r.ratePerGram * 100)}::bigint, now())`,
    ),
  );
  const keys = sql.join(rates.map((r) => sql`(${r.metal}::text, ${r.purity}::text)`));
  return sql`(SELECT * FROM (VALUES ${given}) AS v(id, metal, purity, rate_paise, published_at)
    UNION ALL SELECT * FROM ${CURRENT_RATES} AS c WHERE (c.metal, c.purity) NOT IN (${keys}))`;
}

/** What publishing these rates would do: how many products change and by how much on average. */
export async function previewRates(db: Kysely<Database>, rates: Rates): Promise<RatesPreview> {
  const affected = sql.join(rates.map((r) => sql`(${r.metal}::text, ${r.purity}::text)`));
  const products = sql`SELECT id FROM products WHERE pricing_basis = 'metal'
    AND (pricing_metal, pricing_purity) IN (${affected})`;
  const { rows } = await sql<{ n: number; average: string | null; metal_priced: number }>`
    WITH calc AS (${sizePricesSql(products, ratesWith(rates))}),
    firsts AS (SELECT DISTINCT ON (product_id) product_id, price, discounted FROM calc
      ORDER BY ${OPENING_SIZE_ORDER})
    SELECT count(*)::int AS n,
      avg((f.discounted - p.discounted_price)::numeric * 100 / nullif(p.discounted_price, 0)) AS average,
      (SELECT count(*)::int FROM products WHERE pricing_basis = 'metal') AS metal_priced
    FROM firsts f JOIN products p ON p.id = f.product_id
    -- What the repricing counts as changed (reprice-sql.ts): the first size's two prices.
    WHERE (f.price, f.discounted) IS DISTINCT FROM (p.price, p.discounted_price)`.execute(db);
  const row = rows[0];
  return {
    products: row?.n ?? 0,
    metalPriced: row?.metal_priced ?? 0,
    averageChangePercent: Math.round(Number(row?.average ?? 0) * 100) / 100,
  };
}
