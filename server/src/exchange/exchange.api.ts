import * as z from 'zod/mini';
import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation, noInput, query } from '../api/declare-use-case';

const exchangeSettings = (config: core.ExchangeSettings): core.ExchangeSettings => ({
  EXCHANGE_PERCENT: config.EXCHANGE_PERCENT,
  BUYBACK_PERCENT: config.BUYBACK_PERCENT,
});

/** Old-gold exchange: the public calculator, the shopper's ask, the owner's list. */
export const exchangeApi = {
  estimate: query('public', {
    input: shared.exchangeEstimateInput,
    output: shared.exchangeEstimate,
    summary:
      "What old gold (silver, platinum) is worth today, in rupees: metal value at today's rate for the purity × net weight, exchange at EXCHANGE_PERCENT and cash buyback at BUYBACK_PERCENT of it; making is never refunded. Without `netWeight`, `grossWeight` less the usual 7 % wastage (said in `note`). 400 on bad input, 409 when no rate is published for the purity",
    run: async ({ services }, input) => {
      const { paise: _paise, ...estimate } = await core.oldGoldEstimate(
        services.db,
        exchangeSettings(services.config),
        input,
      );
      return estimate;
    },
    rest: [{ method: 'GET', path: '/api/exchange/estimate' }],
  }),
  request: mutation('customer', {
    input: shared.exchangeRequestInput,
    output: shared.exchangeRequestView,
    summary:
      'Asks for a pickup or a store visit to exchange or sell old gold: contact, pieces (up to 20), and the estimate at today’s rate. A pickup needs `pin`, `address` and `slot` ({ date: India date from tomorrow to 14 days ahead, window: 10-13 | 13-16 | 16-19 }); a store visit may give a `slot`. The shopper is mailed the request; the owner sees it in admin',
    run: ({ services, user }, input) =>
      core.createExchangeRequest(services.db, {
        settings: exchangeSettings(services.config),
        userId: user.id,
        input,
      }),
    rest: [{ method: 'POST', path: '/api/exchange/requests', status: 201 }],
  }),
  mine: query('customer', {
    input: noInput,
    output: z.array(shared.exchangeRequestView),
    summary: "The shopper's old-gold exchange requests, newest first",
    run: ({ services, user }) => core.exchangeRequests(services.db, { userId: user.id }),
    rest: [{ method: 'GET', path: '/api/exchange/requests' }],
  }),
  credit: query('customer', {
    input: noInput,
    output: shared.creditBalanceView,
    summary:
      "The shopper's store credit (old-gold exchanges and exchanged returns), in rupees, with its entries",
    run: ({ services, user }) => core.storeCreditOf(services.db, user.id),
    rest: [{ method: 'GET', path: '/api/exchange/credit' }],
  }),
  adminList: query('admin', {
    input: noInput,
    output: z.array(shared.exchangeRequestView),
    summary: 'Every old-gold exchange request, newest first (contact, pieces, estimate, status)',
    run: ({ services }) => core.exchangeRequests(services.db),
    rest: [{ method: 'GET', path: '/api/admin/exchange/requests' }],
  }),
  settle: mutation('admin', {
    input: shared.exchangeSettleInput,
    output: shared.exchangeRequestView,
    summary:
      "Settles a request after testing: `credit` puts `finalValue` (rupees) on the customer's store credit, `paid_out` records it paid, `cancel` closes it; once (409 after). Credit and paid out need `tested` (each piece's karat-meter fineness, gross and net weight; a deduction in rupees with its reason), kept with the request; the shopper is mailed the valuation",
    run: ({ services, user }, input) => core.settleExchangeRequest(services.db, user.id, input),
    rest: [{ method: 'PUT', path: '/api/admin/exchange/requests/:requestId' }],
  }),
};
