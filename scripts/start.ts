// `pnpm start`: migrate, seed, build the web, then run server and worker and print how to log in.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { SEED_ACCOUNTS } from '@kanak/db';

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? (dev ? 'development' : 'production'),
};

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(
      `\n✗ ${command} ${args.join(' ')} failed. Is PostgreSQL running at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/kanak)?`,
    );
    process.exit(result.status ?? 1);
  }
}

run('pnpm', ['--silent', 'db:seed']);
if (!dev) run('pnpm', ['--silent', 'build']);

// tsx is spawned directly (not through pnpm) so that SIGTERM reaches server and worker.
const tsx = (entry: string) =>
  spawn('tsx', dev ? ['watch', entry] : [entry], { stdio: 'inherit', env });
const children: ChildProcess[] = [tsx('server/src/main.ts'), tsx('worker/src/main.ts')];
if (dev) children.push(spawn('pnpm', ['exec', 'vite'], { stdio: 'inherit', env, cwd: 'web' }));

const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    if (code && code !== 0) {
      console.error(`A process exited with code ${code}; stopping.`);
      stop();
      process.exitCode = code;
    }
  }),
);

// Print the welcome once the server answers its health check.
const base = `http://localhost:${port}`;
for (let i = 0; i < 120; i++) {
  const ok = await fetch(`${base}/api/health`)
    .then((r) => r.json() as Promise<{ status: string }>)
    .catch(() => null);
  if (ok) {
    const { admin, customer } = SEED_ACCOUNTS;
    console.log(
      `\n  Kanak Jewellers is open at ${dev ? 'http://localhost:5173' : base}  (health: ${ok.status})`,
    );
    console.log(`  Admin:    ${admin.email} / ${admin.password}`);
    console.log(`  Customer: ${customer.email} / ${customer.password}\n`);
    break;
  }
  await new Promise((r) => setTimeout(r, 500));
}
