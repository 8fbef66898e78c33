// A client generated from /api/openapi.json (openapi-typescript for the types, openapi-fetch for
// the calls) type-checks and shops against the running server: login, listing, cart add and an
// admin order move, each through the document's paths and schemas only.
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '@kanak/db';
import { startTestServer, type TestServer } from '@kanak/testkit';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
// Inside server/node_modules: the generated client resolves openapi-fetch as any module of the
// server would, and no lint, format or typecheck run of the project sees these files.
const outDir = path.join(here, '../node_modules/.cache/kanak-openapi-client');

interface ClientResult {
  loginStatus: number;
  productCount: number;
  cartStatus: number;
  cartProductIds: string[];
  addedProductId: string;
  moveStatus: number;
}

let server: TestServer;

beforeAll(async () => {
  // No worker: the move is queued and answered 202 at once.
  server = await startTestServer({ ORDER_WAIT_MS: 0 });
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
});
afterAll(async () => {
  await server?.close();
  await rm(outDir, { recursive: true, force: true });
});

describe('a client generated from the OpenAPI document', () => {
  it(
    'compiles and calls login, listing, cart add and an admin move',
    { timeout: 120_000 },
    async () => {
      const document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as Record<
        string,
        unknown
      >;
      const types = astToString(await openapiTS(JSON.stringify(document)));
      // The admin moves are an enum a generator can see, not a free string.
      expect(types).toMatch(/action: "confirmed" \| "ship" \| "deliver" \| "cancel"/);
      await writeFile(path.join(outDir, 'api.d.ts'), types);
      const source = await readFile(path.join(here, 'openapi-client.template.txt'), 'utf8');
      const clientFile = path.join(outDir, 'client.ts');
      await writeFile(clientFile, source);

      // tsc in its own process: a type check takes seconds of CPU the in-process server needs.
      const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
      const checked = await run(process.execPath, [
        tsc,
        '--noEmit',
        '--ignoreConfig',
        '--strict',
        '--skipLibCheck',
        '--target',
        'ES2022',
        '--module',
        'ESNext',
        '--moduleResolution',
        'Bundler',
        '--lib',
        'ES2023,DOM',
        clientFile,
      ]).then(
        () => '',
        (error: Error & { stdout?: string }) => error.stdout || error.message,
      );
      expect(checked).toBe('');

      const js = ts.transpileModule(source, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      const jsFile = path.join(outDir, 'client.mjs');
      await writeFile(jsFile, js);
      const client = (await import(pathToFileURL(jsFile).href)) as {
        shopThroughGeneratedClient(
          baseUrl: string,
          logins: Record<'customer' | 'admin', { email: string; password: string }>,
          orderId: string,
        ): Promise<ClientResult>;
      };

      const placed = await server.database.db
        .selectFrom('orders')
        .select('id')
        .where('status', '=', 'PLACED')
        .executeTakeFirstOrThrow();
      const result = await client.shopThroughGeneratedClient(
        server.baseUrl,
        {
          customer: {
            email: SEED_ACCOUNTS.customer.email,
            password: SEED_ACCOUNTS.customer.password,
          },
          admin: { email: SEED_ACCOUNTS.admin.email, password: SEED_ACCOUNTS.admin.password },
        },
        placed.id,
      );
      expect(result.loginStatus).toBe(200);
      expect(result.productCount).toBe(3);
      expect(result.cartStatus).toBe(200);
      expect(result.cartProductIds).toContain(result.addedProductId);
      expect(result.moveStatus).toBe(202);
      const queued = await server.database.db
        .selectFrom('outbox')
        .select('payload')
        .where('payload', '@>', JSON.stringify({ orderId: placed.id, to: 'CONFIRMED' }))
        .executeTakeFirst();
      expect(queued).toBeDefined();
    },
  );
});
