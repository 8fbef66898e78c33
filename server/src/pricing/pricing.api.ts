import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation, noInput, query } from '../api/declare-use-case';

/** Cached like a catalogue read (the home page shows it, so its render stays cacheable). */
const RATES_TAG = 'metal-rates';

/** Metal rates: public to read, admin-only to publish; the worker reprices. */
export const pricingApi = {
  rates: query('public', {
    input: noInput,
    output: shared.ratesTable,
    summary: "Today's metal rates: rupees per gram for each metal and purity, with when published",
    run: ({ services }) => core.currentRates(services.db),
    cache: { key: () => 'rates', tags: () => [RATES_TAG] },
    rest: [{ method: 'GET', path: '/api/metal-rates' }],
  }),
  publish: mutation('admin', {
    input: shared.publishRatesInput,
    output: shared.publishedRates,
    summary:
      'Publishes rates (any subset; a move of more than 20 % needs `confirm: true`) and starts repricing every metal-priced product in the worker',
    run: ({ services, user }, input) =>
      core.publishRates({ db: services.db, relay: services.relay }, user.id, input),
    changes: () => core.productsChanged([RATES_TAG]),
    rest: [{ method: 'PUT', path: '/api/admin/metal-rates' }],
  }),
  preview: mutation('admin', {
    input: shared.previewRatesInput,
    output: shared.ratesPreview,
    summary: 'What publishing these rates would change: how many products, by how much on average',
    run: ({ services }, input) => core.previewRates(services.db, input.rates),
    rest: [{ method: 'POST', path: '/api/admin/metal-rates/preview' }],
  }),
  history: query('admin', {
    input: shared.rateHistoryInput,
    output: shared.rateHistory,
    summary: "Each purity's published rates over the last days (30 by default), for the chart",
    run: ({ services }, input) => core.rateHistory(services.db, input?.days ?? 30),
    rest: [{ method: 'GET', path: '/api/admin/metal-rates/history' }],
  }),
  repricing: query('admin', {
    input: noInput,
    output: shared.repricingStatus,
    summary: "The latest publish's repricing: done of total products, and its state",
    run: ({ services }) => core.latestRepricing(services.db),
    rest: [{ method: 'GET', path: '/api/admin/metal-rates/repricing' }],
  }),
};
