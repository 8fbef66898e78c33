import cors from '@fastify/cors';
import type { Duplex } from 'node:stream';
import type { Server } from 'node:http';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyHttpOptions,
  type FastifyInstance,
} from 'fastify';
import { createLogger, prettyLogs } from '@kanak/core';
import { registerApiDocs } from './api/docs.rest';
import { registerUseCaseRoutes } from './api/rest-routes';
import { eachUseCase } from './api/use-case-registry';
import type { Config } from './config';
import { healthDoc, registerHealthRest } from './health/health.rest';
import { registerCompression } from './http/compression';
import { registerErrorHandler } from './http/errors';
import { registerRequestId, requestIdGenerator } from './http/request-id';
import { createServerMetrics, type ServerMetrics } from './metrics/metrics';
import { registerMetricsRest, registerRequestObservation } from './metrics/metrics.rest';
import { registerSecurityHeaders } from './http/security-headers';
import { registerMediaRest } from './media/media.rest';
import { invoiceDocs, registerInvoicesRest } from './invoices/invoices.rest';
import { registerSchemesRest, schemeDocs } from './schemes/schemes.rest';
import { registerReportsRest, reportDocs } from './reports/reports.rest';
import { catalogueDocs, registerCatalogueRest } from './catalogue-io/catalogue.rest';
import { manifestDoc, registerManifestRest } from './orders/manifest.rest';
import { packingSlipDoc, registerPackingSlipRest } from './orders/packing-slip.rest';
import { registerQueueBoard } from './admin/queue-board.rest';
import {
  paymentWebhookDoc,
  providerWebhookDoc,
  registerPaymentWebhookRest,
} from './payments/payment-webhook.rest';
import { registerSandboxPageRest } from './payments/sandbox-page.rest';
import { closeServices, createServices, type AppServices } from './services';
import { appRouter } from './trpc/router';
import { trpcResponseMeta } from './trpc/trpc';
import { registerTrpc, type TrpcOptions } from './trpc/trpc-transport';
import { registerUploadsRest, uploadsDoc } from './uploads/uploads.rest';
import { registerSeoRest } from './seo/seo.rest';
import { registerWeb } from './web/static';

function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, label, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive']
        : [400, 'Bad Request', 'The request could not be read'];
  const body = JSON.stringify({ error: 'BAD_REQUEST', message });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${label}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  socket.destroy();
}

/**
 * Behind a proxy without TRUST_PROXY every client has the proxy's address and they all share one
 * set of limits: say so once in the log instead of leaving the operator to find out from 429s.
 */
function warnOnceAboutForwardedFor(app: FastifyInstance) {
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      request.log.warn(
        'A request came with X-Forwarded-For but TRUST_PROXY is off: limits count every client by the connecting address. Behind a proxy, set TRUST_PROXY (README: Proxies and HTTPS).',
      );
    }
    done();
  });
}

export interface BuiltApp {
  app: FastifyInstance;
  services: AppServices;
  metrics: ServerMetrics;
  /** The metrics port actually bound (METRICS_PORT=0 picks one), when METRICS_PORT is set. */
  metricsPort?: number;
}

/** The whole HTTP server: tRPC at /trpc, the spec's REST paths, media and the built web. */
export async function buildApp(config: Config): Promise<BuiltApp> {
  // A hop count trusts that many proxies in front (proxy-addr's rule; Fastify's types lack numbers).
  const hops = config.TRUST_PROXY;
  const trustProxy: FastifyHttpOptions<Server>['trustProxy'] =
    typeof hops === 'number' ? (_address, hop) => hop < hops : hops;
  // JSON in production and tests, one readable line per entry in a development terminal.
  const logger: FastifyBaseLogger | undefined =
    config.LOG_LEVEL === 'silent'
      ? undefined
      : createLogger({
          level: config.LOG_LEVEL,
          pretty: prettyLogs(config.NODE_ENV),
          redact: ['req.headers.authorization'],
        });
  const app = Fastify({
    loggerInstance: logger,
    // One short line per request at debug (metrics/metrics.rest.ts), not two JSON lines at info.
    logController: new LogController({
      disableRequestLogging: true,
      requestIdLogLabel: 'requestId',
    }),
    genReqId: requestIdGenerator(config),
    routerOptions: {
      maxParamLength: 5000,
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
    },
    bodyLimit: 1024 * 1024,
    // Off unless configured: with it on, any client could name its own address (X-Forwarded-For)
    // and escape every per-address limit.
    trustProxy,
    // Fastify's default answers a bad request head and closes the socket without saying so:
    // a keep-alive client would then lose its next request on that connection.
    clientErrorHandler: answerClientError,
  });
  const services = createServices(config, app.log);
  if (config.TRUST_PROXY === false) warnOnceAboutForwardedFor(app);
  // Runs once the HTTP server has drained: Fastify's own close step (added when the app is ready)
  // runs before hooks added earlier, so in-flight requests keep their pools; serve.ts bounds it.
  app.addHook('onClose', () => closeServices(services));
  // The port actually taken (PORT=0 picks one): mail links without PUBLIC_URL name it.
  app.addHook('onListen', (done) => {
    const address = app.server.address();
    if (typeof address === 'object' && address) services.listening.port = address.port;
    done();
  });
  // Open event streams never go idle: they are ended first, so the HTTP server can drain.
  app.addHook('preClose', async () => services.orderEvents.close());

  registerRequestId(app);
  const metrics = createServerMetrics(services);
  registerRequestObservation(app, metrics);
  registerErrorHandler(app);
  registerSecurityHeaders(app, config);
  await registerCompression(app);
  await app.register(cors, {
    origin: config.CORS_ORIGINS.includes('*') ? true : config.CORS_ORIGINS,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });
  await registerTrpc(app, services, {
    router: appRouter,
    // One request may not carry unbounded work: a longer batch is refused with 400.
    maxBatchSize: config.TRPC_MAX_BATCH_SIZE,
    // Retry-After on a 503 (PostgreSQL or Redis out of reach), as REST sends it.
    responseMeta: trpcResponseMeta,
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR')
        app.log.error({ err: error, path }, 'tRPC procedure failed');
    },
  } satisfies TrpcOptions);

  // The spec's REST paths: generated from the use case declarations, then the few that are
  // REST by nature (health, uploads, the payment webhook, media, the sandbox page).
  registerUseCaseRoutes(app, services, eachUseCase());
  registerHealthRest(app, services);
  registerUploadsRest(app, services);
  await registerPaymentWebhookRest(app, services);
  registerMediaRest(app);
  registerInvoicesRest(app, services);
  registerSchemesRest(app, services);
  registerReportsRest(app, services);
  registerCatalogueRest(app, services);
  registerManifestRest(app, services);
  registerPackingSlipRest(app, services);
  registerSandboxPageRest(app, services);
  registerSeoRest(app, services);
  await registerApiDocs(app, [
    healthDoc,
    uploadsDoc,
    paymentWebhookDoc,
    providerWebhookDoc,
    ...invoiceDocs,
    ...schemeDocs,
    ...reportDocs,
    ...catalogueDocs,
    manifestDoc,
    packingSlipDoc,
  ]);
  await registerQueueBoard(app, services);
  const metricsPort = await registerMetricsRest(app, services, metrics);
  await registerWeb(app, config.WEB_DIST, services);
  return { app, services, metrics, metricsPort };
}
