import * as z from 'zod/mini';
import type { FastifyInstance } from 'fastify';
import { packingSlipPdf, slipSenderOf } from '@kanak/core';
import { resolveCall } from '../api/caller';
import { errorBody, type RouteDoc } from '../api/openapi';
import type { AppServices } from '../services';

const PATH = '/api/admin/orders/:orderId/packing-slip';

export const packingSlipDoc: RouteDoc = {
  method: 'GET',
  path: PATH,
  tag: 'orders',
  access: 'admin',
  summary:
    "An order's packing slip as a PDF: sender and return address (SELLER_RETURN_ADDRESS, else SELLER_ADDRESS), the order and its invoice number, the consignee, each piece with its HUIDs, and the parcel once shipped",
  responses: {
    200: { description: 'The PDF (application/pdf)', schema: z.string() },
    404: { description: 'No such order', schema: errorBody },
  },
};

/** GET /api/admin/orders/{orderId}/packing-slip: a binary answer, so written by hand. */
export function registerPackingSlipRest(app: FastifyInstance, services: AppServices) {
  app.get<{ Params: { orderId: string } }>(PATH, async (request, reply) => {
    await resolveCall(services, request, 'admin');
    const file = await packingSlipPdf(
      services.db,
      request.params.orderId,
      slipSenderOf(services.config),
    );
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });
}
