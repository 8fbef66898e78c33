import multipart from '@fastify/multipart';
import * as z from 'zod/mini';
import type { FastifyInstance } from 'fastify';
import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { resolveCall } from '../api/caller';
import { parseInput } from '../api/input';
import { errorBody, type RouteDoc } from '../api/openapi';
import type { AppServices } from '../services';
import { multipartBoundary } from '../uploads/multipart';
import { importApplyDeps } from './catalogue.api';

const IMPORTS = '/api/admin/catalogue/imports';
const EXPORT = '/api/admin/catalogue/export';
const MAX_EXPORTS_AT_ONCE = 1;

/** At most this much per uploaded file (the sheet, the images zip). */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

const importQuery = z.object({
  dryRun: z.optional(z.enum(['true', 'false'], 'dryRun must be true or false')),
});
const exportQuery = z.object({
  format: z._default(z.enum(shared.EXPORT_FORMATS, 'format must be csv or xlsx'), 'csv'),
  q: z.optional(z.string().check(z.maxLength(200))),
  status: z.optional(z.enum(shared.PRODUCT_STATUSES, 'status must be draft, live or archived')),
});

export const catalogueDocs: RouteDoc[] = [
  {
    method: 'POST',
    path: IMPORTS,
    tag: 'catalogue',
    access: 'admin',
    summary:
      'Uploads a catalogue (CSV or XLSX in the documented column set, field `file`; images as a zip in `images`) and dry-runs it: per-row errors, and which rows are new, changed (field by field, price before → after at today’s rate), unchanged or archived. `dryRun=false` also starts the apply',
    request: {
      contentType: 'multipart/form-data',
      schema: {
        type: 'object',
        properties: {
          file: { type: 'string', format: 'binary' },
          images: { type: 'string', format: 'binary' },
        },
        required: ['file'],
      },
    },
    responses: {
      200: { description: 'The dry run', schema: shared.importDryRun },
      400: { description: 'Not a CSV or XLSX, no sku column, or a bad zip', schema: errorBody },
      413: { description: 'A file larger than 64 MB', schema: errorBody },
    },
  },
  {
    method: 'GET',
    path: EXPORT,
    tag: 'catalogue',
    access: 'admin',
    summary:
      'The catalogue (or the products table’s filter: `q`, `status`) in the import’s column set, streamed as CSV (UTF-8 with BOM) or XLSX; the first row names the columns',
    responses: {
      200: { description: 'The file', schema: z.string() },
      400: { description: 'A bad format or filter', schema: errorBody },
      429: { description: 'An export is already being prepared', schema: errorBody },
    },
  },
];

/** Import uploads and the export: multipart in, files out. */
export function registerCatalogueRest(app: FastifyInstance, services: AppServices) {
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_FILE_BYTES, files: 2, fields: 5, fieldSize: 1000, parts: 8 },
    });
    scope.post(IMPORTS, async (request, reply) => {
      const { user: admin } = await resolveCall(services, request, 'admin');
      const { dryRun } = await parseInput(importQuery, request.query);
      if (!request.isMultipart() || !multipartBoundary(request.headers['content-type']))
        throw core.badRequest('Send the catalogue as multipart/form-data in the field "file"');
      let file: { name: string; bytes: Buffer } | null = null;
      let images: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          const bytes = await part.toBuffer();
          if (part.fieldname === 'file') file = { name: part.filename || 'catalogue', bytes };
          else if (part.fieldname === 'images') images = bytes;
          else throw core.badRequest(`Unknown file field "${part.fieldname}": use file and images`);
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          return reply
            .status(413)
            .send({ error: 'PAYLOAD_TOO_LARGE', message: 'A file is too large: at most 64 MB' });
        if (error instanceof core.DomainError) throw error;
        throw core.badRequest('The upload is not valid multipart/form-data');
      }
      if (!file) throw core.badRequest('Attach the catalogue (CSV or XLSX) in the field "file"');
      const answer = await core.dryRunImport(
        { db: services.db, images: services.images },
        admin.id,
        { fileName: file.name, file: file.bytes, images },
      );
      if (dryRun !== 'false') return answer;
      const status = await core.startImportApply(importApplyDeps(services), answer.id);
      return { ...answer, state: status.state };
    });
  });

  // A whole-catalogue export reads every product: a few at once per process, the rest told to
  // come back (a double click, a script) rather than piling up reads the shop needs.
  let exportsRunning = 0;
  app.get(EXPORT, async (request, reply) => {
    await resolveCall(services, request, 'admin');
    const input = await parseInput(exportQuery, request.query);
    const day = new Date().toISOString().slice(0, 10);
    // Set once the file is on its way: a 429 or an error is not an attachment.
    const fileHeaders = () =>
      reply
        .header('content-disposition', `attachment; filename="catalogue-${day}.${input.format}"`)
        .header('cache-control', 'private, no-store')
        .header(
          'content-type',
          input.format === 'xlsx'
            ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
            : 'text/csv; charset=utf-8',
        );
    // A HEAD asks what the file would be, not for it: no catalogue read, no place in the line.
    if (request.method === 'HEAD') return fileHeaders().send();
    if (exportsRunning >= MAX_EXPORTS_AT_ONCE)
      throw new core.DomainError(
        'TOO_MANY_REQUESTS',
        'An export is already being prepared. Please try again in a few seconds.',
        { retryAfter: 5 },
      );
    exportsRunning += 1;
    let released = false;
    // 'close' comes once the file is sent, or when the admin's connection drops.
    reply.raw.once('close', () => {
      if (!released) exportsRunning -= 1;
      released = true;
    });
    const filter = { q: input.q, status: input.status };
    const file =
      input.format === 'xlsx'
        ? await core.catalogueXlsx(services.db, filter)
        : await core.catalogueCsv(services.db, filter);
    return fileHeaders().send(file);
  });
}
