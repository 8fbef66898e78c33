import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@kanak/shared';
import { DomainError } from '../common';
import { assertOrderMove, canMoveOrder } from './state-machine';

describe('order state machine', () => {
  it('allows exactly the documented admin moves', () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => canMoveOrder(from, to, 'admin')).map((to) => `${from}>${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'PENDING>CANCELLED',
        'PLACED>CONFIRMED',
        'PLACED>SHIPPED',
        'PLACED>DELIVERED',
        'PLACED>CANCELLED',
        'CONFIRMED>SHIPPED',
        'CONFIRMED>DELIVERED',
        'CONFIRMED>CANCELLED',
        'SHIPPED>DELIVERED',
      ].sort(),
    );
  });

  it('lets only a payment place a pending order', () => {
    expect(canMoveOrder('PENDING', 'PLACED', 'payment')).toBe(true);
    expect(canMoveOrder('PENDING', 'PLACED', 'admin')).toBe(false);
    expect(canMoveOrder('CANCELLED', 'PLACED', 'payment')).toBe(false);
  });

  it('refuses with a conflict naming both statuses', () => {
    expect(() => assertOrderMove('DELIVERED', 'SHIPPED', 'admin')).toThrow(
      'Cannot move order from DELIVERED to SHIPPED',
    );
    try {
      assertOrderMove('SHIPPED', 'CANCELLED', 'admin');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe('CONFLICT');
    }
  });
});
