import { ADMIN_ORDER_ACTIONS } from '@kanak/shared';

// TEMPORARY mirror of core's canMoveOrder (forward along PLACED → CONFIRMED → SHIPPED → DELIVERED,
// skipping allowed; cancel before SHIPPED; nothing from PENDING but cancel, nothing from final states).
const LINE = ['PENDING', 'PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED'];

export function allowedActions(status: string) {
  const at = LINE.indexOf(status);
  if (at < 0 || status === 'DELIVERED') return [];
  return ADMIN_ORDER_ACTIONS.filter((a) =>
    a.to === 'CANCELLED' ? at < LINE.indexOf('SHIPPED') : status !== 'PENDING' && LINE.indexOf(a.to) > at,
  );
}
