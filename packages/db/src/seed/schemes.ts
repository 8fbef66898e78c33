import type { Transaction } from 'kysely';
import type { Database } from '../schema';

/** The demo's savings scheme: ten monthly instalments, a bonus of 75 % of one (jewellery.md). */
export async function seedSchemePlans(trx: Transaction<Database>): Promise<void> {
  await trx
    .insertInto('scheme_plans')
    .values({
      name: 'Swarna Nidhi — 10 months',
      min_instalment: 1000,
      step: 500,
      instalments: 10,
      bonus_percent: 75,
      grace_days: 7,
      missed_rule: 'MOVE_MATURITY',
      bonus_cut_percent: 0,
      redeem_within_days: 30,
      terms:
        'Pay the same instalment every month for 10 months. At maturity we add 75 % of one instalment. ' +
        'The balance buys jewellery only, never cash, within 30 days of maturity. An instalment paid more ' +
        'than 7 days late moves the maturity by a month.',
    })
    .execute();
}
