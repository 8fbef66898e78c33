/**
 * The time as a rule sees it. Time-based rules (quote holds, unpaid-order cancellation) take one,
 * so tests move the clock instead of sleeping or back-dating rows.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
