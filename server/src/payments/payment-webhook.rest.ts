import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, notFound, type PaymentProvider, recordWebhookPayment } from '@kanak/core';
import * as z from 'zod/mini';
import { errorBody, type RouteDoc } from '../api/openapi';
import type { AppServices } from '../services';

export const paymentWebhookDoc: RouteDoc = {
  method: 'POST',
  path: '/api/payment/webhook',
  tag: 'payments',
  access: 'public',
  summary: "The payment provider's signed event (X-Razorpay-Signature over the raw body)",
  request: { contentType: 'application/json', schema: { type: 'object' } },
  responses: {
    200: {
      description: 'Recorded (queued for the worker) or ignored',
      schema: z.object({ status: z.enum(['queued', 'ignored']), jobId: z.optional(z.string()) }),
    },
    400: { description: 'Invalid signature or body', schema: errorBody },
  },
};

export const providerWebhookDoc: RouteDoc = {
  method: 'POST',
  path: '/api/payment/webhook/:provider',
  tag: 'payments',
  access: 'public',
  summary:
    "A named provider's signed event (razorpay: X-Razorpay-Signature; cashfree: X-Webhook-Signature over X-Webhook-Timestamp and the raw body); 404 for a provider not configured",
  request: { contentType: 'application/json', schema: { type: 'object' } },
  responses: {
    200: paymentWebhookDoc.responses[200]!,
    400: { description: 'Invalid signature or body', schema: errorBody },
    404: { description: 'No such provider configured', schema: errorBody },
  },
};

const header = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value : undefined;

/**
 * POST /api/payment/webhook (Razorpay's, as before: the preferred provider when Razorpay is not
 * configured) and /api/payment/webhook/{provider}: REST by nature (the provider signs the raw
 * bytes it sends). Each provider checks its own signature and reads its own event.
 */
export async function registerPaymentWebhookRest(app: FastifyInstance, services: AppServices) {
  const handle = async (provider: PaymentProvider, request: FastifyRequest) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const { signature, timestamp } = provider.webhookHeaders;
    const signed = provider.verifyWebhook(
      raw,
      header(request.headers[signature]),
      timestamp ? header(request.headers[timestamp]) : undefined,
    );
    if (!signed) {
      // Only calls without a valid signature count against the sending address (the HMAC is
      // cheap): a sales spike of genuine webhooks is never refused, a flood of forgeries is.
      await services.limits.consume('webhook', request.ip);
      throw badRequest('Invalid webhook signature');
    }
    let event;
    try {
      event = provider.parseWebhook(raw);
    } catch {
      throw badRequest('Webhook body is not valid JSON');
    }
    if (!event) return { status: 'ignored' };
    if (!/^[A-Za-z0-9_-]{1,120}$/.test(event.paymentId))
      throw badRequest('Webhook payment id is not valid');
    // Acknowledged once it is in PostgreSQL (the provider will not send it again); core tells an
    // order's payment from an instalment's by the reference. One that is no id of this shop
    // (another system on the same account) is acknowledged too: a provider disables a webhook
    // that keeps answering 4xx.
    const recorded = await recordWebhookPayment(services, {
      reference: event.orderId,
      paymentId: event.paymentId,
      provider: provider.name,
    });
    if (!recorded) return { status: 'ignored' };
    const jobId = recorded.jobKey;
    if (recorded.kind === 'scheme')
      request.log.info({ enrolmentId: event.orderId, jobId }, 'instalment webhook recorded');
    else
      request.log.info(
        { orderId: event.orderId, paymentId: event.paymentId, provider: provider.name, jobId },
        'payment webhook recorded',
      );
    return { status: 'queued', jobId };
  };
  const providers = services.paymentProviders;
  // The webhook signature covers the exact bytes sent: this scope keeps the body raw.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, body),
    );
    // Refusals go to the central error handler (http/errors.ts), which answers them as 400s.
    scope.post('/api/payment/webhook', (request) =>
      handle(providers.list.find((p) => p.name === 'razorpay') ?? services.payments, request),
    );
    scope.post<{ Params: { provider: string } }>('/api/payment/webhook/:provider', (request) => {
      const provider = providers.list.find((p) => p.name === request.params.provider);
      if (!provider) throw notFound(`Payment provider ${request.params.provider}`);
      return handle(provider, request);
    });
  });
}
