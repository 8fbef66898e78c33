import { confirmPaymentReturn, createPaymentLink } from '@kanak/core';
import {
  createPaymentInput,
  paymentLinkAnswer,
  paymentReturnAnswer,
  paymentReturnInput,
  paymentReturnQuery,
} from '@kanak/shared';
import { mutation } from '../api/use-case';
import { outboxDeps } from '../services';
import { requestOrigins } from './origins';

export const paymentsApi = {
  create: mutation({
    summary: 'Opens a payment link for an unpaid order of the shopper',
    access: 'customer',
    input: createPaymentInput,
    output: paymentLinkAnswer,
    run: ({ services, user, request }, input) =>
      createPaymentLink(
        services.db,
        services.payments,
        user,
        input.orderId,
        requestOrigins(services.config, request),
      ),
    rest: [{ method: 'POST', path: '/api/payment/:orderId' }],
  }),
  /**
   * The shopper is back from the payment page. Public: a session that expired while paying still
   * gets the payment recorded (then a 401 asks to log in again to see the order).
   */
  confirmReturn: mutation({
    summary: 'The return from the payment page: records the payment and answers the order',
    access: 'public',
    input: paymentReturnInput,
    output: paymentReturnAnswer,
    run: ({ services, user, address }, input) =>
      confirmPaymentReturn(
        { ...outboxDeps(services), limits: services.limits, payments: services.payments },
        { address, user },
        input,
      ),
    rest: [
      {
        method: 'GET',
        path: '/api/payment',
        // Razorpay's return parameter names, as the /payment/{orderId} page passes them on.
        request: paymentReturnQuery,
        input: ({ query }) => ({
          orderId: query.order_id,
          paymentId: query.payment_id,
          paymentLinkId: query.razorpay_payment_link_id,
        }),
      },
    ],
  }),
};
