import { describe, expect, it } from 'vitest';
import { TRACKER_STEPS, trackerStep } from './tracker';

const ticked = (status: string) => TRACKER_STEPS.slice(0, trackerStep(status));

describe('trackerStep', () => {
  it('marks every step done once delivered', () => {
    expect(trackerStep('DELIVERED')).toBe(TRACKER_STEPS.length);
  });

  it('ticks Shipped for a shipped order', () => {
    expect(ticked('SHIPPED')).toEqual(['Placed', 'Order Confirmed', 'Shipped']);
  });

  it('ticks Order Confirmed for a confirmed order and only Placed for any other status', () => {
    expect(ticked('CONFIRMED')).toEqual(['Placed', 'Order Confirmed']);
    for (const status of ['PLACED', 'PENDING', 'CANCELLED'])
      expect(ticked(status)).toEqual(['Placed']);
  });
});
