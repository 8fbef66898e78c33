import { formatRupees } from '../money/price';

/** An instalment must be the plan's minimum plus whole steps. */
export const instalmentAllowed = (amount: number, min: number, step: number) =>
  Number.isInteger(amount) && amount >= min && (amount - min) % step === 0;

/**
 * Why an instalment does not fit the plan, in the words the server answers with, so the form can
 * say it as the shopper types rather than after sending; null when it fits.
 */
export function instalmentProblem(
  amount: number,
  plan: { minInstalment: number; step: number },
): string | null {
  return instalmentAllowed(amount, plan.minInstalment, plan.step)
    ? null
    : `instalment must be at least ${formatRupees(plan.minInstalment)} in steps of ${formatRupees(plan.step)}`;
}
