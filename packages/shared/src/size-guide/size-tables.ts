/**
 * Indian ring and bangle sizes.
 *
 * Rings: inner circumference in mm for Indian sizes 1–30, the chart Indian jewellers publish
 * (CaratLane's and BlueStone's ring size guides; the anchors 1 = 41.0, 10 = 50.0, 12 = 51.9,
 * 14 = 54.4, 16 = 56.3, 20 = 60.2, 30 = 69.7 are theirs; shops' charts differ by up to ~1.5 mm).
 * Diameter = circumference / π.
 * Bangles: size "2.N" is an inner diameter of 2 + N/16 inches (2.4 = 2¼" = 57.2 mm).
 */
const RING_CIRCUMFERENCES = [
  41.0, 42.0, 43.0, 43.9, 44.9, 45.9, 46.8, 47.8, 48.7, 50.0, 50.9, 51.9, 53.1, 54.4, 55.3, 56.3,
  57.2, 58.5, 59.5, 60.2, 61.0, 62.5, 63.1, 64.0, 65.3, 66.6, 67.5, 68.5, 69.1, 69.7,
];

export interface RingSize {
  size: number;
  circumferenceMm: number;
  diameterMm: number;
}
export interface BangleSize {
  /** "2.4" */
  size: string;
  inches: number;
  diameterMm: number;
  circumferenceMm: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export const RING_SIZES: readonly RingSize[] = RING_CIRCUMFERENCES.map((c, i) => ({
  size: i + 1,
  circumferenceMm: c,
  diameterMm: round1(c / Math.PI),
}));

export const BANGLE_SIZES: readonly BangleSize[] = Array.from({ length: 11 }, (_, i) => {
  const n = i + 2;
  const inches = 2 + n / 16;
  const diameter = inches * 25.4;
  return {
    size: `2.${n}`,
    inches,
    diameterMm: round1(diameter),
    circumferenceMm: round1(diameter * Math.PI),
  };
});

export type SizeGuideKind = 'ring' | 'bangle';

/** Which guide a product's category calls for (ring, engagement-ring…, bangle); null for none. */
export function sizeGuideKind(categoryName: string): SizeGuideKind | null {
  const name = categoryName.toLowerCase();
  if (name.includes('bangle')) return 'bangle';
  if (name === 'ring' || name.endsWith('-ring')) return 'ring';
  return null;
}

export type Measurement = 'circumference' | 'diameter';

/** Largest gap, in mm of circumference, within which a measurement still names a size. */
const RING_TOLERANCE = 1.5;
const BANGLE_TOLERANCE = 5;

export interface NearestOptions<T> {
  rows: readonly T[];
  value: number;
  of: (row: T) => number;
  tolerance: number;
}

function nearest<T>({ rows, value, of, tolerance }: NearestOptions<T>) {
  let best: T | null = null;
  let gap = Infinity;
  for (const row of rows) {
    const d = Math.abs(of(row) - value);
    if (d < gap) {
      best = row;
      gap = d;
    }
  }
  return gap <= tolerance ? best : null;
}

/** The ring size of a finger's circumference, or of a fitting ring's inner diameter, in mm. */
export function findRingSize(mm: number, measured: Measurement): RingSize | null {
  if (!(mm > 0)) return null;
  const circumference = measured === 'circumference' ? mm : mm * Math.PI;
  return nearest({
    rows: RING_SIZES,
    value: circumference,
    of: (r) => r.circumferenceMm,
    tolerance: RING_TOLERANCE,
  });
}

/** The bangle size of a bangle's inner diameter, or of the hand's widest circumference, in mm. */
export function findBangleSize(mm: number, measured: Measurement): BangleSize | null {
  if (!(mm > 0)) return null;
  const diameter = measured === 'diameter' ? mm : mm / Math.PI;
  return nearest({
    rows: BANGLE_SIZES,
    value: diameter,
    of: (b) => b.diameterMm,
    tolerance: BANGLE_TOLERANCE / Math.PI,
  });
}

/**
 * The Indian size beside a size row's MM value (its inner diameter, as the spec's "16.52 MM"):
 * "Size 12" for a ring, "2.6" for a bangle; null when no standard size is that close.
 */
export function indianSizeLabel(kind: SizeGuideKind, diameterMm: number): string | null {
  if (kind === 'ring') {
    const ring = findRingSize(diameterMm, 'diameter');
    return ring ? `Size ${ring.size}` : null;
  }
  const bangle = findBangleSize(diameterMm, 'diameter');
  return bangle ? bangle.size : null;
}

/** The standard size rows an admin may pick: the MM value as stored, with its Indian size. */
export function standardSizeOptions(kind: SizeGuideKind): { value: string; label: string }[] {
  return kind === 'ring'
    ? RING_SIZES.map((r) => ({ value: `${r.diameterMm} MM`, label: `Ring size ${r.size}` }))
    : BANGLE_SIZES.map((b) => ({ value: `${b.diameterMm} MM`, label: `Bangle ${b.size}` }));
}
