import { sql } from 'kysely';
import type { LinkTable } from './link-checks';

export interface ReturnKnownOptions {
  table: LinkTable;
  /** The links' owner column, and the outer query's owner id it must equal. */
  owner: { column: 'order_id' | 'enrolment_id'; ref: 'o.id' | 'e.id' };
  paymentId: string;
  jobKey: string;
}

/**
 * Whether a payment return is already known, for an order's return and an instalment's alike: its
 * payment recorded against the owner (or, for a return that names its link, as Cashfree's do, the
 * link paid), or its outbox row kept. A known return is never refused: a repeat joins its outcome.
 */
export const returnKnown = ({ table, owner, paymentId, jobKey }: ReturnKnownOptions) =>
  sql<boolean>`(EXISTS (SELECT 1 FROM ${sql.table(table)} AS r
      WHERE r.${sql.ref(owner.column)} = ${sql.ref(owner.ref)}
        AND (r.provider_payment_id = ${paymentId}
          OR (r.payment_link_id = ${paymentId} AND r.provider_payment_id IS NOT NULL)))
    OR EXISTS (SELECT 1 FROM outbox WHERE outbox.job_key = ${jobKey}))`;
