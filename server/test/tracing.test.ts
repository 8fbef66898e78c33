// OpenTelemetry: server and worker as their own processes export their spans (OTLP over HTTP,
// JSON) to a collector played by this test; one sandbox payment return is one trace, from the
// request through its queries and the outbox into the worker's job. Without
// OTEL_EXPORTER_OTLP_ENDPOINT no OpenTelemetry module is even loaded.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  TEST_REDIS_URL,
  uniquePrefix,
  type TestDatabase,
} from '@kanak/testkit';
import { eventually, orderStatus, pickSizes, sandboxPaidOrder } from './pipeline-support';
import {
  startServerProcess,
  startTsxProcess,
  type ChildProcessHandle,
  type ServerProcess,
} from './process-support';

/** One exported span, flattened from OTLP/JSON's resourceSpans → scopeSpans → spans. */
interface ExportedSpan {
  service: string;
  scope: string;
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  attributes: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{
      scope?: { name?: string };
      spans?: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        attributes?: OtlpAttribute[];
      }>;
    }>;
  }>;
}

const attributesOf = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(
    list.map(({ key, value }) => [
      key,
      value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue,
    ]),
  );

/** A collector: POST /v1/traces with OTLP/JSON bodies, kept as flat spans. */
async function startCollector() {
  const spans: ExportedSpan[] = [];
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as OtlpExport;
        for (const resource of body.resourceSpans ?? []) {
          const service = String(attributesOf(resource.resource?.attributes)['service.name']);
          for (const scope of resource.scopeSpans ?? [])
            for (const span of scope.spans ?? [])
              spans.push({
                service,
                scope: scope.scope?.name ?? '',
                name: span.name,
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? '',
                attributes: attributesOf(span.attributes),
              });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * NODE_OPTIONS for a child that writes down every @opentelemetry/* or @fastify/otel module it
 * resolves (a module resolve hook, run before tsx's), into `record`.
 */
async function moduleRecorder(dir: string) {
  const record = path.join(dir, 'resolved.txt');
  const hooks = path.join(dir, 'hooks.mjs');
  const register = path.join(dir, 'register.mjs');
  await writeFile(
    hooks,
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  if (/^@opentelemetry\\/|^@fastify\\/otel/.test(specifier)) appendFileSync(${JSON.stringify(record)}, specifier + '\\n');
  return next(specifier, context);
}
`,
  );
  await writeFile(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(new URL(`file://${hooks}`).href)});\n`,
  );
  return {
    env: { NODE_OPTIONS: `--import=${register}` },
    resolved: async () =>
      (await readFile(record, 'utf8').catch(() => '')).split('\n').filter(Boolean),
  };
}

describe('tracing: one trace from the payment return to the worker', () => {
  let database: TestDatabase;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let recorder: Awaited<ReturnType<typeof moduleRecorder>>;
  let dir: string;
  let server: ServerProcess;
  let worker: ChildProcessHandle;
  let shared: { DATABASE_URL: string; REDIS_URL: string; [name: string]: string };

  beforeAll(async () => {
    database = await createTestDatabase();
    collector = await startCollector();
    dir = await mkdtemp(path.join(tmpdir(), 'kanak-tracing-'));
    recorder = await moduleRecorder(dir);
    shared = {
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: uniquePrefix('trace'),
      PAYMENT_PROVIDER: 'sandbox',
      PAYMENT_SANDBOX_SECRET: randomBytes(12).toString('hex'),
      NODE_ENV: 'test',
    };
    const tracing = {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      // Export every 200 ms rather than every 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '200',
      ...recorder.env,
    };
    server = await startServerProcess({ ...shared, ...tracing, ORDER_WAIT_MS: '10000' });
    worker = await startTsxProcess(
      'worker/src/main.ts',
      {
        ...shared,
        ...tracing,
        OTEL_SERVICE_NAME: 'kanak-worker-under-test',
        WORKER_METRICS_INTERVAL_MS: '0',
      },
      /worker listening/,
    );
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.stop();
    await collector?.close();
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('exports the request, its queries and the worker job in one trace', async () => {
    // A probe: not worth a trace.
    await fetch(`${server.baseUrl}/api/health`);
    const [size] = await pickSizes(database.db, 1);
    const paid = await sandboxPaidOrder({ baseUrl: server.baseUrl, database }, size!);
    const answer = await fetch(`${server.baseUrl}${paid.returnPath}`, {
      headers: { authorization: `Bearer ${paid.shopper.token}` },
    });
    expect(answer.status).toBe(200);
    const requestId = answer.headers.get('x-request-id');
    await eventually(async () => (await orderStatus(database.db, paid.order._id)) === 'PLACED');

    // The server's span of the return: a SERVER span named by its route.
    const request = await eventually(
      async () =>
        collector.spans.find(
          (s) =>
            s.service === 'kanak-server' &&
            s.attributes['http.route'] === '/api/payment' &&
            s.attributes['url.path'] === '/api/payment',
        ),
      10_000,
    );
    expect(request.name).toBe('GET /api/payment');
    expect(request.scope).toBe('@fastify/otel');
    const trace = request.traceId;
    expect(trace).toMatch(/^[0-9a-f]{32}$/);

    // The outbox row carries the request's span context, and the job span is its child.
    const row = await database.db
      .selectFrom('outbox')
      .select(['traceparent', 'request_id'])
      .where('payload', '@>', JSON.stringify({ orderId: paid.order._id }))
      .executeTakeFirstOrThrow();
    expect(row.request_id).toBe(requestId);
    expect(row.traceparent).toMatch(new RegExp(`^00-${trace}-[0-9a-f]{16}-01$`));
    const outboxParent = row.traceparent!.split('-')[2];

    // The relay's send of the row is the child of that span, the worker's job the send's.
    const send = await eventually(
      async () =>
        collector.spans.find(
          (s) => s.service === 'kanak-server' && s.name === 'payment-confirmations send',
        ),
      10_000,
    );
    expect(send.traceId).toBe(trace);
    expect(send.parentSpanId).toBe(outboxParent);
    const job = await eventually(
      async () =>
        collector.spans.find(
          (s) =>
            s.service === 'kanak-worker-under-test' && s.name === 'payment-confirmations process',
        ),
      10_000,
    );
    expect(job.traceId).toBe(trace);
    expect(job.parentSpanId).toBe(send.spanId);
    expect(job.attributes['messaging.system']).toBe('bullmq');

    await eventually(
      async () =>
        collector.spans.some(
          (s) => s.service === 'kanak-server' && s.traceId === trace && s.spanId === outboxParent,
        ),
      10_000,
    );
    const inTrace = collector.spans.filter((s) => s.traceId === trace);
    const byId = new Map(inTrace.map((s) => [s.spanId, s]));
    /** Whether `span`'s chain of parents reaches `ancestor`. */
    const under = (span: ExportedSpan, ancestor: ExportedSpan) => {
      for (let at: ExportedSpan | undefined = span; at; at = byId.get(at.parentSpanId))
        if (at.spanId === ancestor.spanId) return true;
      return false;
    };
    // The span that wrote the outbox row is inside the request.
    expect(under(byId.get(outboxParent!)!, request)).toBe(true);

    // PostgreSQL queries under the request (the insert into the outbox among them) and under
    // the job (the order placed).
    const queries = inTrace.filter((s) => s.scope === '@opentelemetry/instrumentation-pg');
    const statement = (s: ExportedSpan) =>
      String(s.attributes['db.query.text'] ?? s.attributes['db.statement'] ?? '');
    const serverQueries = queries.filter((s) => s.service === 'kanak-server');
    expect(serverQueries.length).toBeGreaterThan(0);
    expect(serverQueries.every((s) => under(s, request))).toBe(true);
    expect(serverQueries.some((s) => /insert into "outbox"/i.test(statement(s)))).toBe(true);
    await eventually(
      async () =>
        collector.spans.some(
          (s) =>
            s.traceId === trace &&
            s.service === 'kanak-worker-under-test' &&
            s.scope === '@opentelemetry/instrumentation-pg' &&
            s.parentSpanId !== '',
        ),
      10_000,
    );
    const workerQueries = collector.spans.filter(
      (s) =>
        s.traceId === trace &&
        s.service === 'kanak-worker-under-test' &&
        s.scope === '@opentelemetry/instrumentation-pg',
    );
    const jobIds = new Map(collector.spans.map((s) => [s.spanId, s]));
    expect(
      workerQueries.every((s) => {
        for (let at: ExportedSpan | undefined = s; at; at = jobIds.get(at.parentSpanId))
          if (at.spanId === job.spanId) return true;
        return false;
      }),
    ).toBe(true);

    // Redis commands are traced too: BullMQ's add of the job, under the send.
    expect(
      inTrace.some((s) => s.scope === '@opentelemetry/instrumentation-ioredis' && under(s, send)),
    ).toBe(true);

    // Nothing joins the trace once the request is over: the relay's later polls, woken by this
    // request, run outside it (no "claim due rows" query after the request's end).
    const relayPolls = inTrace.filter((s) =>
      /update "outbox" set "available_at"/.test(statement(s)),
    );
    expect(relayPolls).toEqual([]);

    // Log lines name the trace: the server's line of the return, the worker's of the job.
    await server.waitFor(new RegExp(`"traceId":"${trace}".*payment return recorded`));
    await worker.waitFor(new RegExp(`"traceId":"${trace}".*job payment-confirmations/`));

    expect(collector.spans.some((s) => s.attributes['http.route'] === '/api/health')).toBe(false);

    // Both processes did load the SDK (the recorder below sees it, so its silence means it).
    expect(await recorder.resolved()).toContain('@opentelemetry/sdk-node');
  });

  it('records no live token and takes no trace id from a client (security review, findings 4 and 5)', async () => {
    const token = randomBytes(32).toString('base64url');
    const clientTrace = randomBytes(16).toString('hex');
    const traceparent = `00-${clientTrace}-${randomBytes(8).toString('hex')}-01`;
    const asks = [
      fetch(`${server.baseUrl}/reset-password?token=${token}`, { headers: { traceparent } }),
      fetch(`${server.baseUrl}/stock-alerts/unsubscribe/${token}`, { headers: { traceparent } }),
      fetch(`${server.baseUrl}/api/stock-alerts/${token}`, {
        method: 'DELETE',
        headers: { traceparent, baggage: 'user=someone-else' },
      }),
      fetch(`${server.baseUrl}/no/such/${token}?token=${token}`, { headers: { traceparent } }),
    ];
    for (const answer of await Promise.all(asks)) await answer.arrayBuffer();
    const paths = [
      '/reset-password',
      '/stock-alerts/unsubscribe/:secret',
      '/api/stock-alerts/:token',
      '/no/such/:secret',
    ];
    const mine = await eventually(async () => {
      const found = collector.spans.filter(
        (s) => s.scope === '@fastify/otel' && paths.includes(String(s.attributes['url.path'])),
      );
      return found.length >= paths.length ? found : null;
    }, 10_000);
    expect(new Set(mine.map((s) => s.attributes['url.path']))).toEqual(new Set(paths));
    // Not in any span of any process: names, attributes, ids.
    expect(JSON.stringify(collector.spans)).not.toContain(token);
    // Each request began its own trace: the client's traceparent was dropped (no trusted proxy).
    expect(collector.spans.some((s) => s.traceId === clientTrace)).toBe(false);
    expect(mine.every((s) => s.parentSpanId === '')).toBe(true);
  });

  it('exports what is still buffered when stopped (SIGTERM)', async () => {
    const stopping = await startServerProcess({
      ...shared,
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'kanak-server-stopping',
      // No scheduled export during the test: only the shutdown's flush can deliver the span.
      OTEL_BSP_SCHEDULE_DELAY: '600000',
    });
    try {
      expect((await fetch(`${stopping.baseUrl}/api/products?limit=2`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(collector.spans.some((s) => s.service === 'kanak-server-stopping')).toBe(false);
    } finally {
      expect(await stopping.stop()).toBe(0);
    }
    expect(
      collector.spans.some(
        (s) =>
          s.service === 'kanak-server-stopping' && s.attributes['http.route'] === '/api/products',
      ),
    ).toBe(true);
  }, 60_000);

  it('loads no OpenTelemetry module without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    const quiet = await moduleRecorder(await mkdtemp(path.join(dir, 'off-')));
    const plain = await startServerProcess({ ...shared, ...quiet.env });
    try {
      const answer = await fetch(`${plain.baseUrl}/api/products?limit=2`);
      expect(answer.status).toBe(200);
    } finally {
      expect(await plain.stop()).toBe(0);
    }
    expect(await quiet.resolved()).toEqual([]);
    expect(plain.output.join('\n')).not.toContain('traceId');
  }, 60_000);
});
