import { sample } from 'openapi-sampler';
import * as z from 'zod/mini';
import type { Access } from '@kanak/core';
import type { HttpMethod, RestBinding, Schema, UseCase } from './declare-use-case';
import { readableSize, type UploadBinding } from './uploaded-input';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema> };

/** A JSON Schema (2020-12, as OpenAPI 3.1 reads it) of a zod schema, inlined. */
export function jsonSchema(schema: Schema, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** The object schema inside an optional input (`noInput`, an optional filter object). */
function objectSchema(schema: JsonSchema): JsonSchema {
  const anyOf = schema.anyOf;
  if (Array.isArray(anyOf)) {
    const object = (anyOf as JsonSchema[]).find((s) => s.properties);
    if (object) return object;
  }
  return schema;
}

/** Every refusal's body, on every REST path. */
export const errorBody = z.object({
  error: z.string(),
  message: z.string(),
  details: z.optional(z.unknown()),
});

/** A hand-written REST route (webhook, uploads, health) described for the document. */
export interface RouteDoc {
  method: HttpMethod;
  path: string;
  summary: string;
  access: Access;
  tag: string;
  /** Its query parameters, as a zod object. */
  query?: Schema;
  request?: { contentType: string; schema: JsonSchema };
  responses: Record<number, { description: string; schema: Schema }>;
}

interface Operation {
  tag: string;
  summary: string;
  operationId: string;
  access: Access;
  method: HttpMethod;
  pathParams: string[];
  /** Each path parameter's schema (an id's pattern, an action's enum) and meaning. */
  paramSchemas?: Record<string, JsonSchema>;
  query?: JsonSchema;
  body?: { contentType: string; schema: JsonSchema; form?: JsonSchema };
  responses: Record<number, { description: string; schema: JsonSchema }>;
  /** A hand-written route (RouteDoc): its own answers only, no token read when public. */
  handWritten?: boolean;
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const pathParamsOf = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

function withoutFields(schema: JsonSchema, names: string[]): JsonSchema | undefined {
  const object = objectSchema(schema);
  const properties = Object.fromEntries(
    Object.entries(object.properties ?? {}).filter(([name]) => !names.includes(name)),
  );
  if (Object.keys(properties).length === 0) return undefined;
  const required = Array.isArray(object.required)
    ? (object.required as string[]).filter((name) => !names.includes(name))
    : undefined;
  return { ...object, properties, ...(required?.length ? { required } : { required: undefined }) };
}

export interface UseCaseOperationOptions {
  tag: string;
  name: string;
  useCase: UseCase;
  binding: RestBinding;
  index: number;
}

function useCaseOperation({
  tag,
  name,
  useCase,
  binding,
  index,
}: UseCaseOperationOptions): Operation {
  const pathParams = pathParamsOf(binding.path);
  const inputFields = objectSchema(jsonSchema(useCase.input, 'input')).properties ?? {};
  const paramSchemas = Object.fromEntries(
    pathParams.map((name) => {
      const doc = binding.paramDocs?.[name];
      const schema = inputFields[name] ?? { type: 'string' };
      return [
        name,
        {
          ...schema,
          ...(doc ? { description: doc.description } : {}),
          ...(doc?.example ? { examples: [doc.example] } : {}),
        },
      ];
    }),
  );
  const sent = binding.request
    ? jsonSchema(binding.request, 'input')
    : withoutFields(jsonSchema(useCase.input, 'input'), pathParams);
  const hasBody = binding.method === 'POST' || binding.method === 'PUT';
  const responses = binding.otherAnswers
    ? Object.fromEntries(
        Object.entries(binding.otherAnswers).map(([status, answer]) => [
          status,
          { description: answer.description, schema: jsonSchema(answer.schema, 'output') },
        ]),
      )
    : {
        [binding.status ?? 200]: {
          description: 'Success',
          schema: jsonSchema(useCase.output, 'output'),
        },
      };
  return {
    tag,
    summary: useCase.summary,
    operationId: index === 0 ? `${tag}.${name}` : `${tag}.${name}.${index + 1}`,
    access: useCase.access,
    method: binding.method,
    pathParams,
    paramSchemas,
    ...(sent && !hasBody ? { query: sent } : {}),
    ...(sent && hasBody
      ? {
          body: {
            contentType: 'application/json',
            schema: sent,
            ...(binding.upload ? { form: uploadForm(binding.upload) } : {}),
          },
        }
      : {}),
    responses,
  };
}

/** The multipart form a path with an upload also takes: the file and its plain fields. */
function uploadForm(upload: UploadBinding): JsonSchema {
  return {
    type: 'object',
    properties: {
      [upload.field]: {
        type: 'string',
        format: 'binary',
        description: `${upload.what}, at most ${readableSize(upload.maxBytes)}`,
      },
      ...Object.fromEntries(
        Object.entries(upload.fields).map(([name, field]) => [
          name,
          {
            type: 'string',
            description: field.description,
            ...(field.enum ? { enum: field.enum } : {}),
          },
        ]),
      ),
    },
    required: [upload.field],
  };
}

/** The refusals an operation may answer, each with the error shape and an example body. */
function errorResponses(op: Operation, hasInput: boolean) {
  const error = (description: string, example: { error: string; message: string }) => ({
    description,
    content: { 'application/json': { schema: jsonSchema(errorBody, 'output'), example } },
  });
  const changes = op.method !== 'GET';
  return {
    ...(hasInput
      ? {
          400: error('The input is not valid; `message` says why', {
            error: 'BAD_REQUEST',
            message: 'quantity: expected a whole number of at least 1',
          }),
        }
      : {}),
    ...(op.access !== 'public'
      ? { 401: error('No valid token', { error: 'UNAUTHORIZED', message: 'Please log in' }) }
      : op.handWritten
        ? {} // health, the webhook, media: no token is read
        : op.operationId === 'auth.login'
          ? {
              401: error('The e-mail or password is wrong', {
                error: 'UNAUTHORIZED',
                message: 'Please ensure your email and password are entered correctly.',
              }),
            }
          : {
              401: error('A token was sent and is not valid (a public operation needs none)', {
                error: 'UNAUTHORIZED',
                message: 'Invalid token',
              }),
            }),
    ...(op.access === 'admin'
      ? {
          403: error('Not an administrator', {
            error: 'FORBIDDEN',
            message: 'Administrators only',
          }),
        }
      : {}),
    ...(op.pathParams.length
      ? {
          404: error("What the path names does not exist (or is not the caller's)", {
            error: 'NOT_FOUND',
            message: 'Order not found',
          }),
        }
      : {}),
    ...(changes
      ? {
          409: error('The change conflicts with the current state; `message` says how', {
            error: 'CONFLICT',
            message: 'Cannot move order from DELIVERED to SHIPPED',
          }),
        }
      : {}),
    429: error('Too many requests; `Retry-After` says when to try again', {
      error: 'TOO_MANY_REQUESTS',
      message: 'Too many attempts: try again in 40 seconds',
    }),
    503: error('PostgreSQL or Redis is out of reach; `Retry-After` says when to try again', {
      error: 'UNAVAILABLE',
      message: 'The shop is briefly unavailable. Please try again in a moment.',
    }),
  };
}

/**
 * An example value of a schema, for generated clients and the reference page: enums, formats
 * (e-mail, uuid, date-time) and patterns (a pincode, a GSTIN) give values the schema accepts;
 * a test validates every example against its schema.
 */
const exampleOf = (schema: JsonSchema): unknown =>
  sample(schema as Parameters<typeof sample>[0], {
    skipReadOnly: true,
    enablePatterns: true,
    quiet: true,
  });

function operationObject(op: Operation) {
  const parameters = [
    ...op.pathParams.map((name) => {
      const { description, examples, ...schema } = op.paramSchemas?.[name] ?? { type: 'string' };
      return {
        name,
        in: 'path',
        required: true,
        ...(typeof description === 'string' ? { description } : {}),
        ...(Array.isArray(examples) ? { example: examples[0] } : {}),
        schema,
      };
    }),
    ...Object.entries(op.query?.properties ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: Array.isArray(op.query?.required) && (op.query.required as string[]).includes(name),
      schema,
    })),
  ];
  return {
    tags: [op.tag],
    summary: op.summary,
    operationId: op.operationId,
    ...(op.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    ...(parameters.length ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: {
              [op.body.contentType]: {
                schema: op.body.schema,
                ...(op.body.contentType === 'application/json'
                  ? { example: exampleOf(op.body.schema) }
                  : {}),
              },
              ...(op.body.form ? { 'multipart/form-data': { schema: op.body.form } } : {}),
            },
          },
        }
      : {}),
    responses: {
      ...Object.fromEntries(
        Object.entries(op.responses).map(([status, r]) => [
          status,
          {
            description: r.description,
            content: { 'application/json': { schema: r.schema, example: exampleOf(r.schema) } },
          },
        ]),
      ),
      ...errorResponses(op, Boolean(op.query || op.body || op.pathParams.length)),
    },
  };
}

