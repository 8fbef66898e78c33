import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation, query } from '../api/declare-use-case';
import { outboxDeps } from '../services';
import { requestOrigins } from './origins';
import { codSettings } from './cod-settings';
import { followLedgerEntry } from './ledger-follow-up';

export const paymentsApi = {
  create: mutation('customer', {
    input: shared.createPaymentInput,
    output: shared.paymentLinkAnswer,
    summary:
      'Opens a payment link for an unpaid order of the shopper; an optional body spends a matured savings scheme (`schemeEnrolmentId`) or store credit (`useStoreCredit`) first, and the link asks only for the rest (none when the balance paid it all: the order is then placed). `method: "cod"` chooses cash on delivery instead (when GET /api/checkout/options offers it, else 409 with the reason): the order stays PENDING, a one-time code is mailed, and the answer is `{ orderStatus: "PENDING", cod: { confirmBy } }`',
    run: async ({ services, user, request }, input) => {
      if (input.method === 'cod') {
        if (input.schemeEnrolmentId || input.useStoreCredit)
          throw core.badRequest(
            'Cash on delivery cannot be combined with a savings scheme or store credit',
          );
        const chosen = await core.chooseCashOnDelivery({
          db: services.db,
          settings: {
            ...codSettings(services.config),
            quoteHoldMs: services.config.PAYMENT_LINK_TTL_MINUTES * 60_000,
          },
          user,
          orderId: input.orderId,
        });
        await followLedgerEntry({
          services,
          request,
          orderId: input.orderId,
          entry: null,
          closedLinks: chosen.closedLinks,
        });
        return chosen.answer;
      }
      const paid = await core.payOrder({
        db: services.db,
        provider: services.paymentProviders,
        user,
        input,
        origins: requestOrigins(services.config, request),
        ttlMinutes: services.config.PAYMENT_LINK_TTL_MINUTES,
      });
      await followLedgerEntry({
        services,
        request,
        orderId: input.orderId,
        entry: paid.entry,
        closedLinks: paid.closedLinks,
      });
      return paid.answer;
    },
    rest: [{ method: 'POST', path: '/api/payment/:orderId' }],
  }),
  /**
   * The shopper is back from the payment page. Public: a session that expired while paying still
   * gets the payment recorded (then a 401 asks to log in again to see the order).
   */
  confirmReturn: mutation('public', {
    input: shared.paymentReturnInput,
    output: shared.paymentReturnAnswer,
    summary: 'The return from the payment page: records the payment and answers the order',
    run: async ({ services, user, address, request }, input) => {
      const answer = await core.confirmPaymentReturn(
        { ...outboxDeps(services), limits: services.limits, payments: services.paymentProviders },
        { address, user },
        input,
      );
      // The first line of a payment's story; the worker's lines carry the same request id.
      request.log.info(
        { orderId: input.orderId, paymentId: input.paymentId },
        'payment return recorded',
      );
      return answer;
    },
    rest: [
      {
        method: 'GET',
        path: '/api/payment',
        // Razorpay's return parameter names, as the /payment/{orderId} page passes them on.
        request: shared.paymentReturnQuery,
        input: ({ query }) => ({
          orderId: query.order_id,
          paymentId: query.payment_id,
          paymentLinkId: query.razorpay_payment_link_id,
        }),
      },
    ],
  }),
  checkoutOptions: query('customer', {
    input: shared.orderIdInput,
    output: shared.checkoutOptionsView,
    summary:
      'How the shopper’s order can be paid now: the online providers in the order a link would be tried, and cash on delivery (`available`, with the `reason` when not: above the cap `maxRupees`, a PIN where the carrier collects no cash, a COD parcel refused within COD_BLOCK_DAYS, or a balance paying part of it)',
    run: ({ services, user }, input) =>
      core.checkoutOptions({
        db: services.db,
        providers: services.paymentProviders,
        user,
        orderId: input.orderId,
        cod: codSettings(services.config),
      }),
    rest: [{ method: 'GET', path: '/api/checkout/options' }],
  }),
};
