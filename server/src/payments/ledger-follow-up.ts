import type { FastifyRequest } from 'fastify';
import * as core from '@kanak/core';
import type { AppServices } from '../services';

/**
 * What follows a committed ledger entry made in a request (as the worker does after its own):
 * caches told of the stock, the open pages told of the move, links no longer wanted cancelled at
 * their provider. Each is best effort: the entry stands whatever they answer.
 */
export async function followLedgerEntry(
  services: AppServices,
  request: FastifyRequest,
  orderId: string,
  entry: core.LedgerEntry | null,
  closedLinks: string[] = [],
): Promise<void> {
  const log = (message: string) => request.log.warn(message);
  if (entry?.stockOf.length) {
    await core
      .settleOpeningPrices(services.db, entry.stockOf)
      .catch((e: Error) => log(`opening prices not settled: ${e.message}`));
    await services.announceCatalogChange(core.productsChanged(entry.stockOf));
  }
  if (entry?.event)
    await core
      .publishOrderEvent(services.requestRedis, services.config.QUEUE_PREFIX, entry.event)
      .catch((e: Error) => log(`order event not published: ${e.message}`));
  if (closedLinks.length)
    await core.cancelClosedLinks({
      db: services.db,
      provider: services.paymentProviders,
      entry: { orderId, closedLinks },
      log,
    });
}
