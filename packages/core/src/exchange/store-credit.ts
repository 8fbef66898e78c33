import type { Kysely, Transaction } from 'kysely';
import type { CreditSource, Database } from '@kanak/db';
import type { CreditBalanceView } from '@kanak/shared';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Store credit: an append-only book per customer (a settled old-gold exchange, an exchanged
 * return). Nothing is updated or deleted; the balance is the sum. One entry per source: a
 * second credit for the same exchange or return is ignored (answers false), so a double click
 * or a retried job credits once.
 */
export async function addStoreCredit(
  trx: Transaction<Database>,
  entry: {
    userId: string;
    amountPaise: number;
    source: CreditSource;
    sourceId: string;
    note: string;
    actorUserId: string | null;
  },
): Promise<boolean> {
  if (entry.amountPaise === 0) return false;
  const added = await trx
    .insertInto('customer_credit_entries')
    .values({
      user_id: entry.userId,
      amount_paise: entry.amountPaise,
      source: entry.source,
      source_id: entry.sourceId,
      note: entry.note,
      actor_user_id: entry.actorUserId,
    })
    .onConflict((oc) => oc.columns(['source', 'source_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return added !== undefined;
}

/** The customer's credit in rupees and its entries, newest first. */
export async function storeCreditOf(db: Db, userId: string): Promise<CreditBalanceView> {
  const rows = await db
    .selectFrom('customer_credit_entries')
    .select(['amount_paise', 'source', 'note', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  const paise = rows.reduce((sum, r) => sum + Number(r.amount_paise), 0);
  return {
    balance: Math.round(paise / 100),
    entries: rows.map((r) => ({
      amount: Math.round(Number(r.amount_paise) / 100),
      source: r.source,
      note: r.note,
      at: new Date(r.created_at).toISOString(),
    })),
  };
}
