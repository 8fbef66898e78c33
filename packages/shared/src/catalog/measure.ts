// Size rows travel as display strings with units: { weight: "5 g", size: "16 MM" } (design.md).

const MEASURE = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$/;

/** Two decimals at most; null when that rounds to nothing (0.001 g is not a weight). */
function format(value: number, unit: string): string | null {
  const rounded = Number(value.toFixed(2));
  return rounded > 0 ? `${rounded} ${unit}` : null;
}

/** "5", 5, "5g", "5 g" → "5 g"; null when it is not a positive number of grams. */
export function normaliseWeight(input: unknown): string | null {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input : '';
  const match = MEASURE.exec(text);
  if (!match) return null;
  const unit = match[2]!.toLowerCase();
  if (unit !== '' && unit !== 'g' && unit !== 'gm' && unit !== 'gms' && unit !== 'grams')
    return null;
  const value = Number(match[1]);
  if (!(value > 0) || value > 10_000) return null;
  return format(value, 'g');
}

/** "16", "16mm", "16 MM" → "16 MM"; "" or absent → "" (pieces without a size). */
export function normaliseSize(input: unknown): string | null {
  if (input === undefined || input === null) return '';
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input : null;
  if (text === null) return null;
  if (text.trim() === '') return '';
  const match = MEASURE.exec(text);
  if (!match) return null;
  const unit = match[2]!.toLowerCase();
  if (unit !== '' && unit !== 'mm') return null;
  const value = Number(match[1]);
  if (!(value > 0) || value > 1000) return null;
  return format(value, 'MM');
}

export interface MeasureProblemOptions {
  input: unknown;
  label: string;
  units: readonly string[];
  max: number;
}

/**
 * Why a typed measure is refused, or null when it is fine (product input): its bounds
 * and its precision (two decimals, as stored) are named rather than silently rounded away.
 */
export function measureProblem({ input, label, units, max }: MeasureProblemOptions): string | null {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input : '';
  const match = MEASURE.exec(text);
  if (!match || !units.includes(match[2]!.toLowerCase())) return null; // the caller's own message
  const value = Number(match[1]);
  if (!(value > 0)) return `${label} must be greater than 0`;
  if (value > max) return `${label} must be at most ${max}`;
  if (Number(value.toFixed(2)) !== value) return `${label} can have at most 2 decimals`;
  return null;
}

/** The number inside a display string ("16.52 MM" → 16.52). */
export function measureValue(display: string): number | null {
  const match = MEASURE.exec(display);
  return match ? Number(match[1]) : null;
}
