import { describe, expect, it } from 'vitest';
import { awaitsPayment, offersReview, TRACKER_STEPS, trackerStep } from './tracker';

const ticked = (status: string) => TRACKER_STEPS.slice(0, trackerStep(status));

describe('trackerStep', () => {
  it('marks every step done once delivered', () => {
    expect(trackerStep('DELIVERED')).toBe(TRACKER_STEPS.length);
  });

  it('ticks Shipped for a shipped order', () => {
    expect(ticked('SHIPPED')).toEqual(['Placed', 'Order Confirmed', 'Shipped']);
  });

  it('ticks Order Confirmed for a confirmed order and only Placed for any other paid status', () => {
    expect(ticked('CONFIRMED')).toEqual(['Placed', 'Order Confirmed']);
    for (const status of ['PLACED', 'CANCELLED']) expect(ticked(status)).toEqual(['Placed']);
  });

  it('ticks nothing before payment', () => {
    expect(trackerStep('PENDING')).toBe(0);
  });
});

describe('what an order offers', () => {
  it('offers payment only while unpaid', () => {
    expect(awaitsPayment('PENDING')).toBe(true);
    for (const s of ['PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED', 'CANCELLED'])
      expect(awaitsPayment(s)).toBe(false);
  });

  it('never offers a review of an unpaid or cancelled order', () => {
    expect(offersReview('PENDING')).toBe(false);
    expect(offersReview('CANCELLED')).toBe(false);
    expect(offersReview('PLACED')).toBe(true);
    expect(offersReview('DELIVERED')).toBe(true);
  });
});
