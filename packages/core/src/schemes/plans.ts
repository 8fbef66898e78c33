import type { Kysely } from 'kysely';
import type { Database, SchemePlanRow } from '@kanak/db';
import type { AdminSchemePlan, SchemePlan, SchemePlanFields } from '@kanak/shared';
import { notFound } from '../common';

/** A plan as the shop shows it (rupees). */
export const planView = (row: SchemePlanRow): SchemePlan => ({
  id: row.id,
  name: row.name,
  instalments: row.instalments,
  minInstalment: row.min_instalment,
  step: row.step,
  bonusPercent: row.bonus_percent,
  graceDays: row.grace_days,
  redeemWithinDays: row.redeem_within_days,
  terms: row.terms,
  missedRule: row.missed_rule,
  bonusCutPercent: row.bonus_cut_percent,
});

const columns = (p: SchemePlanFields) => ({
  name: p.name,
  min_instalment: p.minInstalment,
  step: p.step,
  instalments: p.instalments,
  bonus_percent: p.bonusPercent,
  grace_days: p.graceDays,
  missed_rule: p.missedRule,
  bonus_cut_percent: p.bonusCutPercent,
  redeem_within_days: p.redeemWithinDays,
  terms: p.terms,
  paused: p.paused,
});

/** The plans open for enrolment (GET /api/schemes/plans). */
export async function listOpenPlans(db: Kysely<Database>): Promise<SchemePlan[]> {
  const rows = await db
    .selectFrom('scheme_plans')
    .selectAll()
    .where('paused', '=', false)
    .orderBy('id')
    .execute();
  return rows.map(planView);
}

/** Every plan, paused ones too (the admin's editor). */
export async function listAllPlans(db: Kysely<Database>): Promise<AdminSchemePlan[]> {
  const rows = await db.selectFrom('scheme_plans').selectAll().orderBy('id').execute();
  return rows.map((r) => ({ ...planView(r), paused: r.paused }));
}

export async function createPlan(
  db: Kysely<Database>,
  fields: SchemePlanFields,
): Promise<AdminSchemePlan> {
  const row = await db
    .insertInto('scheme_plans')
    .values(columns(fields))
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...planView(row), paused: row.paused };
}

/**
 * Edits a plan, or pauses it for new enrolments. Enrolled shoppers keep their terms: each
 * enrolment copied them when it was made.
 */
export async function updatePlan(
  db: Kysely<Database>,
  planId: number,
  fields: SchemePlanFields,
): Promise<AdminSchemePlan> {
  const row = await db
    .updateTable('scheme_plans')
    .set({ ...columns(fields), updated_at: new Date() })
    .where('id', '=', planId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('Plan');
  return { ...planView(row), paused: row.paused };
}
