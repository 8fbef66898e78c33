// Fault injection for integration tests: a TCP proxy in front of PostgreSQL that a test can cut,
// freeze and restore, and a private redis-server that a test can stop and start again. Neither
// touches the shared services: the proxy only stops forwarding, the Redis is the test's own.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { TEST_PG_URL } from './env';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL proxy

export type ProxyMode = 'open' | 'cut' | 'frozen';

export interface PgProxy {
  /** The proxy's own port on 127.0.0.1. */
  port: number;
  /** A connection URL for database `name` through the proxy (user and options of TEST_PG_URL). */
  url(name: string): string;
  /** Rewrites any PostgreSQL URL (e.g. a test database's) so it goes through the proxy. */
  rewrite(databaseUrl: string): string;
  /** Destroys every proxied connection and refuses new ones (connect gives ECONNREFUSED). */
  cut(): Promise<void>;
  /**
   * Accepts connections but forwards no byte in either direction, like a link that drops every
   * packet. Bytes and closes that arrive meanwhile are held and delivered on restore (as TCP
   * retransmission would), unless the other side gave up first.
   */
  freeze(): void;
  /** Back to normal forwarding; a cut proxy listens again on the same port. */
  restore(): Promise<void>;
  /** Stops the proxy and destroys every connection. */
  close(): Promise<void>;
  mode(): ProxyMode;
  /** Connections currently proxied (client side open). */
  connections(): number;
}

interface Held {
  data: Buffer[];
  ended: boolean;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
  /** What each side sent while frozen, per direction. */
  toUpstream: Held;
  toClient: Held;
}

/**
 * A TCP proxy on a free port of 127.0.0.1 in front of PostgreSQL (`targetPort`, default 5432).
 * Point the server under test at `proxy.rewrite(database.url)`.
 */
export async function startPgProxy(targetPort = 5432, targetHost = '127.0.0.1'): Promise<PgProxy> {
  let mode: ProxyMode = 'open';
  const pairs = new Set<Pair>();

  const flush = (held: Held, to: net.Socket) => {
    for (const chunk of held.data.splice(0)) if (!to.destroyed) to.write(chunk);
    if (held.ended && !to.destroyed) to.end();
    held.ended = false;
  };

  const forward = (from: net.Socket, to: net.Socket, held: Held) => {
    from.on('data', (chunk: Buffer) => {
      if (mode === 'frozen') held.data.push(chunk);
      else if (!to.destroyed) to.write(chunk);
    });
    from.on('end', () => {
      if (mode === 'frozen') held.ended = true;
      else if (!to.destroyed) to.end();
    });
  };

  const onConnection = (client: net.Socket) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    const upstream = net.connect({ port: targetPort, host: targetHost });
    const pair: Pair = {
      client,
      upstream,
      toUpstream: { data: [], ended: false },
      toClient: { data: [], ended: false },
    };
    pairs.add(pair);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    forward(client, upstream, pair.toUpstream);
    forward(upstream, client, pair.toClient);
    const teardown = () => {
      // While frozen a close is not seen by the other side until restore (see freeze()).
      if (mode === 'frozen') return;
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
    client.on('close', teardown);
    upstream.on('close', teardown);
  };

  const server = net.createServer({ allowHalfOpen: true }, onConnection);
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      // close() stops accepting at once; its callback waits for connections, which we destroy.
      server.close(() => resolve());
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
    });

  await listen(0);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const destroyAll = () => {
    for (const pair of pairs) {
      pair.client.destroy();
      pair.upstream.destroy();
    }
    pairs.clear();
  };

  const rewrite = (databaseUrl: string) => {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    return url.toString();
  };

  return {
    port,
    rewrite,
    url(name: string) {
      const url = new URL(TEST_PG_URL);
      url.pathname = `/${name}`;
      return rewrite(url.toString());
    },
    async cut() {
      mode = 'cut';
      destroyAll();
      await stopListening();
      pairs.clear();
    },
    freeze() {
      if (mode === 'open') mode = 'frozen';
    },
    async restore() {
      const was = mode;
      mode = 'open';
      if (was === 'cut') {
        await listen(port);
        return;
      }
      for (const pair of [...pairs]) {
        flush(pair.toUpstream, pair.upstream);
        flush(pair.toClient, pair.client);
        // A side that closed while frozen: close the other one now.
        if (pair.client.destroyed || pair.upstream.destroyed) {
          pairs.delete(pair);
          pair.client.destroy();
          pair.upstream.destroy();
        }
      }
    },
    async close() {
      mode = 'cut';
      destroyAll();
      await stopListening();
    },
    mode: () => mode,
    connections: () => [...pairs].filter((p) => !p.client.destroyed).length,
  };
}

