import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation, query } from '../api/declare-use-case';
import { outboxDeps } from '../services';
import { requestOrigins } from './origins';

export const paymentsApi = {
  create: mutation('customer', shared.createPaymentInput, shared.paymentLinkAnswer, {
    summary:
      'Opens a payment link for an unpaid order of the shopper; an optional body spends a matured savings scheme (`schemeEnrolmentId`) or store credit (`useStoreCredit`) first, and the link asks only for the rest (none when the balance paid it all: the order is then placed)',
    run: async ({ services, user, request }, input) => {
      const paid = await core.payOrder(
        services.db,
        services.paymentProviders,
        user,
        input,
        requestOrigins(services.config, request),
        services.config.PAYMENT_LINK_TTL_MINUTES,
      );
      // What follows a committed ledger entry (as the worker does): caches told of the stock,
      // links no longer wanted cancelled at the provider (best effort).
      const log = (message: string) => request.log.warn(message);
      if (paid.entry?.stockOf.length) {
        await core
          .settleOpeningPrices(services.db, paid.entry.stockOf)
          .catch((e: Error) => log(`opening prices not settled: ${e.message}`));
        await services.announceCatalogChange(core.productsChanged(paid.entry.stockOf));
      }
      // The admin's and shopper's open pages hear of the placement, as from the worker.
      if (paid.entry?.event)
        await core
          .publishOrderEvent(services.requestRedis, services.config.QUEUE_PREFIX, paid.entry.event)
          .catch((e: Error) => log(`order event not published: ${e.message}`));
      if (paid.closedLinks.length)
        await core.cancelClosedLinks(
          services.db,
          services.paymentProviders,
          { orderId: input.orderId, closedLinks: paid.closedLinks },
          log,
        );
      return paid.answer;
    },
    rest: [{ method: 'POST', path: '/api/payment/:orderId' }],
  }),
  /**
   * The shopper is back from the payment page. Public: a session that expired while paying still
   * gets the payment recorded (then a 401 asks to log in again to see the order).
   */
  confirmReturn: mutation('public', shared.paymentReturnInput, shared.paymentReturnAnswer, {
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
  checkoutOptions: query('customer', shared.orderIdInput, shared.checkoutOptionsView, {
    summary:
      'How the shopper’s order can be paid now: the online providers in the order a link would be tried, and cash on delivery (not offered yet: available false with the reason, and its cap in rupees)',
    run: ({ services, user }, input) =>
      core.checkoutOptions(
        services.db,
        services.paymentProviders,
        user,
        input.orderId,
        services.config.COD_MAX_RUPEES,
      ),
    rest: [{ method: 'GET', path: '/api/checkout/options' }],
  }),
};
