import { sql, type Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import {
  breakupOf,
  canonicalPurity,
  formatRupees,
  purityLabel,
  sizePrices,
  type PriceBreakup,
  type ProductPricing,
  type ProductPricingInput,
} from '@kanak/shared';
import { badRequest, conflict } from '../common';
import { currentRateRows } from './current-rates';
import { repriceStatement } from './reprice-sql';

/** The pricing columns of a product row, as migration 011 stores them. */
export interface PricingColumns {
  pricing_basis: 'fixed' | 'metal';
  pricing_metal: string | null;
  pricing_purity: string | null;
  making_kind: 'percent' | 'perGram' | null;
  making_value: string | null;
  stones: number;
  making_discount_percent: string;
}

export const PRICING_COLUMNS = [
  'products.pricing_basis',
  'products.pricing_metal',
  'products.pricing_purity',
  'products.making_kind',
  'products.making_value',
  'products.stones',
  'products.making_discount_percent',
  'products.metal_rate_id',
] as const;

/** The columns a product's pricing input writes. */
export function pricingColumns(pricing: ProductPricingInput | undefined) {
  if (!pricing || pricing.basis === 'fixed')
    return {
      pricing_basis: 'fixed' as const,
      pricing_metal: null,
      pricing_purity: null,
      making_kind: null,
      making_value: null,
      stones: 0,
      making_discount_percent: 0,
      metal_rate_id: null,
    };
  const purity = canonicalPurity(pricing.metal, pricing.purity);
  if (!purity)
    throw badRequest(`Purity ${pricing.purity} is not one the shop prices ${pricing.metal} in`);
  return {
    pricing_basis: 'metal' as const,
    pricing_metal: pricing.metal,
    pricing_purity: purity,
    making_kind: pricing.making.kind,
    making_value: pricing.making.value,
    stones: pricing.stones,
    making_discount_percent: pricing.makingDiscountPercent,
  };
}

export function pricingOf(row: PricingColumns): ProductPricing {
  if (
    row.pricing_basis !== 'metal' ||
    !row.pricing_metal ||
    !row.pricing_purity ||
    !row.making_kind
  )
    return { basis: 'fixed' };
  return {
    basis: 'metal',
    metal: row.pricing_metal,
    purity: row.pricing_purity,
    making: { kind: row.making_kind, value: Number(row.making_value ?? 0) },
    stones: row.stones,
    makingDiscountPercent: Number(row.making_discount_percent),
  };
}

/** A size's breakup from the product's pricing and the rate row its prices used. */
export function sizeBreakup(
  pricing: ProductPricing,
  rate: { rate_paise: number; published_at: Date | string } | null,
  netWeight: string | number | null,
): (PriceBreakup & { price: number }) | null {
  if (pricing.basis !== 'metal' || !rate || netWeight === null) return null;
  return breakupOf(
    pricing,
    { ratePerGram: rate.rate_paise / 100, publishedAt: new Date(rate.published_at).toISOString() },
    Number(netWeight),
  );
}

/** A saved product's pricing and its sizes as saved (the size rows equal these after a save). */
export interface SavedPricing {
  id: string;
  pricing: ProductPricingInput | undefined;
  sizes: readonly { weight: string; netWeight?: number | null }[];
}

/**
 * After products' save: stores their sizes' and their own prices at today's rate, in the save's
 * transaction, in one statement for all of them (an import applies hundreds per transaction).
 * No rate for a purity yet is a 409 (the admin publishes one first).
 */
export async function priceSavedProducts(
  trx: Transaction<Database>,
  saved: readonly SavedPricing[],
): Promise<void> {
  // Typed prices: sizes follow the product's (rows already so are not rewritten).
  const fixed = saved.filter((s) => s.pricing?.basis !== 'metal').map((s) => s.id);
  if (fixed.length > 0)
    await trx
      .updateTable('product_sizes')
      .set({ price: null, discounted_price: null })
      .where('product_id', 'in', fixed)
      .where((eb) => eb.or([eb('price', 'is not', null), eb('discounted_price', 'is not', null)]))
      .execute();
  const metal = saved.flatMap((s) =>
    s.pricing?.basis === 'metal' ? [{ ...s, pricing: s.pricing }] : [],
  );
  if (metal.length === 0) return;
  const rates = await currentRateRows(trx);
  for (const item of metal) {
    const purity = canonicalPurity(item.pricing.metal, item.pricing.purity)!;
    const rate = rates.find((r) => r.metal === item.pricing.metal && r.purity === purity);
    if (!rate)
      throw conflict(
        `No rate is published for ${item.pricing.metal} ${purityLabel(item.pricing.metal, purity)}: publish one on the Metal rates page first`,
      );
    refuseUnstorablePrices(item.sizes, item.pricing, Number(rate.rate_paise));
  }
  await repriceStatement(sql`SELECT unnest(${metal.map((m) => m.id)}::uuid[])`).execute(trx);
}

/** The dearest a piece may be priced at: what a typed Price may be (product input's bound). */
export const MAX_PIECE_PRICE = 100_000_000;

/**
 * Each field is within its bounds, yet together (1,000 g at 1,00,000 % making) they could make
 * a price no integer column holds: such a save is a 400 naming the size, never a 500.
 */
function refuseUnstorablePrices(
  sizes: SavedPricing['sizes'],
  pricing: Extract<ProductPricingInput, { basis: 'metal' }>,
  ratePaise: number,
): void {
  for (const size of sizes) {
    if (size.netWeight == null) continue;
    const { price } = sizePrices({
      ratePaise,
      netWeightMg: Math.round(size.netWeight * 1000),
      making: { kind: pricing.making.kind, hundredths: Math.round(pricing.making.value * 100) },
      stones: pricing.stones,
      makingDiscountBp: Math.round(pricing.makingDiscountPercent * 100),
    });
    if (price > MAX_PIECE_PRICE)
      throw badRequest(
        `At today's rate the ${size.weight} size would cost ${formatRupees(price)}, above the most a piece may cost (${formatRupees(MAX_PIECE_PRICE)}): check its net weight and the making charge`,
      );
  }
}
