// The OpenAPI document: every REST route the app serves under /api and /auth appears in
// /api/openapi.json, each use case's path with its input (parameters or body) and its output
// schema as the declaration gives them, the document is valid OpenAPI 3.1, and /api/docs answers.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@kanak/testkit';
import { jsonSchema } from '../src/api/openapi';
import { eachUseCase } from '../src/api/use-case-registry';
import { uniqueRoutes, watchNextApp, type Route } from './route-discovery';

interface Operation {
  parameters?: { name: string; in: string; schema: unknown }[];
  requestBody?: {
    content: Record<
      string,
      { schema: { properties?: Record<string, unknown> }; example?: unknown }
    >;
  };
  responses: Record<string, { content?: Record<string, { schema: unknown; example?: unknown }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
/** Paths that are the reference itself, not the API it describes. */
const isReference = (url: string) => url === '/api/openapi.json' || url.startsWith('/api/docs');

let server: TestServer;
let routes: Route[];
let document: Document;
/** The document as the validator reads it (plain JSON). */
let documentJson: Record<string, unknown>;

beforeAll(async () => {
  const watch = watchNextApp({ requestIdHeader: 'x-test-request' });
  server = await startTestServer();
  watch.stop();
  routes = uniqueRoutes(watch.routes).filter(
    (r) => (r.url.startsWith('/api/') || r.url.startsWith('/auth/')) && r.method !== 'HEAD',
  );
  const res = await fetch(`${server.baseUrl}/api/openapi.json`);
  expect(res.status).toBe(200);
  documentJson = (await res.json()) as Record<string, unknown>;
  document = documentJson as unknown as Document;
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(documentJson);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every REST route the app serves under /api and /auth', () => {
    const apiRoutes = routes.filter((r) => !isReference(r.url));
    expect(apiRoutes.length).toBeGreaterThan(30);
    const missing = apiRoutes
      .filter((r) => !document.paths[toOpenApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('lists no path the app does not serve', () => {
    const served = new Set(routes.map((r) => `${r.method.toLowerCase()} ${toOpenApiPath(r.url)}`));
    const extra = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .map((method) => `${method} ${path}`)
        .filter((key) => !served.has(key)),
    );
    expect(extra).toEqual([]);
  });

  it("documents each use case's input and output schema on each of its paths", () => {
    const bindings = eachUseCase().flatMap(({ path, useCase }) =>
      useCase.rest.map((binding) => ({ path, useCase, binding })),
    );
    expect(bindings.length).toBeGreaterThan(30);
    for (const { path, useCase, binding } of bindings) {
      const operation = document.paths[toOpenApiPath(binding.path)]?.[binding.method.toLowerCase()];
      expect(operation, `${path}: ${binding.method} ${binding.path}`).toBeDefined();
      if (!operation) continue;
      // Input: every path parameter, and each field of the input (or of the REST request shape)
      // as a query parameter or a body property.
      const pathParams = [...binding.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
      const params = operation.parameters ?? [];
      for (const name of pathParams)
        expect(
          params.some((p) => p.in === 'path' && p.name === name),
          `${path} :${name}`,
        ).toBe(true);
      const sent = jsonSchema(binding.request ?? useCase.input, 'input') as {
        properties?: Record<string, unknown>;
        anyOf?: { properties?: Record<string, unknown> }[];
      };
      const fields = Object.keys(
        sent.properties ?? sent.anyOf?.find((s) => s.properties)?.properties ?? {},
      ).filter((name) => binding.request || !pathParams.includes(name));
      const documented =
        binding.method === 'POST' || binding.method === 'PUT'
          ? Object.keys(operation.requestBody?.content['application/json']?.schema.properties ?? {})
          : params.filter((p) => p.in === 'query').map((p) => p.name);
      expect(documented.sort(), `${path} input fields`).toEqual(fields.sort());
      // Output: the declared output schema (or each declared answer) under its status.
      const answers = binding.otherAnswers
        ? Object.entries(binding.otherAnswers).map(([status, a]) => [status, a.schema] as const)
        : [[String(binding.status ?? 200), useCase.output] as const];
      for (const [status, schema] of answers)
        expect(
          operation.responses[status]?.content?.['application/json']?.schema,
          `${path} ${status}`,
        ).toEqual(jsonSchema(schema, 'output'));
    }
  });
});

describe('GET /api/docs', () => {
  it('serves the API reference page and its scripts from this origin', async () => {
    const res = await fetch(`${server.baseUrl}/api/docs/`, { redirect: 'follow' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const script = await fetch(new URL(src, `${server.baseUrl}/api/docs/`));
      expect(script.status, src).toBe(200);
      // Read it to the end: an unread streamed body keeps the connection busy and close() waiting.
      expect((await script.arrayBuffer()).byteLength, src).toBeGreaterThan(0);
    }
  });
});

describe('the document as a generator reads it', () => {
  it('gives every operation a unique operationId, a domain tag and its error answers', () => {
    const ids = new Set<string>();
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, op] of Object.entries(methods) as [string, OperationDoc][]) {
        expect(op.operationId, `${method} ${path}`).toBeTruthy();
        expect(ids.has(op.operationId), op.operationId).toBe(false);
        ids.add(op.operationId);
        expect(op.tags?.length, op.operationId).toBe(1);
        expect(op.responses['503']?.content?.['application/json'], op.operationId).toBeDefined();
        // Every operation that reads a token; the login, for a wrong password.
        if (op.security || op.operationId === 'auth.login')
          expect(op.responses['401']?.content?.['application/json'], op.operationId).toBeDefined();
        if (path.includes('{')) expect(op.responses['404'], op.operationId).toBeDefined();
        if (method !== 'get') expect(op.responses['409'], op.operationId).toBeDefined();
      }
  });

  it('gives each JSON body and answer an example its own schema accepts', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    let examples = 0;
    const refused: string[] = [];
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, op] of Object.entries(methods) as [string, OperationDoc][]) {
        const bodies = Object.entries(op.requestBody?.content ?? {}).filter(
          ([type]) => type === 'application/json',
        );
        const answers = Object.entries(op.responses).flatMap(([status, r]) =>
          Object.entries(r.content ?? {}).map(([, media]) => [status, media] as const),
        );
        for (const [where, media] of [...bodies, ...answers]) {
          const label = `${method} ${path} ${where}`;
          expect(media, label).toHaveProperty('example');
          const validate = ajv.compile(media.schema as object);
          if (!validate(media.example))
            refused.push(`${label}: ${ajv.errorsText(validate.errors)}`);
          examples++;
        }
      }
    expect(refused).toEqual([]);
    expect(examples).toBeGreaterThan(100);
  });

  it('documents the COD remittance import as a JSON body or a multipart file upload', () => {
    const op = document.paths['/api/admin/cod/remittances']!.post! as OperationDoc;
    const content = op.requestBody!.content;
    expect(Object.keys(content['application/json']!.schema.properties ?? {}).sort()).toEqual([
      'csv',
      'dryRun',
    ]);
    expect(content['multipart/form-data']!.schema).toMatchObject({
      properties: {
        file: { type: 'string', format: 'binary' },
        dryRun: { enum: ['true', 'false'] },
      },
      required: ['file'],
    });
    expect(op.responses['413']).toBeDefined();
  });

  it('says what a login refused for a wrong password answers', () => {
    const login = document.paths['/auth/login']!.post! as OperationDoc;
    expect(login.operationId).toBe('auth.login');
    expect(login.responses['401']?.content?.['application/json']).toMatchObject({
      example: { error: 'UNAUTHORIZED' },
    });
  });

  it('names each admin move: the action parameter is an enum with each value documented', () => {
    const op = document.paths['/api/admin/orders/{orderId}/{action}']!.put! as OperationDoc;
    const action = op.parameters!.find((p) => p.name === 'action')!;
    expect(action.schema).toMatchObject({ enum: ['confirmed', 'ship', 'deliver', 'cancel'] });
    for (const value of ['confirmed', 'ship', 'deliver', 'cancel'])
      expect(action.description).toContain(`\`${value}\``);
  });
});

interface OperationDoc extends Operation {
  operationId: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; schema: unknown; description?: string }[];
}
