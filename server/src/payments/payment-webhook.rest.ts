import type { FastifyInstance } from 'fastify';
import {
  badRequest,
  isId,
  isSchemeReference,
  recordInstalmentWebhook,
  recordPaymentWebhook,
} from '@kanak/core';
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

/** POST /api/payment/webhook: REST by nature (the provider signs the raw bytes it sends). */
export async function registerPaymentWebhookRest(app: FastifyInstance, services: AppServices) {
  // The webhook signature covers the exact bytes sent: this scope keeps the body raw.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, body),
    );
    // Refusals go to the central error handler (http/errors.ts), which answers them as 400s.
    scope.post('/api/payment/webhook', async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-razorpay-signature'];
      if (
        !services.payments.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined)
      ) {
        // Only calls without a valid signature count against the sending address (the HMAC is
        // cheap): a sales spike of genuine webhooks is never refused, a flood of forgeries is.
        await services.limits.consume('webhook', request.ip);
        throw badRequest('Invalid webhook signature');
      }
      let event;
      try {
        event = services.payments.parseWebhook(raw);
      } catch {
        throw badRequest('Webhook body is not valid JSON');
      }
      if (!event) return { status: 'ignored' };
      if (!/^[A-Za-z0-9_-]{1,120}$/.test(event.paymentId))
        throw badRequest('Webhook payment id is not valid');
      // A reference that is no order id of this shop (another system on the same account):
      // acknowledged, since a provider disables a webhook that keeps answering 4xx.
      if (!isId(event.orderId)) return { status: 'ignored' };
      // A savings scheme's instalment names its enrolment: the same outbox, its own apply.
      if (await isSchemeReference(services.db, event.orderId)) {
        const jobId = await recordInstalmentWebhook(services, {
          enrolmentId: event.orderId,
          paymentId: event.paymentId,
        });
        request.log.info({ enrolmentId: event.orderId, jobId }, 'instalment webhook recorded');
        return { status: 'queued', jobId };
      }
      // Acknowledged once it is in PostgreSQL: the provider will not send it again.
      const jobId = await recordPaymentWebhook(services, {
        orderId: event.orderId,
        paymentId: event.paymentId,
      });
      request.log.info(
        { orderId: event.orderId, paymentId: event.paymentId, jobId },
        'payment webhook recorded',
      );
      return { status: 'queued', jobId };
    });
  });
}
