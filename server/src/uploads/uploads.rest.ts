import multipart from '@fastify/multipart';
import * as z from 'zod/mini';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, DomainError, openUpload, storeUpload, UPLOAD_URL_PREFIX } from '@kanak/core';
import { resolveCall } from '../api/caller';
import { publicOrigin } from '../http/public-origin';
import { LONG_CACHE } from '../media/media.rest';
import { errorBody, type RouteDoc } from '../api/openapi';
import type { AppServices } from '../services';
import { multipartBoundary } from './multipart';

const readableSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
    : `${Math.ceil(bytes / 1024)} KB`;

const NOT_MULTIPART = 'Send the image as multipart/form-data in the field "file"';
const NO_BOUNDARY =
  'The upload has no multipart boundary: send multipart/form-data and let the client set its Content-Type';
const MALFORMED =
  'The upload is not valid multipart/form-data (it ended early or a part is malformed)';

/** Absolute URL of a stored upload: PUBLIC_URL when configured, else the request's own origin. */
function publicUrl(services: AppServices, request: FastifyRequest, name: string) {
  return `${publicOrigin(services.config, request)}${UPLOAD_URL_PREFIX}${name}`;
}

export const uploadsDoc: RouteDoc = {
  method: 'POST',
  path: '/api/uploads',
  tag: 'uploads',
  access: 'admin',
  summary:
    'Stores a product image (JPEG, PNG, WebP, GIF or SVG) sent as multipart in the field "file"; with `?kind=certificate`, a stone\'s certificate, which may also be a PDF (served as a download)',
  request: {
    contentType: 'multipart/form-data',
    schema: {
      type: 'object',
      properties: { file: { type: 'string', format: 'binary' }, upload_preset: { type: 'string' } },
      required: ['file'],
    },
  },
  responses: {
    201: { description: 'Where the image is served', schema: z.object({ secure_url: z.string() }) },
    413: { description: 'The image is larger than UPLOAD_MAX_BYTES', schema: errorBody },
  },
};

/**
 * POST /api/uploads (admin): multipart with the image in `file` (an `upload_preset` field, sent by
 * clients written for an image hosting service, is accepted and ignored) → { secure_url }.
 */
export function registerUploadsRest(app: FastifyInstance, services: AppServices) {
  const maxBytes = services.config.UPLOAD_MAX_BYTES;
  const tooLarge = `The image is too large: at most ${readableSize(maxBytes)} can be uploaded`;

  // Multipart parsing lives in this scope only; every other path keeps its JSON body limit.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
    });
    scope.post('/api/uploads', async (request, reply) => {
      const { user: admin } = await resolveCall(services, request, 'admin');
      // Counted before the body is read: each upload is a file kept for good.
      await services.limits.consume('upload', admin.id);
      if (!request.isMultipart()) throw badRequest(NOT_MULTIPART);
      if (!multipartBoundary(request.headers['content-type'])) throw badRequest(NO_BOUNDARY);
      let bytes: Buffer;
      try {
        const part = await request.file();
        if (!part || part.fieldname !== 'file')
          throw badRequest('Attach the image in the field "file"');
        bytes = await part.toBuffer();
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          return reply.status(413).send({ error: 'PAYLOAD_TOO_LARGE', message: tooLarge });
        if (
          code === 'FST_FILES_LIMIT' ||
          code === 'FST_PARTS_LIMIT' ||
          code === 'FST_FIELDS_LIMIT'
        ) {
          throw badRequest('Upload one image at a time in the field "file"');
        }
        if (error instanceof DomainError) throw error;
        // Anything else thrown while the body is read is the body's fault: a part cut short, a
        // malformed part header, a prototype field name, a client that hung up.
        throw badRequest(MALFORMED);
      }
      // ?kind=certificate (a stone's certificate) also takes a PDF; the spec's upload is images.
      const { kind } = request.query as { kind?: unknown };
      const name = await storeUpload(
        services.images,
        bytes,
        kind === 'certificate' ? 'certificate' : 'image',
      );
      return reply.status(201).send({ secure_url: publicUrl(services, request, name) });
    });
  });

  app.get<{ Params: { name: string } }>(`${UPLOAD_URL_PREFIX}:name`, async (request, reply) => {
    // Any replica serves any image: it is read from the shared store, not this machine's disk.
    const stored = await openUpload(services.images, request.params.name);
    if (!stored) return reply.status(404).send({ error: 'NOT_FOUND', message: 'Image not found' });
    // A PDF (a certificate) is downloaded, never shown on the shop's origin: a PDF may script.
    if (stored.contentType === 'application/pdf')
      reply.header('content-disposition', 'attachment; filename="certificate.pdf"');
    return (
      reply
        .header('content-type', stored.contentType)
        .header('cache-control', LONG_CACHE)
        .header('x-content-type-options', 'nosniff')
        // Uploaded SVGs are shown as images only: no scripts, no plugins, even when opened directly.
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
        )
        .send(stored.body)
    );
  });
}
