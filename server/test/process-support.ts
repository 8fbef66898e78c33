// The server as its own process (`node --import tsx server/src/main.ts`), for tests that cut its
// dependencies, signal it or watch it exit; plus a small load generator and timing helpers.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, RELAXED_LIMITS, uniquePrefix } from '@kanak/testkit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A child process of the project (`node --import tsx <entry>`) that a test starts and stops. */
export interface ChildProcessHandle {
  child: ChildProcess;
  pid: number;
  /** Every line the process printed (pino JSON lines and anything else). */
  output: string[];
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited(): boolean;
  /** Resolves with the exit code (null when killed by a signal) once the process is gone. */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** Sends `signal` (SIGTERM) and waits for the exit; SIGKILL after `killAfterMs`. */
  stop(signal?: NodeJS.Signals, killAfterMs?: number): Promise<number | null>;
}

export interface ProcessOptions {
  /** Appends everything the process prints (stdout and stderr) to this file too. */
  logFile?: string;
  /** Keeps only the last this many lines in `output` (a long-running soak); default all. */
  maxLines?: number;
  /** How long to wait for the ready line (default 45 s). */
  readyTimeoutMs?: number;
}

/** Starts `entry` with `env` on top of this process's; resolves once it printed `ready`. */
export async function startTsxProcess(
  entry: string,
  env: Record<string, string>,
  ready: RegExp,
  options: ProcessOptions = {},
): Promise<ChildProcessHandle> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, entry)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const listeners = new Set<() => void>();
  const log = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : null;
  const collect = (chunk: Buffer) => {
    log?.write(chunk);
    output.push(...chunk.toString().split('\n').filter(Boolean));
    if (options.maxLines && output.length > options.maxLines)
      output.splice(0, output.length - options.maxLines);
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
    (resolve) => child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  if (log) child.once('close', () => log.end());
  const exited = () => child.exitCode !== null || child.signalCode !== null;

  const waitFor = (pattern: RegExp, timeoutMs = 20_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const line = output.find((l) => pattern.test(l));
        if (line) {
          listeners.delete(check);
          clearTimeout(timer);
          resolve(line);
        } else if (exited()) {
          listeners.delete(check);
          clearTimeout(timer);
          reject(new Error(`${entry} exited before printing ${pattern}:\n${output.join('\n')}`));
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(
          new Error(`${entry} did not print ${pattern} in ${timeoutMs} ms:\n${output.join('\n')}`),
        );
      }, timeoutMs);
      listeners.add(check);
      void exit.then(check);
      check();
    });

  const handle: ChildProcessHandle = {
    child,
    pid: child.pid!,
    output,
    waitFor,
    exited,
    exit,
    async stop(signal = 'SIGTERM', killAfterMs = 15_000) {
      if (exited()) return child.exitCode;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      const { code } = await exit;
      clearTimeout(timer);
      return code;
    },
  };
  try {
    // Generous: tsx compiles the entry on start, and CI machines are shared.
    await waitFor(ready, options.readyTimeoutMs ?? 45_000);
  } catch (error) {
    await handle.stop('SIGKILL');
    throw error;
  }
  return handle;
}

export interface ServerProcess extends ChildProcessHandle {
  baseUrl: string;
}

/** Starts the server with DATABASE_URL / REDIS_URL of the test (e.g. through a fault proxy). */
export async function startServerProcess(
  env: {
    DATABASE_URL: string;
    REDIS_URL: string;
    [name: string]: string;
  },
  /** `port`: listen there (a restart on the same port); a free one otherwise. */
  options: ProcessOptions & { port?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const handle = await startTsxProcess(
    'server/src/main.ts',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      QUEUE_PREFIX: uniquePrefix('q'),
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      JWT_SECRET: randomBytes(24).toString('hex'),
      ...RELAXED_LIMITS,
      ...env,
    },
    /Server listening at/,
    options,
  );
  return { ...handle, baseUrl: `http://127.0.0.1:${port}` };
}

export interface Answer {
  status: number;
  ms: number;
  body: string;
  headers: Headers;
  /** Set when the request failed without an HTTP answer (connection refused, reset, aborted). */
  error?: string;
}

/** One request with a client-side bound (so a hang shows up as a failed assertion, not a stall). */
export async function timedFetch(
  url: string,
  init: RequestInit = {},
  timeoutMs = 20_000,
): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const body = await response.text();
    return {
      status: response.status,
      ms: performance.now() - started,
      body,
      headers: response.headers,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return {
      status: 0,
      ms: performance.now() - started,
      body: '',
      headers: new Headers(),
      error: cause?.code ?? (error as Error).name ?? String(error),
    };
  }
}

export type RequestSpec = { label: string; path: string; init?: RequestInit };

/** The mix of database-backed requests the fault tests keep running. */
export function databaseRequests(
  productId: string,
  login: { email: string; password: string },
  /** A shopper's token and cart line: adds a cart write (a transaction, same answer each time). */
  cart?: { token: string; cartItemId: string },
): RequestSpec[] {
  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return [
    { label: 'REST listing', path: '/api/products?pageSize=12' },
    { label: 'REST product', path: `/api/products/id/${productId}` },
    { label: 'REST login', path: '/auth/login', init: json(login) },
    {
      label: 'tRPC listing',
      path: `/trpc/catalog.list?input=${encodeURIComponent(JSON.stringify({ pageSize: '12' }))}`,
    },
    { label: 'tRPC login', path: '/trpc/auth.login', init: json(login) },
    ...(cart
      ? [
          {
            label: 'REST cart update',
            path: `/api/cart_item/${cart.cartItemId}`,
            init: {
              method: 'PUT',
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${cart.token}`,
              },
              body: JSON.stringify({ quantity: 1 }),
            },
          },
        ]
      : []),
  ];
}

export interface Load {
  /** `sentAt` and `at`: when the request was sent and when its answer arrived (Date.now()). */
  answers: Array<Answer & { label: string; sentAt: number; at: number }>;
  /** Labels of the requests sent and not answered yet. */
  outstanding(): string[];
  /** No new request is sent until `resume()`; those already sent still get their answers. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

/** `concurrency` loops, each sending the requests of `specs` in turn until stopped. */
export function runLoad(
  baseUrl: string,
  specs: RequestSpec[],
  concurrency = 20,
  timeoutMs = 20_000,
): Load {
  let running = true;
  let resumed: Promise<void> | null = null;
  let wake = () => {};
  const answers: Load['answers'] = [];
  const pending = new Map<number, string>();
  let nextId = 0;
  const loops = Array.from({ length: concurrency }, async (_, i) => {
    for (let n = i; running; n++) {
      if (resumed) await resumed;
      if (!running) break;
      const spec = specs[n % specs.length]!;
      const id = nextId++;
      pending.set(id, spec.label);
      const sentAt = Date.now();
      const answer = await timedFetch(`${baseUrl}${spec.path}`, spec.init, timeoutMs);
      pending.delete(id);
      answers.push({ ...answer, label: spec.label, sentAt, at: Date.now() });
      // A refused connection answers at once: don't spin.
      if (answer.status === 0) await new Promise((r) => setTimeout(r, 50));
    }
  });
  const resume = () => {
    resumed = null;
    wake();
  };
  return {
    answers,
    outstanding: () => [...pending.values()],
    pause() {
      resumed ??= new Promise<void>((resolve) => (wake = resolve));
    },
    resume,
    async stop() {
      running = false;
      resume();
      await Promise.all(loops);
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns true; resolves with the time it took, throws after `timeoutMs`. */
export async function until(
  check: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 100,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met in ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}
