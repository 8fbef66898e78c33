// `pnpm start`: migrate, seed, build the web, then run server and worker and print how to log in.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { SEED_ACCOUNTS } from '@kanak/db';
import { PRODUCTION_MEMORY_ENV } from './production-memory';

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
// A local shop with demo data: development settings (sandbox payments, development secrets)
// unless the caller says otherwise. Production runs the image (see docs/operations.md).
const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' };

// No mail server needed: without SMTP_URL the worker sends to scripts/mail-catcher.ts, whose
// page lists every mail (MAIL_CATCHER_WEB_PORT, default 1080; SMTP on MAIL_CATCHER_SMTP_PORT, 1025).
// (maildev 3.0 was tried first: it installs, but its CLI never opened its ports here.)
const mailWeb = Number(process.env.MAIL_CATCHER_WEB_PORT ?? 1080);
const mailSmtp = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 1025);
const catcher = !env.SMTP_URL && env.NODE_ENV !== 'production';
if (catcher) {
  env.SMTP_URL = `smtp://127.0.0.1:${mailSmtp}`;
  // Mail links name the shop's own HOST:PORT by themselves (mailLinkBase); in dev, Vite's page.
  if (dev) env.MAIL_LINK_BASE_URL ??= 'http://localhost:5173';
}

// The pnpm running this script (npm_execpath), so `npx pnpm@… start` works with no pnpm on PATH.
const pnpmCli = process.env.npm_execpath;
const pnpm: [string, string[]] =
  pnpmCli && /pnpm/.test(pnpmCli) ? [process.execPath, [pnpmCli]] : ['pnpm', []];

function run(command: string, args: string[], extra: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extra } });
  if (result.status !== 0) {
    console.error(
      `\n✗ ${command} ${args.join(' ')} failed. Is PostgreSQL running at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/kanak)?`,
    );
    process.exit(result.status ?? 1);
  }
}

run(pnpm[0], [...pnpm[1], '--silent', 'db:seed']);
// The web is always a production build (React's development build is several times slower and
// is what a newcomer would judge the shop by), whatever mode server and worker run in.
if (!dev) run(pnpm[0], [...pnpm[1], '--silent', 'build'], { NODE_ENV: 'production' });

// Node runs the entry points itself (tsx as a loader, not a wrapper process, and not through
// pnpm, which does not forward signals), so a signal sent to this process reaches server and
// worker; `tsx watch` in dev.
const runTs = (entry: string, extra: NodeJS.ProcessEnv = {}) =>
  dev
    ? spawn('tsx', ['watch', entry], { stdio: 'inherit', env })
    : spawn(process.execPath, ['--import', 'tsx', entry], {
        stdio: 'inherit',
        env: { ...env, ...extra },
      });
// Server and worker with the image's memory settings (docs/adr/0007-memory.md), unless the caller sets
// its own; not the build or the seed (Vite's build needs more heap than the server).
const memory: NodeJS.ProcessEnv = {
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? PRODUCTION_MEMORY_ENV.MALLOC_ARENA_MAX,
  NODE_OPTIONS: process.env.NODE_OPTIONS ?? PRODUCTION_MEMORY_ENV.NODE_OPTIONS,
};
const children: ChildProcess[] = [
  runTs('server/src/main.ts', memory),
  runTs('worker/src/main.ts', memory),
];
if (catcher) children.push(runTs('scripts/mail-catcher.ts'));
if (dev)
  children.push(
    spawn(pnpm[0], [...pnpm[1], 'exec', 'vite'], { stdio: 'inherit', env, cwd: 'web' }),
  );

const running = new Set(children);
let stopping = false;
/** Passes the signal on to every child still running; exits once they all have. */
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  for (const child of running) child.kill(signal);
  // Server and worker exit within their SHUTDOWN_TIMEOUT_MS (9 s); this is the backstop.
  setTimeout(() => {
    for (const child of running) child.kill('SIGKILL');
    process.exit(process.exitCode ?? 1);
  }, 15_000).unref();
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (!stopping && (code !== 0 || signal)) {
      console.error(`A process exited (${signal ?? `code ${code}`}); stopping.`);
      process.exitCode = code || 1;
      stop('SIGTERM');
    }
    if (running.size === 0) process.exit(process.exitCode ?? 0);
  });
}

// Print the welcome once the server answers its health check.
const base = `http://localhost:${port}`;
for (let i = 0; i < 120 && !stopping; i++) {
  const ok = await fetch(`${base}/api/health`)
    .then((r) => r.json() as Promise<{ status: string }>)
    .catch(() => null);
  if (ok) {
    const { admin, customer } = SEED_ACCOUNTS;
    console.log(
      `\n  Kanak Jewellers is open at ${dev ? 'http://localhost:5173' : base}  (health: ${ok.status})`,
    );
    console.log(`  Admin:    ${admin.email} / ${admin.password}`);
    console.log(`  Customer: ${customer.email} / ${customer.password}`);
    console.log(
      catcher
        ? `  Mails:    http://localhost:${mailWeb}  (development mail catcher; nothing leaves this machine)`
        : `  Mails:    sent through ${new URL(env.SMTP_URL ?? 'smtp://unset').host}`,
    );
    // Loopback unless HOST says otherwise: the demo admin's password is public.
    const host = process.env.HOST ?? '127.0.0.1';
    console.log(
      host === '127.0.0.1' || host === 'localhost'
        ? `  Listening on ${host} only (HOST=0.0.0.0 opens it to the network).`
        : `  Listening on ${host}: anyone who reaches it can log in as the demo admin.`,
    );
    console.log(`  Each request is logged at LOG_LEVEL=debug; warnings and errors always.\n`);
    break;
  }
  await new Promise((r) => setTimeout(r, 500));
}
