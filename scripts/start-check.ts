// `.ci/run`'s proof of the README's first command: runs `npx -y pnpm@<packageManager> start` (what
// Node alone can run) on free ports and a database of its own, then checks that the shop answers
// with its seeded catalogue, that the mail catcher is up, that nothing listens beyond loopback,
// and that it stops on SIGTERM. Exits 1 with what went wrong. Leaves nothing behind.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { createRedis } from '@kanak/core';
import { dropDatabase } from '@kanak/db';
import { deleteKeysUnder, freePort } from '@kanak/testkit';

const pnpmVersion = (
  JSON.parse(fs.readFileSync('package.json', 'utf8')) as { packageManager: string }
).packageManager.split('@')[1]!;
const database = `kanak_start_check_${process.pid}`;
const prefix = `start-check-${process.pid}`;

/** Whether anything accepts a TCP connection at host:port. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const [port, mailWeb, mailSmtp] = [await freePort(), await freePort(), await freePort()];
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
  QUEUE_PREFIX: prefix,
  MAIL_CATCHER_WEB_PORT: String(mailWeb),
  MAIL_CATCHER_SMTP_PORT: String(mailSmtp),
};
// The defaults are what is checked: no HOST, no NODE_ENV, no mail server.
for (const name of ['HOST', 'NODE_ENV', 'SMTP_URL', 'PUBLIC_URL']) delete env[name];

console.log(`start check: npx -y pnpm@${pnpmVersion} start on port ${port}, database ${database}`);
const shop = spawn('npx', ['-y', `pnpm@${pnpmVersion}`, 'start'], {
  env,
  detached: true, // its own process group: the stop below reaches server, worker and catcher
  stdio: ['ignore', 'pipe', 'pipe'],
});
const output: string[] = [];
const keep = (chunk: Buffer) => output.push(...chunk.toString().split('\n'));
shop.stdout.on('data', keep);
shop.stderr.on('data', keep);
/** Whether any process of the shop's group (npx, pnpm, server, worker, catcher) still runs. */
const groupAlive = () => {
  try {
    process.kill(-shop.pid!, 0);
    return true;
  } catch {
    return false;
  }
};
const killGroup = (signal: NodeJS.Signals) => {
  if (groupAlive()) process.kill(-shop.pid!, signal);
};
// Cancelled (CI stopped): the detached group goes too.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    killGroup('SIGKILL');
    process.exit(1);
  });

const problems: string[] = [];
try {
  const base = `http://127.0.0.1:${port}`;
  let healthy = false;
  for (let i = 0; i < 300 && shop.exitCode === null; i++) {
    const status = await fetch(`${base}/api/health`)
      .then((r) => r.status)
      .catch(() => 0);
    if (status === 200 && output.some((line) => line.includes('Admin:'))) {
      healthy = true;
      break;
    }
    await sleep(1000);
  }
  if (!healthy) throw new Error('the shop did not answer its health check within 300 s');

  const listing = (await (await fetch(`${base}/api/products?pageSize=12`)).json()) as {
    totalElements?: number;
  };
  if (!listing.totalElements) problems.push('GET /api/products listed no seeded product');
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@kanak.shop', password: 'Admin@123' }),
  });
  if (login.status !== 200) problems.push(`the demo admin's login answered ${login.status}`);
  if (!(await accepts('127.0.0.1', mailWeb))) problems.push('the mail catcher page is not up');
  if (!output.some((line) => /Listening on 127\.0\.0\.1 only/.test(line)))
    problems.push('pnpm start did not say it listens on 127.0.0.1 only');
  // Nothing of the shop answers on this machine's other addresses (a café's network).
  const outside = Object.values(os.networkInterfaces())
    .flat()
    .filter((a) => a && !a.internal && a.family === 'IPv4')
    .map((a) => a!.address);
  for (const address of outside)
    for (const [what, p] of [
      ['the shop', port],
      ['the mail catcher', mailWeb],
    ] as const)
      if (await accepts(address, p)) problems.push(`${what} answers on ${address}:${p}`);
  if (!outside.length) console.log('start check: no address but loopback here to try');
} catch (error) {
  problems.push((error as Error).message);
} finally {
  // npx exits at once on SIGTERM; what must stop is every process of the group: server and
  // worker finish their work (SHUTDOWN_TIMEOUT_MS), start.ts kills stragglers after 15 s.
  killGroup('SIGTERM');
  const deadline = Date.now() + 30_000;
  while (groupAlive() && Date.now() < deadline) await sleep(250);
  if (groupAlive()) {
    problems.push('pnpm start did not stop within 30 s of SIGTERM');
    killGroup('SIGKILL');
    await sleep(1000);
  }
  if (!output.some((line) => /stopped: done=/.test(line)))
    problems.push('the worker did not log its "stopped" line after SIGTERM');
  await dropDatabase(env.DATABASE_URL!);
  const redis = createRedis(env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  await deleteKeysUnder(redis, prefix);
  redis.disconnect();
}

if (problems.length) {
  console.error(`start check FAILED:\n- ${problems.join('\n- ')}\n--- pnpm start printed:`);
  console.error(output.slice(-60).join('\n'));
  process.exit(1);
}
console.log(
  `start check passed: seeded shop on 127.0.0.1:${port} only, demo admin logs in, mail catcher up, stopped on SIGTERM`,
);
process.exit(0);
