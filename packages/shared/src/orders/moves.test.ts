import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './status';
import { allowedActions, canMoveOrder, statusForAction } from './moves';

const actions = (status: string) => allowedActions(status).map((a) => a.action);

describe('allowedActions', () => {
  it('offers forward moves and cancel before shipping', () => {
    expect(actions('PLACED')).toEqual(['confirmed', 'ship', 'deliver', 'cancel']);
    expect(actions('CONFIRMED')).toEqual(['ship', 'deliver', 'cancel']);
    expect(actions('SHIPPED')).toEqual(['deliver']);
  });

  it('lets an unpaid order only be cancelled', () => {
    expect(actions('PENDING')).toEqual(['cancel']);
  });

  it('offers nothing from final or unknown statuses', () => {
    expect(actions('DELIVERED')).toEqual([]);
    expect(actions('CANCELLED')).toEqual([]);
    expect(actions('SOMETHING')).toEqual([]);
  });
});

describe('canMoveOrder', () => {
  it('lets only the carrier cancel a shipped parcel (a cash-on-delivery parcel refused at the door)', () => {
    expect(canMoveOrder('SHIPPED', 'CANCELLED', 'carrier')).toBe(true);
    expect(canMoveOrder('SHIPPED', 'CANCELLED', 'admin')).toBe(false);
    expect(canMoveOrder('SHIPPED', 'CANCELLED', 'system')).toBe(false);
    expect(canMoveOrder('DELIVERED', 'CANCELLED', 'carrier')).toBe(false);
  });
});

describe('statusForAction', () => {
  it('maps each admin action to the status it asks for', () => {
    expect(statusForAction('confirmed')).toBe('CONFIRMED');
    expect(statusForAction('ship')).toBe('SHIPPED');
    expect(statusForAction('deliver')).toBe('DELIVERED');
    expect(statusForAction('cancel')).toBe('CANCELLED');
  });

  it('every offered choice leads to a move the state machine allows', () => {
    for (const from of ORDER_STATUSES)
      for (const choice of allowedActions(from))
        expect(canMoveOrder(from, statusForAction(choice.action), 'admin')).toBe(true);
  });
});
