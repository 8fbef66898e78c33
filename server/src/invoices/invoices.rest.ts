import * as z from 'zod/mini';
import type { FastifyInstance } from 'fastify';
import type { InvoiceKind } from '@kanak/db';
import { openInvoicePdf, sellerOf } from '@kanak/core';
import { resolveCall } from '../api/caller';
import { errorBody, type RouteDoc } from '../api/openapi';
import type { AppServices } from '../services';

const PATHS: Record<InvoiceKind, string> = {
  INVOICE: '/api/orders/:orderId/invoice',
  CREDIT_NOTE: '/api/orders/:orderId/credit-note',
};

const doc = (kind: InvoiceKind): RouteDoc => ({
  method: 'GET',
  path: PATHS[kind],
  tag: 'orders',
  access: 'customer',
  summary:
    kind === 'INVOICE'
      ? "The order's GST tax invoice as a PDF (owner or admin; 404 before payment; 409 until the HUIDs of its gold pieces, and the PAN above ₹2,00,000, are recorded)"
      : "A credit note of a paid order whose payment is owed back, as a PDF (owner or admin): the latest, or the one `number` names (each return of some pieces has its own; the order's creditNotes lists them)",
  ...(kind === 'CREDIT_NOTE'
    ? {
        query: z.object({
          number: z.optional(z.string().check(z.minLength(1), z.maxLength(40))),
        }),
      }
    : {}),
  responses: {
    200: {
      description: 'The PDF (application/pdf), the same document every time',
      schema: z.string(),
    },
    400: { description: 'A number that cannot be a document number', schema: errorBody },
    404: {
      description: 'No such order of the caller, or none issued yet (or none of that number)',
      schema: errorBody,
    },
    409: { description: 'Not ready to issue yet (named)', schema: errorBody },
  },
});
export const invoiceDocs: RouteDoc[] = [doc('INVOICE'), doc('CREDIT_NOTE')];

/** GET /api/orders/{orderId}/invoice and …/credit-note: binary answers, so written by hand. */
export function registerInvoicesRest(app: FastifyInstance, services: AppServices) {
  for (const kind of ['INVOICE', 'CREDIT_NOTE'] as const)
    app.get<{ Params: { orderId: string }; Querystring: { number?: unknown } }>(
      PATHS[kind],
      async (request, reply) => {
        const { user } = await resolveCall(services, request, 'customer');
        const file = await openInvoicePdf(services.db, {
          user,
          id: request.params.orderId,
          kind,
          seller: sellerOf(services.config),
          number: kind === 'CREDIT_NOTE' ? request.query.number : undefined,
        });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${file.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(file.body);
      },
    );
}
