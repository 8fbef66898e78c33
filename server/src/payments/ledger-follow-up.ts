import type { FastifyRequest } from 'fastify';
import * as core from '@kanak/core';
import type { AppServices } from '../services';

/** A request's committed ledger entry (if any) and the links it closed beside it. */
export interface RequestFollowUpOptions {
  services: AppServices;
  request: FastifyRequest;
  orderId: string;
  entry: core.LedgerEntry | null;
  closedLinks?: string[];
}

/**
 * What follows a committed ledger entry made in a request: core's followLedgerEntry (the
 * worker's too), told how this server settles opening prices, drops caches and publishes events.
 * Each is best effort: the entry stands whatever they answer.
 */
export async function followLedgerEntry({
  services,
  request,
  orderId,
  entry,
  closedLinks = [],
}: RequestFollowUpOptions): Promise<void> {
  const log = (message: string) => request.log.warn(message);
  await core.followLedgerEntry({
    db: services.db,
    provider: services.paymentProviders,
    entry: {
      orderId,
      event: entry?.event ?? null,
      stockOf: entry?.stockOf ?? [],
      closedLinks: [...new Set([...(entry?.closedLinks ?? []), ...closedLinks])],
    },
    stockMoved: async (productIds) => {
      await core
        .settleOpeningPrices(services.db, productIds)
        .catch((e: Error) => log(`opening prices not settled: ${e.message}`));
      await services.announceCatalogChange(core.productsChanged(productIds));
    },
    announce: (event) =>
      core
        .publishOrderEvent(services.requestRedis, services.config.QUEUE_PREFIX, event)
        .catch((e: Error) => log(`order event not published: ${e.message}`)),
    log,
  });
}
