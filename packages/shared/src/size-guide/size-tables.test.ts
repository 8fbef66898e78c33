import { describe, expect, it } from 'vitest';
import {
  BANGLE_SIZES,
  RING_SIZES,
  findBangleSize,
  findRingSize,
  indianSizeLabel,
  sizeGuideKind,
  standardSizeOptions,
} from './size-tables';

describe('size guide tables', () => {
  it('lists ring sizes 1–30 rising about a millimetre a size', () => {
    expect(RING_SIZES.map((r) => r.size)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(RING_SIZES[0]).toMatchObject({ circumferenceMm: 41, diameterMm: 13.1 });
    for (let i = 1; i < RING_SIZES.length; i++) {
      const step = RING_SIZES[i]!.circumferenceMm - RING_SIZES[i - 1]!.circumferenceMm;
      expect(step).toBeGreaterThan(0.3);
      expect(step).toBeLessThan(1.6);
    }
  });

  it('lists bangles 2.2–2.12 as 2 + N/16 inches', () => {
    expect(BANGLE_SIZES.map((b) => b.size)).toEqual([
      '2.2',
      '2.3',
      '2.4',
      '2.5',
      '2.6',
      '2.7',
      '2.8',
      '2.9',
      '2.10',
      '2.11',
      '2.12',
    ]);
    const mm = Object.fromEntries(BANGLE_SIZES.map((b) => [b.size, b.diameterMm]));
    expect(mm).toMatchObject({
      '2.2': 54,
      '2.4': 57.2,
      '2.6': 60.3,
      '2.8': 63.5,
      '2.10': 66.7,
      '2.12': 69.9,
    });
  });

  it('finds ring size 14 for 54.4 mm round the finger, and from a ring’s diameter', () => {
    expect(findRingSize(54.4, 'circumference')?.size).toBe(14);
    expect(findRingSize(17.3, 'diameter')?.size).toBe(14);
    expect(findRingSize(41, 'circumference')?.size).toBe(1);
    expect(findRingSize(30, 'circumference')).toBeNull();
    expect(findRingSize(Number.NaN, 'circumference')).toBeNull();
  });

  it('finds bangle 2.4 for a 57.2 mm inner diameter', () => {
    expect(findBangleSize(57.2, 'diameter')?.size).toBe('2.4');
    expect(findBangleSize(63.5 * Math.PI, 'circumference')?.size).toBe('2.8');
    expect(findBangleSize(20, 'diameter')).toBeNull();
  });

  it('labels size rows and offers the standard sizes by category', () => {
    expect(sizeGuideKind('ring')).toBe('ring');
    expect(sizeGuideKind('eangagement-ring')).toBe('ring');
    expect(sizeGuideKind('bangle')).toBe('bangle');
    expect(sizeGuideKind('earring')).toBeNull();
    expect(indianSizeLabel('ring', 16.5)).toBe('Size 12');
    expect(indianSizeLabel('bangle', 60.3)).toBe('2.6');
    expect(standardSizeOptions('ring')).toHaveLength(30);
    expect(standardSizeOptions('bangle')[2]).toEqual({ value: '57.2 MM', label: 'Bangle 2.4' });
  });
});
