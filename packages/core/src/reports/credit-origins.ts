import type { Kysely } from 'kysely';
import type { CreditSource, Database } from '@kanak/db';

/** One entry of a customer's credit book, in the order it was written. */
export interface CreditEntry {
  amount_paise: number;
  source: CreditSource;
  source_id: string;
}

/** Paise of a spend (or of what is left of it) by where the credit came from. */
export interface CreditShare {
  exchange: number;
  other: number;
}

interface Lot {
  exchange: boolean;
  paise: number;
}

/** The store-credit tender an entry spends (`spend:`) or gives back (a cancel or a return). */
function tenderOf(entry: CreditEntry): { id: string; spends: boolean } | null {
  if (entry.source === 'order') {
    const [what, id] = entry.source_id.split(':');
    if (what === 'spend' && id) return { id, spends: true };
    if (what === 'return' && id) return { id, spends: false };
    return null;
  }
  // A return's balance part comes back as `<return id>:<tender id>`; an exchange's credit is
  // keyed by the return alone (new credit, from the goods).
  if (entry.source === 'return' && entry.source_id.includes(':'))
    return { id: entry.source_id.split(':')[1]!, spends: false };
  return null;
}

/**
 * Where each store-credit tender's money came from, walking one customer's credit book in order:
 * credit is spent oldest first, so a spend takes the oldest lots, each from old gold exchanged in
 * store (`exchange`) or from a return or an adjustment (`other`). Credit given back from a tender
 * (its order cancelled or returned) goes back in the tender's own proportions, and what the
 * tender still holds shrinks by it. Answers the share each tender still holds, by tender id.
 */
export function creditSharesOfTenders(entries: readonly CreditEntry[]): Map<string, CreditShare> {
  const lots: Lot[] = [];
  const tenders = new Map<string, CreditShare>();
  for (const entry of entries) {
    const amount = Number(entry.amount_paise);
    const tender = tenderOf(entry);
    if (amount > 0) {
      const share = tender && !tender.spends ? tenders.get(tender.id) : undefined;
      if (share) {
        const held = share.exchange + share.other;
        const exchange = Math.min(
          share.exchange,
          held > 0 ? Math.round((amount * share.exchange) / held) : 0,
        );
        share.exchange -= exchange;
        share.other = Math.max(0, share.other - (amount - exchange));
        lots.push(
          { exchange: true, paise: exchange },
          { exchange: false, paise: amount - exchange },
        );
      } else lots.push({ exchange: entry.source === 'exchange', paise: amount });
      continue;
    }
    let need = -amount;
    const taken: CreditShare = { exchange: 0, other: 0 };
    while (need > 0 && lots.length > 0) {
      const lot = lots[0]!;
      const used = Math.min(lot.paise, need);
      if (lot.exchange) taken.exchange += used;
      else taken.other += used;
      lot.paise -= used;
      need -= used;
      if (lot.paise === 0) lots.shift();
    }
    // A book spent below zero (it never is): the shortfall counts as plain store credit.
    taken.other += need;
    if (tender?.spends) tenders.set(tender.id, taken);
  }
  return tenders;
}

/**
 * Rupees of each order's spent store credit that came from old gold exchanged in store, for
 * these SPENT store-credit tenders (id, order, customer, amount): at most what the tender spent.
 */
export async function exchangeCreditByOrder(
  db: Kysely<Database>,
  tenders: { id: string; order_id: string; user_id: string; amount_paise: number }[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (tenders.length === 0) return out;
  const entries = await db
    .selectFrom('customer_credit_entries')
    .select(['user_id', 'amount_paise', 'source', 'source_id'])
    .where('user_id', 'in', [...new Set(tenders.map((t) => t.user_id))])
    .orderBy('user_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const byUser = new Map<string, CreditEntry[]>();
  for (const e of entries) byUser.set(e.user_id, [...(byUser.get(e.user_id) ?? []), e]);
  const shares = new Map<string, CreditShare>();
  for (const book of byUser.values())
    for (const [id, share] of creditSharesOfTenders(book)) shares.set(id, share);
  for (const t of tenders) {
    const exchange = Math.min(shares.get(t.id)?.exchange ?? 0, Number(t.amount_paise));
    out.set(t.order_id, (out.get(t.order_id) ?? 0) + exchange);
  }
  return new Map([...out].map(([orderId, paise]) => [orderId, Math.round(paise / 100)]));
}
