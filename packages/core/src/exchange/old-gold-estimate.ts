import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import {
  estimatedNetNote,
  oldGoldRule,
  oldGoldValues,
  weightForEstimate,
  type ExchangeEstimate,
  type OldGoldPiece,
} from '@kanak/shared';
import { conflict } from '../common';

type Db = Kysely<Database> | Transaction<Database>;

/** The shop's shares of the metal value (EXCHANGE_PERCENT, BUYBACK_PERCENT). */
export interface ExchangeSettings {
  EXCHANGE_PERCENT: number;
  BUYBACK_PERCENT: number;
}

/** Today's published rate of a purity (the newest row); 409 when the shop never published one. */
async function todaysRate(db: Db, metal: string, purity: string) {
  const row = await db
    .selectFrom('metal_rates')
    .select(['rate_paise', 'published_at'])
    .where('metal', '=', metal)
    .where('purity', '=', purity)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw conflict(`The shop has not published a rate for ${metal} ${purity} yet`);
  return { ratePaise: Number(row.rate_paise), publishedAt: new Date(row.published_at) };
}

/**
 * What a piece of old gold (or silver, platinum) is worth today: metal value at today's rate
 * for its purity, the exchange and buyback shares of it; making is never refunded
 * (jewellery.md, "Policies shoppers look for"). Without a net weight, the gross weight less the
 * usual wastage, said so in `note`.
 */
export async function oldGoldEstimate(
  db: Db,
  settings: ExchangeSettings,
  piece: OldGoldPiece,
): Promise<ExchangeEstimate & { paise: ReturnType<typeof oldGoldValues> }> {
  const rate = await todaysRate(db, piece.metal, piece.purity);
  const { grams, estimated } = weightForEstimate(piece);
  const paise = oldGoldValues({
    ratePaise: rate.ratePaise,
    grams,
    exchangePercent: settings.EXCHANGE_PERCENT,
    buybackPercent: settings.BUYBACK_PERCENT,
  });
  return {
    metal: piece.metal,
    purity: piece.purity,
    ratePerGram: rate.ratePaise / 100,
    netWeight: grams,
    estimated,
    metalValue: Math.round(paise.metal / 100),
    exchangeValue: Math.round(paise.exchange / 100),
    buybackValue: Math.round(paise.buyback / 100),
    exchangePercent: settings.EXCHANGE_PERCENT,
    buybackPercent: settings.BUYBACK_PERCENT,
    rule: oldGoldRule(settings.EXCHANGE_PERCENT, settings.BUYBACK_PERCENT),
    note: estimated ? estimatedNetNote(piece.grossWeight ?? 0) : null,
    ratePublishedAt: rate.publishedAt.toISOString(),
    paise,
  };
}
