import type { FastifyRequest } from 'fastify';
import { badRequest, DomainError } from '@kanak/core';
import { multipartBoundary } from '../uploads/multipart';

/** A file as the form sent it. */
export interface UploadedFile {
  name: string;
  mimetype: string;
  bytes: Buffer;
}

/**
 * A use case's REST path that also takes its input as a multipart/form-data upload (a file in
 * `field`, plain fields beside it), as an admin's browser sends a file: the form is turned into
 * the input a JSON body would give, and parsed and run exactly as that body is.
 */
export interface UploadBinding {
  /** The form field the file comes in. */
  field: string;
  /** What the file is, for refusals and the document ("the remittance CSV"). */
  what: string;
  /** Larger files are refused with a 413. */
  maxBytes: number;
  /** The form's plain fields and their meaning, for the document (each sent as text). */
  fields: Record<string, { description: string; enum?: readonly string[] }>;
  /** Why this file is not what the path takes (a message for a 400), or null when it is. */
  refuse(file: UploadedFile): string | null;
  /** The input a JSON body would give, from the file and the plain fields. */
  input(file: UploadedFile, fields: Record<string, string>): unknown;
}

/** The multipart plugin's limits for one such path: one file and a few short fields. */
export const uploadLimits = (upload: UploadBinding) => ({
  fileSize: upload.maxBytes,
  files: 1,
  fields: Object.keys(upload.fields).length + 2,
  fieldSize: 1000,
  parts: Object.keys(upload.fields).length + 3,
});

/** The limit as people read it: decimal units, as the limit itself is written (2,000,000 bytes). */
export const readableSize = (bytes: number) =>
  bytes >= 1_000_000 ? `${Math.round(bytes / 1_000_000)} MB` : `${Math.ceil(bytes / 1000)} kB`;

/** A 413 the error handler answers as it is (its status and message). */
const tooLarge = (message: string) =>
  Object.assign(new Error(message), { statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });

/** The input a multipart request carries for `upload`; refusals are 400s (413 for size). */
export async function uploadedInput(
  request: FastifyRequest,
  upload: UploadBinding,
): Promise<unknown> {
  const attach = `Attach ${upload.what} as multipart/form-data in the field "${upload.field}"`;
  if (!multipartBoundary(request.headers['content-type']))
    throw badRequest(
      'The upload has no multipart boundary: send multipart/form-data and let the client set its Content-Type',
    );
  let file: UploadedFile | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== upload.field)
          throw badRequest(`Unknown file field "${part.fieldname}": ${attach}`);
        file = { name: part.filename ?? '', mimetype: part.mimetype, bytes: await part.toBuffer() };
      } else if (part.fieldname in upload.fields) {
        fields[part.fieldname] = String(part.value);
      } else {
        throw badRequest(
          `Unknown field "${part.fieldname}": send ${[upload.field, ...Object.keys(upload.fields)].join(' and ')}`,
        );
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge(
        `${upload.what[0]!.toUpperCase()}${upload.what.slice(1)} is too large: at most ${readableSize(upload.maxBytes)}`,
      );
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest(`Send one file at a time: ${attach}`);
    if (error instanceof DomainError) throw error;
    // Anything else thrown while the body is read is the body's fault: a part cut short, a
    // malformed part header, a client that hung up.
    throw badRequest(
      'The upload is not valid multipart/form-data (it ended early or a part is malformed)',
    );
  }
  if (!file) throw badRequest(attach);
  const refusal = upload.refuse(file);
  if (refusal) throw badRequest(refusal);
  return upload.input(file, fields);
}
