import type { AdminSchemePlan, SchemePlanFields } from '@kanak/shared';

/** A plan's own fields, as its form edits them and the API saves them (without its id). */
export const planFields = (p: AdminSchemePlan): SchemePlanFields => ({
  name: p.name,
  minInstalment: p.minInstalment,
  step: p.step,
  instalments: p.instalments,
  bonusPercent: p.bonusPercent,
  graceDays: p.graceDays,
  missedRule: p.missedRule,
  bonusCutPercent: p.bonusCutPercent,
  redeemWithinDays: p.redeemWithinDays,
  terms: p.terms,
  paused: p.paused,
});