/** The OpenAPI 3.1 document of the REST API, from the use case declarations and the hand-written routes. */
export function buildOpenApiDocument(
  useCases: { path: string; useCase: UseCase }[],
  handWritten: RouteDoc[],
) {
  const operations: { method: HttpMethod; path: string; operation: Operation }[] = [];
  for (const { path, useCase } of useCases) {
    const [tag = path, name = path] = path.split('.');
    useCase.rest.forEach((binding, index) =>
      operations.push({
        method: binding.method,
        path: binding.path,
        operation: useCaseOperation({ tag, name, useCase, binding, index }),
      }),
    );
  }
  for (const route of handWritten)
    operations.push({
      method: route.method,
      path: route.path,
      operation: {
        tag: route.tag,
        summary: route.summary,
        operationId: `${route.tag}.${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+/g, '_')}`,
        access: route.access,
        method: route.method,
        handWritten: true,
        pathParams: pathParamsOf(route.path),
        ...(route.query ? { query: jsonSchema(route.query, 'input') } : {}),
        ...(route.request ? { body: route.request } : {}),
        responses: Object.fromEntries(
          Object.entries(route.responses).map(([status, r]) => [
            status,
            { description: r.description, schema: jsonSchema(r.schema, 'output') },
          ]),
        ),
      },
    });
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { method, path, operation } of operations)
    (paths[openApiPath(path)] ??= {})[method.toLowerCase()] = operationObject(operation);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kanak jewellery shop REST API',
      version: '1.0.0',
      description:
        'The REST paths of the shop (the web uses tRPC at /trpc with the same use cases). Money is whole rupees; ids are strings under `_id`. Errors answer `{ error, message }`.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    paths,
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
