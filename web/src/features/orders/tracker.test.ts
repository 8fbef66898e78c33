import { describe, expect, it } from 'vitest';
import { TRACKER_STEPS, trackerStep } from './tracker';

describe('trackerStep', () => {
  it('marks every step done once delivered', () => {
    expect(trackerStep('DELIVERED')).toBe(TRACKER_STEPS.length);
  });

  it('is at step 2 when shipped and step 1 for any other status', () => {
    expect(trackerStep('SHIPPED')).toBe(2);
    expect(trackerStep('CONFIRMED')).toBe(1);
    expect(trackerStep('PLACED')).toBe(1);
    expect(trackerStep('CANCELLED')).toBe(1);
  });
});
