import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  clearListingCounts,
  closeWithin,
  listenToCatalogChanges,
  publishCatalogChange,
  createActionLimits,
  createMailLimits,
  createAuthRateLimiter,
  createOrderEventHub,
  createOrderPipeline,
  createPaymentProviders,
  createRequestRedis,
  startOutboxRelay,
  type ActionLimits,
  type MailLimits,
  type PasswordDeps,
  type CatalogChange,
  type DeliveryRules,
  type CatalogListener,
  type AuthRateLimiter,
  type ImageStore,
  type OrderEventHub,
  type OutboxDeps,
  type OutboxRelay,
  type OrderPipeline,
  type PaymentProvider,
  type PaymentProviders,
  type TokenSettings,
  mailLinkBase,
} from '@kanak/core';
import { createDb, type Database } from '@kanak/db';
import { ReadCache } from './api/read-cache';
import type { Config } from './config';
import { createImageStore } from './uploads/image-store';
import { PageCache, type SharedRender } from './web/page-cache';
import { RenderGate } from './web/render-gate';
import { heapHeadroomWarning } from './http/heap-headroom';

/** Long-lived resources the adapters share; closed by the app's onClose hook. */
export interface AppServices {
  config: Config;
  /** The port the server listens on once it does (PORT=0 picks one): mail links fall back to it. */
  listening: { port: number | null };
  db: Kysely<Database>;
  /**
   * For commands a request waits on (rate limits, health): no offline queue and a command
   * timeout (REDIS_COMMAND_TIMEOUT_MS), so a request never waits on an unreachable Redis.
   */
  requestRedis: Redis;
  tokens: TokenSettings;
  authRateLimit: AuthRateLimiter;
  /** Budgets of the routes that create work: orders, reviews, uploads, payment returns, webhooks. */
  limits: ActionLimits;
  /** Budgets of the routes that mail an address someone typed (resets, back-in-stock). */
  mailLimits: MailLimits;
  /** Producer side of the order pipeline's queues (payments, transitions, reconciliation). */
  pipeline: OrderPipeline;
  /** Moves outbox rows (payment returns, webhooks, admin moves) to the queues. */
  relay: OutboxRelay;
  /** The queues' own connection: fails fast instead of queueing commands while Redis is away. */
  queueRedis: Redis;
  /** The preferred provider (savings-scheme instalments and the sandbox page use it). */
  payments: PaymentProvider;
  /** Every configured provider in order of preference, each behind its breaker (order links). */
  paymentProviders: PaymentProviders;
  /** The delivery promise's zones and holidays, on the real clock. */
  delivery: DeliveryRules;
  /** Order events from the worker, read once per process and handed to each watching browser. */
  orderEvents: OrderEventHub;
  /** Uploaded images: S3 when S3_BUCKET is set, else the directory UPLOAD_DIR. */
  images: ImageStore;
  /** Listings, products, search and reviews as last read, until a change is heard. */
  catalogCache: ReadCache;
  /** Server-rendered storefront pages for visitors, dropped with the answers they show. */
  pageCache: PageCache;
  /** Server renders in flight: shared per URL, capped (SSR_MAX_RENDERS), counted. */
  renders: RenderGate<SharedRender | null>;
  /** Hears every process's catalogue changes (Redis pub/sub) for the cache. */
  catalogListener: CatalogListener;
  /**
   * After a committed catalogue write: drops what it changed here at once and tells every other
   * server. A publish that fails is logged, not thrown (the write stands); the others' entries
   * then live at most CATALOG_CACHE_TTL_MS.
   */
  announceCatalogChange(change: CatalogChange): Promise<void>;
}

