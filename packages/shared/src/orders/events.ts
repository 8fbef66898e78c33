import type { PaymentReturnStatus } from './schemas';
import type { OrderStatus } from './status';

/**
 * What the worker tells every browser watching an order: a status move it applied, a payment
 * result, or an admin's move it refused (with the reason, for the admin who asked).
 */
export type OrderEvent = {
  orderId: string;
  /** The shopper whose order it is: only their streams (and admins') carry it. */
  userId: string;
  /** The order's status after the event. */
  status: OrderStatus;
  at: string;
} & (
  | { kind: 'moved'; actorUserId: string | null }
  | { kind: 'payment'; result: PaymentReturnStatus }
  | { kind: 'refused'; to: OrderStatus; message: string; actorUserId: string | null }
);

export type OrderEventKind = OrderEvent['kind'];
