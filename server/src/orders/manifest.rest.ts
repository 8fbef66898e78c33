import * as z from 'zod/mini';
import type { FastifyInstance } from 'fastify';
import { manifestCsv, renderManifestPdf, sellerOf, shipmentManifest } from '@kanak/core';
import { dbText, indiaDate } from '@kanak/shared';
import { resolveCall } from '../api/caller';
import { errorBody, type RouteDoc } from '../api/openapi';
import type { AppServices } from '../services';

const PATH = '/api/admin/shipments/manifest';

const manifestRow = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  shippedAt: z.string(),
  carrier: z.string(),
  carrierCode: z.string(),
  awb: z.string(),
  invoiceNumber: z.nullable(z.string()),
  insuredValue: z.number(),
  consignee: z.string(),
  phone: z.string(),
  city: z.string(),
  state: z.string(),
  pin: z.string(),
  pieces: z.number(),
  netWeightGrams: z.number(),
});

export const manifestDoc: RouteDoc = {
  method: 'GET',
  path: PATH,
  tag: 'orders',
  access: 'admin',
  summary:
    "A day's shipments manifest (India's day), by carrier: which orders left with which carrier, AWB, invoice, pieces, net weight, insured value (rupees) and consignee phone. `?date=YYYY-MM-DD` (default today), `&carrier=<code>` for one carrier's, `&format=csv` for a spreadsheet (time of dispatch in India's time, ISO with +05:30; cells a spreadsheet would run as formulas start with an apostrophe), `&format=pdf` for the printable manifests (A4 landscape, one page per carrier with its totals)",
  responses: {
    200: { description: 'The parcels of the day, in dispatch order', schema: z.array(manifestRow) },
    400: { description: 'A malformed date', schema: errorBody },
  },
};

/** GET /api/admin/shipments/manifest: JSON, CSV as a download or a PDF (written by hand for both). */
export function registerManifestRest(app: FastifyInstance, services: AppServices) {
  app.get<{ Querystring: { date?: string; format?: string; carrier?: string } }>(
    PATH,
    async (request, reply) => {
      await resolveCall(services, request, 'admin');
      const date = request.query.date ?? indiaDate(new Date());
      // A lookup value: a NUL (which PostgreSQL refuses) or a repeated parameter matches nothing.
      const asked = request.query.carrier;
      const carrier = typeof asked === 'string' ? dbText(asked) || undefined : undefined;
      const rows = await shipmentManifest(services.db, date, carrier);
      const name = `manifest-${date}${carrier ? `-${carrier.replace(/[^a-z0-9-]/gi, '')}` : ''}`;
      if (request.query.format === 'pdf')
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${name}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(await renderManifestPdf(date, rows, sellerOf(services.config)));
      if (request.query.format !== 'csv') return reply.send(rows);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(manifestCsv(rows));
    },
  );
}
