import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './status';
import { allowedActions, canMoveOrder, statusForAction } from './transitions';

const labels = (status: string) => allowedActions(status).map((a) => a.label);

describe('allowedActions', () => {
  it('offers forward moves and cancel before shipping', () => {
    expect(labels('PLACED')).toEqual(['Confirmed', 'Shipped', 'Delivered', 'Cancel']);
    expect(labels('CONFIRMED')).toEqual(['Shipped', 'Delivered', 'Cancel']);
    expect(labels('SHIPPED')).toEqual(['Delivered']);
  });

  it('lets an unpaid order only be cancelled', () => {
    expect(labels('PENDING')).toEqual(['Cancel']);
  });

  it('offers nothing from final or unknown statuses', () => {
    expect(labels('DELIVERED')).toEqual([]);
    expect(labels('CANCELLED')).toEqual([]);
    expect(labels('SOMETHING')).toEqual([]);
  });

  it('names the action each choice sends', () => {
    expect(allowedActions('PLACED').map((a) => a.action)).toEqual([
      'confirmed',
      'ship',
      'deliver',
      'cancel',
    ]);
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