/**
 * pg_terminate_backend on every backend connected to database `name` (as an operator or a
 * failover would), from an admin connection to TEST_PG_URL; answers how many were terminated.
 */
export async function terminateBackends(name: string): Promise<number> {
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  try {
    const result = await admin.query<{ ok: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
        WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [name],
    );
    return result.rows.filter((row) => row.ok).length;
  } finally {
    await admin.end();
  }
}

// ---------------------------------------------------------------------------------------------
// A private redis-server

export interface RedisServer {
  port: number;
  /** redis://127.0.0.1:<port> */
  url: string;
  pid(): number | null;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL at once (a crash); resolves once the process is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty unless started with `persist`). */
  start(): Promise<void>;
  /** SIGSTOP: the process holds its connections but answers nothing (a hung server). */
  pause(): void;
  /** SIGCONT after pause(). */
  resume(): void;
}

export interface RedisServerOptions {
  /**
   * Keep the data across stop/kill and start: an append-only file fsynced on every write, so a
   * SIGKILL loses nothing acknowledged (as a production Redis with appendfsync always).
   */
  persist?: boolean;
}

const runningRedisPids = new Set<number>();
const redisDirs = new Set<string>();
let exitHookInstalled = false;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** PING over a raw socket; true when +PONG arrives within `timeoutMs`. */
export function pingRedisPort(port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let answer = '';
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
    socket.on('error', () => done(false));
  });
}

/**
 * `redis-server` on a free port, daemonized, nothing kept on disk unless `persist`. Stop it with
 * `stop()` (by its pid); a process exit hook SIGKILLs any that a failed test left running.
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `kanak-redis-${port}-`));
  const pidfile = path.join(dir, 'redis.pid');
  redisDirs.add(dir);
  let pid: number | null = null;

  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const p of runningRedisPids) {
        try {
          process.kill(p, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      for (const dir of redisDirs) fs.rmSync(dir, { recursive: true, force: true });
    });
  }

  const start = async () => {
    if (pid !== null && alive(pid)) return;
    fs.mkdirSync(dir, { recursive: true });
    fs.rmSync(pidfile, { force: true });
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--daemonize',
      'yes',
      '--save',
      '',
      ...(options.persist
        ? ['--appendonly', 'yes', '--appendfsync', 'always']
        : ['--appendonly', 'no']),
      '--pidfile',
      pidfile,
      '--dir',
      dir,
      '--logfile',
      path.join(dir, 'redis.log'),
    ];
    const launcher = spawn('redis-server', args, { stdio: 'ignore' });
    const code = await new Promise<number | null>((resolve, reject) => {
      launcher.once('error', reject);
      launcher.once('exit', (c) => resolve(c));
    });
    if (code !== 0) throw new Error(`redis-server exited with ${code} (port ${port})`);
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (pid === null && fs.existsSync(pidfile)) {
        const text = fs.readFileSync(pidfile, 'utf8').trim();
        if (text) pid = Number(text);
      }
      if (pid !== null && (await pingRedisPort(port, 300))) break;
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not start`);
      await sleep(50);
    }
    runningRedisPids.add(pid);
  };

  const stop = async (graceMs = 3000, signal: NodeJS.Signals = 'SIGTERM') => {
    if (pid === null) return;
    const current = pid;
    pid = null;
    try {
      // A paused (SIGSTOPped) process would not act on SIGTERM.
      process.kill(current, 'SIGCONT');
      process.kill(current, signal);
    } catch {
      // already gone
    }
    const deadline = Date.now() + graceMs;
    while (alive(current) && Date.now() < deadline) await sleep(25);
    if (alive(current)) {
      try {
        process.kill(current, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
      while (alive(current)) await sleep(25);
    }
    runningRedisPids.delete(current);
    if (!options.persist) fs.rmSync(dir, { recursive: true, force: true });
  };
  const signal = (name: NodeJS.Signals) => {
    if (pid !== null) process.kill(pid, name);
  };

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    pid: () => pid,
    stop: (graceMs?: number) => stop(graceMs),
    kill: () => stop(0, 'SIGKILL'),
    start,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
  };
}
