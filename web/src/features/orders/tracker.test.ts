import { describe, expect, it } from 'vitest';
import { awaitsPayment, offersReview, TRACKER_STEPS, trackerStep } from './tracker';

describe('trackerStep', () => {
  it('marks every step done once delivered', () => {
    expect(trackerStep('DELIVERED')).toBe(TRACKER_STEPS.length);
  });

  it('is at step 2 when shipped and step 1 for any other paid status', () => {
    expect(trackerStep('SHIPPED')).toBe(2);
    expect(trackerStep('CONFIRMED')).toBe(1);
    expect(trackerStep('PLACED')).toBe(1);
    expect(trackerStep('CANCELLED')).toBe(1);
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