/** `log` is the app's logger (pino), so relay state changes land in the server's log. */
export function createServices(
  config: Config,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): AppServices {
  // Fails fast like requestRedis, with room for a job write under load.
  const queueRedis = createRequestRedis(config.REDIS_URL, {
    commandTimeoutMs: 2000,
    label: 'Redis (queues)',
    log: (level, message) => log[level](message),
  });
  const pipeline = createOrderPipeline(queueRedis, config.QUEUE_PREFIX);
  const requestRedis = createRequestRedis(config.REDIS_URL, {
    commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS,
    label: 'Redis (login limits, health)',
    log: (level, message) => log[level](message),
  });
  const db = createDb(config.DATABASE_URL, {
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.DB_IDLE_TX_TIMEOUT_MS,
    preparedStatements: config.DB_PREPARED_STATEMENTS,
    log: (message) => log.warn(message),
  });
  const paymentProviders = createPaymentProviders(config, db);
  const forget = (change: CatalogChange) => {
    catalogCache.invalidate(change);
    pageCache.invalidate(change);
    if (change.scope === 'all') clearListingCounts(db);
  };
  const catalogListener = listenToCatalogChanges({
    url: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    onChange: forget,
    log: (level, message) => log[level](message),
  });
  const catalogCache = new ReadCache({
    maxBytes: config.CATALOG_CACHE_MB * 1024 * 1024,
    ttlMs: config.CATALOG_CACHE_TTL_MS,
    listening: catalogListener.listening,
  });
  const pageCache = new PageCache({
    maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
    ttlMs: config.CATALOG_CACHE_TTL_MS,
    listening: catalogListener.listening,
  });
  const headroom = heapHeadroomWarning(config.CATALOG_CACHE_MB + config.PAGE_CACHE_MB);
  if (headroom) log.warn(headroom);
  return {
    config,
    listening: { port: null },
    db,
    catalogCache,
    pageCache,
    renders: new RenderGate(config.SSR_MAX_RENDERS),
    catalogListener,
    async announceCatalogChange(change) {
      forget(change);
      await publishCatalogChange(requestRedis, config.QUEUE_PREFIX, change).catch((error: Error) =>
        log.warn(
          `catalogue change not published (${error.message}): other servers' caches expire within ${config.CATALOG_CACHE_TTL_MS} ms`,
        ),
      );
    },
    requestRedis,
    tokens: { secret: config.JWT_SECRET, expiresIn: config.JWT_EXPIRES_IN },
    authRateLimit: createAuthRateLimiter(requestRedis, config.QUEUE_PREFIX, {
      perAddressPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
      failedPerEmail: config.AUTH_FAILED_LOGINS_PER_EMAIL,
      failedPerEmailPerHour: config.AUTH_FAILED_LOGINS_PER_EMAIL_PER_HOUR,
      signupsPerHour: config.RATE_LIMIT_SIGNUPS_PER_HOUR,
    }),
    limits: createActionLimits(requestRedis, config.QUEUE_PREFIX, {
      ordersPerHour: config.RATE_LIMIT_ORDERS_PER_HOUR,
      reviewsPerHour: config.RATE_LIMIT_REVIEWS_PER_HOUR,
      uploadsPerHour: config.RATE_LIMIT_UPLOADS_PER_HOUR,
      paymentReturnsPerMinute: config.RATE_LIMIT_PAYMENT_RETURNS_PER_MINUTE,
      webhooksPerMinute: config.RATE_LIMIT_WEBHOOKS_PER_MINUTE,
    }),
    mailLimits: createMailLimits(requestRedis, config.QUEUE_PREFIX, {
      resetsPerAddressPerHour: config.RATE_LIMIT_PASSWORD_RESETS_PER_HOUR,
      resetsPerEmailPerHour: config.RATE_LIMIT_RESET_MAILS_PER_EMAIL_PER_HOUR,
      stockAlertsPerAddressPerHour: config.RATE_LIMIT_STOCK_ALERTS_PER_HOUR,
      stockAlertsPerEmailPerDay: config.RATE_LIMIT_STOCK_ALERTS_PER_EMAIL_PER_DAY,
    }),
    pipeline,
    relay: startOutboxRelay({
      db,
      queues: pipeline.byName,
      connected: () => queueRedis.status === 'ready',
      log: (level, message) => log[level](message),
      pollMs: config.OUTBOX_POLL_MS,
      resendAfterMs: config.OUTBOX_RESEND_AFTER_MS,
    }),
    queueRedis,
    payments: paymentProviders.list[0]!,
    paymentProviders,
    delivery: {
      zones: config.DELIVERY_ZONES,
      holidays: config.DELIVERY_HOLIDAYS,
      now: () => new Date(),
    },
    images: createImageStore(config),
    orderEvents: createOrderEventHub(config.REDIS_URL, config.QUEUE_PREFIX, (message) =>
      log.warn(message),
    ),
  };
}

/** What the use cases that go through the outbox need (payment returns, webhooks, admin moves). */
export const outboxDeps = (services: AppServices): OutboxDeps => ({
  db: services.db,
  relay: services.relay,
  waitMs: services.config.ORDER_WAIT_MS,
});

/**
 * Queues first, then pools; each step bounded (`stepMs`), because a queue or pool whose server
 * is down may never finish closing. Runs after the HTTP server has drained (see serve.ts).
 */
export async function closeServices(services: AppServices, stepMs = 1000) {
  const warn = (message: string) => console.warn(message);
  await closeWithin({
    label: 'outbox relay',
    ms: stepMs,
    close: () => services.relay.stop(),
    log: warn,
  });
  await closeWithin({
    label: 'queues',
    ms: stepMs,
    close: () => services.pipeline.close(),
    log: warn,
  });
  services.catalogListener.close();
  services.orderEvents.close();
  services.queueRedis.disconnect();
  services.requestRedis.disconnect();
  services.images.close();
  await closeWithin({
    label: 'database pool',
    ms: stepMs,
    close: () => services.db.destroy(),
    log: warn,
  });
}

export const authDeps = (services: AppServices) => ({
  db: services.db,
  tokens: services.tokens,
  rateLimit: services.authRateLimit,
});

/** What the password use cases need (forgot, reset, change). */
export const passwordDeps = (services: AppServices): PasswordDeps => ({
  db: services.db,
  tokens: services.tokens,
  mailLimits: services.mailLimits,
  linkBaseUrl: mailLinkBase({
    ...services.config,
    PORT: services.listening.port ?? services.config.PORT,
  }),
});
