/** Which way the dashboard's 30-day revenue change went. */
export type GrowthDirection = 'up' | 'down' | 'flat';

export interface GrowthNote {
  direction: GrowthDirection;
  /** e.g. "Total 48.5% growth", "Total 12.5% decline", "No change". */
  text: string;
}

/**
 * The dashboard's change note from a signed percentage: only a rise reads "growth" (the spec's
 * wording); a fall names its size without the minus sign, as "decline", so the two never mix.
 */
export function growthNote(percent: number): GrowthNote {
  // Round to the one decimal shown first, so -0.04 (shown as 0) is no change, not a decline.
  const shown = Math.round(Math.abs(percent) * 10) / 10;
  if (!Number.isFinite(shown) || shown === 0) return { direction: 'flat', text: 'No change' };
  return percent > 0
    ? { direction: 'up', text: `Total ${shown}% growth` }
    : { direction: 'down', text: `Total ${shown}% decline` };
}
