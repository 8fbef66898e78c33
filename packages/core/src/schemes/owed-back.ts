import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';

/**
 * Instalments recorded as owed back (`p`), with their enrolment (`e`) and the refund asked for
 * them if any (`r`): the shopper's passbook and the settlement each select from it what they show.
 */
export const owedBackInstalments = (db: Kysely<Database>) =>
  db
    .selectFrom('scheme_payments as p')
    .innerJoin('scheme_enrolments as e', 'e.id', 'p.enrolment_id')
    .leftJoin('instalment_refunds as r', 'r.scheme_payment_id', 'p.id')
    .where('p.status', '=', 'REFUND_PENDING');
