import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { LINK_GRACE_MS } from './link-expiry';

// One rule for every payment link the shop asks the provider about (an order's, an instalment's):
// a link is closed for good only once a check had the provider's answer after its expiry and
// grace, so a payment made in time whose return and webhook were both lost is still found.

/** The tables that hold payment links with the same checking columns. */
export type LinkTable = 'payments' | 'scheme_payments';

const GRACE_INTERVAL = sql`${`${LINK_GRACE_MS} milliseconds`}::interval`;

/** Closes as EXPIRED the unpaid links a check answered after their window; answers how many. */
export async function expireCheckedLinks(db: Kysely<Database>, table: LinkTable, now: number) {
  const expired = await db
    .updateTable(table)
    .set({ status: 'EXPIRED', note: 'Payment link expired unpaid', updated_at: sql<Date>`now()` })
    .where('status', '=', 'CREATED')
    .where('expires_at', '<', new Date(now - LINK_GRACE_MS))
    .where('reconciled', '=', true)
    .executeTakeFirst();
  return Number(expired.numUpdatedRows);
}

export interface MarkLinkCheckedOptions {
  table: LinkTable;
  id: string;
  asked: boolean;
}

/**
 * Marks one check of a link (to the back of the line). An answer after its window closes it for
 * good; a check that failed (the provider or the database away) never does: it stays in question
 * until a check gets an answer.
 */
export async function markLinkChecked(
  db: Kysely<Database>,
  { table, id, asked }: MarkLinkCheckedOptions,
) {
  await db
    .updateTable(table)
    .set({
      updated_at: sql<Date>`now()`,
      reconciled: asked
        ? sql<boolean>`coalesce(now() > expires_at + ${GRACE_INTERVAL}, false)`
        : false,
    })
    .where('id', '=', id)
    .where('provider_payment_id', 'is', null)
    .execute();
}

export interface AskLinksInTurnOptions<L extends { id: string }> {
  table: LinkTable;
  /** Least recently checked first. */
  links: L[];
  /** Asks the provider about one link and applies what it found; throws when it cannot. */
  ask: (link: L) => Promise<void>;
  /** Told of a link that could not be asked about this time (tried again next run). */
  failed: (link: L, message: string) => void;
}

/**
 * Asks about each link in turn, an order's or an instalment's alike, and marks each check: one
 * link's failure (a provider outage, a fault while applying) neither stops the others nor keeps
 * that link first in line for every later run.
 */
export async function askLinksInTurn<L extends { id: string }>(
  db: Kysely<Database>,
  { table, links, ask, failed }: AskLinksInTurnOptions<L>,
): Promise<void> {
  for (const link of links) {
    let asked = true;
    try {
      await ask(link);
    } catch (error) {
      asked = false;
      failed(link, error instanceof Error ? error.message : String(error));
    }
    await markLinkChecked(db, { table, id: link.id, asked });
  }
}
