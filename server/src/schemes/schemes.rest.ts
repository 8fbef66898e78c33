import * as z from 'zod/mini';
import type { FastifyInstance } from 'fastify';
import { schemeStatementPdf, sellerOf, badRequest } from '@kanak/core';
import { resolveCall } from '../api/caller';
import { errorBody, type RouteDoc } from '../api/openapi';
import type { AppServices } from '../services';

const STATEMENT = '/api/schemes/enrolments/:enrolmentId/statement';

export const schemeDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: STATEMENT,
    tag: 'schemes',
    access: 'customer',
    summary:
      "A savings scheme's statement as a PDF (owner or admin); `?receipt=N` answers instalment N's receipt instead",
    responses: {
      200: { description: 'The PDF (application/pdf)', schema: z.string() },
      404: {
        description: 'No such enrolment of the caller, or instalment not paid',
        schema: errorBody,
      },
    },
  },
];

/** GET /api/schemes/enrolments/{id}/statement: a binary answer, so written by hand. */
export function registerSchemesRest(app: FastifyInstance, services: AppServices) {
  app.get<{ Params: { enrolmentId: string }; Querystring: { receipt?: string } }>(
    STATEMENT,
    async (request, reply) => {
      const { user } = await resolveCall(services, request, 'customer');
      const receipt = request.query.receipt;
      if (receipt !== undefined && !/^\d{1,2}$/.test(receipt))
        throw badRequest('receipt must be an instalment number');
      const file = await schemeStatementPdf(services.db, {
        user,
        enrolmentId: request.params.enrolmentId,
        seller: sellerOf(services.config),
        options: { receiptOf: receipt === undefined ? undefined : Number(receipt) },
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}
