// The operator commands of a production deployment, run as the processes they are:
// `pnpm admin:create` against a running shop, the migration step with and without SEED_DEMO,
// and the worker's heartbeat healthcheck.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, dropDatabase } from '@kanak/db';
import { MESSAGES, PASSWORD_PATTERN } from '@kanak/shared';
import {
  createTestDatabase,
  databaseUrl,
  httpClient,
  startTestServer,
  TEST_REDIS_URL,
  uniquePrefix,
  type TestServer,
} from '@kanak/testkit';
import { startTsxProcess } from './process-support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `node --import tsx <entry> …args` to its exit (bounded). */
function run(entry: string, args: string[], env: Record<string, string>, input?: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, entry), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (input !== undefined) child.stdin?.end(input);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Only for a command that never exits: tsx compiles before each runs, slow on a loaded machine.
  const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

describe('pnpm admin:create', { timeout: 120_000 }, () => {
  let shop: TestServer;
  let http: ReturnType<typeof httpClient>;
  const adminCreate = (...args: string[]) =>
    run('scripts/admin-create.ts', args, { DATABASE_URL: shop.database.url });
  const login = (email: string, password: string) =>
    http.post<{ jwt: string }>('/auth/login', { email, password });
  /** GET /api/users: the admin customers table. */
  const adminRoute = (token: string) => http.get('/api/users', { token });
  const email = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

  beforeAll(async () => {
    shop = await startTestServer();
    http = httpClient(shop.baseUrl);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('creates an administrator who can log in and reach an admin route', async () => {
    const address = email('owner');
    const result = await adminCreate(
      '--email',
      address,
      '--password',
      'Gold#Ring42',
      '--first-name',
      'Meera',
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Created administrator ${address}.`);
    expect(result.stdout).not.toMatch(/Generated password/);

    const answer = await login(address, 'Gold#Ring42');
    expect(answer.status).toBe(200);
    expect((await adminRoute(answer.body.jwt)).status).toBe(200);
    const row = await shop.database.db
      .selectFrom('users')
      .select(['role', 'first_name', 'last_name'])
      .where('email', '=', address)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'ADMIN', first_name: 'Meera', last_name: 'Admin' });
  });

  it('prints a generated password once, and that password works', async () => {
    const address = email('generated');
    const result = await adminCreate('--email', address);
    expect(result.code).toBe(0);
    const password = /Generated password .*: (\S+)$/m.exec(result.stdout)?.[1];
    expect(password).toMatch(PASSWORD_PATTERN);
    expect(result.stdout.split(password!).length - 1).toBe(1);

    const answer = await login(address, password!);
    expect(answer.status).toBe(200);
    expect((await adminRoute(answer.body.jwt)).status).toBe(200);
  });

  it('promotes an existing customer with a new password; tokens issued before stay customer tokens', async () => {
    const address = email('customer');
    const signup = await http.post<{ jwt: string }>('/auth/signup', {
      firstName: 'Asha',
      lastName: 'Rao',
      email: address,
      password: 'Silver@123',
    });
    expect(signup.status).toBe(201);
    expect((await adminRoute(signup.body.jwt)).status).toBe(403);

    const result = await adminCreate('--email', address.toUpperCase());
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`${address} is now an administrator (was a customer).`);
    const password = /Generated password[^:]*: (\S+)/.exec(result.stdout)?.[1];
    expect(password).toBeDefined();

    // Whoever signed up with this e-mail (sign-up is open, e-mails unverified) gains nothing:
    // the password change ended their session (token version), and their password no longer works.
    expect((await adminRoute(signup.body.jwt)).status).toBe(401);
    expect((await login(address, 'Silver@123')).status).toBe(401);
    const answer = await login(address, password!);
    expect(answer.status).toBe(200);
    expect((await adminRoute(answer.body.jwt)).status).toBe(200);
    const users = await shop.database.db
      .selectFrom('users')
      .select(['first_name', 'role'])
      .where('email', '=', address)
      .execute();
    expect(users).toEqual([{ first_name: 'Asha', role: 'ADMIN' }]);
  });

  it('reads the password from standard input with --password-stdin', async () => {
    const address = email('stdin');
    const result = await run(
      'scripts/admin-create.ts',
      ['--email', address, '--password-stdin'],
      { DATABASE_URL: shop.database.url },
      'Ruby@2026x\n',
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toMatch(/Generated password/);
    expect((await login(address, 'Ruby@2026x')).status).toBe(200);
  });

  it('sets a new password on an existing administrator when one is given', async () => {
    const address = email('reset');
    expect((await adminCreate('--email', address, '--password', 'First@1234')).code).toBe(0);
    const result = await adminCreate('--email', address, '--password', 'Second@1234');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`${address} was already an administrator. Password set.`);
    expect((await login(address, 'First@1234')).status).toBe(401);
    expect((await login(address, 'Second@1234')).status).toBe(200);
  });

  it('refuses a bad e-mail, a weak password and a missing --email with exit code 2', async () => {
    const address = email('weak');
    // Four refusals, independent of each other: run side by side.
    const [badEmail, weak, longName, missing] = await Promise.all([
      adminCreate('--email', 'not-an-address'),
      adminCreate('--email', address, '--password', 'password'),
      adminCreate('--email', address, '--first-name', 'N'.repeat(30)),
      adminCreate(),
    ]);
    expect(badEmail.code).toBe(2);
    expect(badEmail.stderr).toContain(MESSAGES.email);
    expect(weak.code).toBe(2);
    expect(weak.stderr).toContain(MESSAGES.password);
    expect(longName.code).toBe(2);
    expect(longName.stderr).toContain(MESSAGES.name);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--email is required/);

    const created = await shop.database.db
      .selectFrom('users')
      .select('id')
      .where('email', 'in', ['not-an-address', address])
      .execute();
    expect(created).toEqual([]);
  }, 120_000);

  it('says the database is not migrated (exit 1) when it is missing', async () => {
    const result = await run('scripts/admin-create.ts', ['--email', email('nodb')], {
      DATABASE_URL: databaseUrl(`kanak_missing_${randomBytes(4).toString('hex')}`),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/run the migrations first/);
  });
});

describe('the migration step', { timeout: 120_000 }, () => {
  const url = databaseUrl(`kanak_t_release_${process.pid}_${randomBytes(4).toString('hex')}`);
  const db = createDb(url, 1);
  const counts = async () => ({
    users: Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    products: Number(
      (
        await db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });
  afterAll(async () => {
    await db.destroy();
    await dropDatabase(url);
  });

  it('migrates a new database without demo data, and seeds only with SEED_DEMO=true', async () => {
    const plain = await run('scripts/db-migrate.ts', [], {
      DATABASE_URL: url,
      SEED_DEMO: '',
    });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/Applied migrations: 001_initial/);
    expect(await counts()).toEqual({ users: 0, products: 0 });

    const seeded = await run('scripts/db-migrate.ts', [], {
      DATABASE_URL: url,
      SEED_DEMO: 'true',
    });
    expect(seeded.code).toBe(0);
    expect(seeded.stdout).toMatch(/Database is up to date\./);
    expect(seeded.stdout).toMatch(/SEED_DEMO=true: seeded \d+ demo products/);
    const after = await counts();
    expect(after.products).toBeGreaterThan(0);
    const admin = await db
      .selectFrom('users')
      .select('role')
      .where('email', '=', 'admin@kanak.shop')
      .executeTakeFirst();
    expect(admin?.role).toBe('ADMIN');
  });

  it('refuses a SEED_DEMO value that is neither true nor false', async () => {
    const result = await run('scripts/db-migrate.ts', [], {
      DATABASE_URL: url,
      SEED_DEMO: 'maybe',
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/SEED_DEMO must be true or false/);
  });
});

describe('the worker heartbeat', { timeout: 120_000 }, () => {
  it('is fresh while the worker runs and gone once it stopped', async () => {
    // The worker needs a database of its own, not a running shop.
    const database = await createTestDatabase();
    const dir = mkdtempSync(path.join(tmpdir(), 'kanak-heartbeat-'));
    const file = path.join(dir, 'heartbeat');
    const check = () => run('worker/src/healthcheck.ts', [], { WORKER_HEARTBEAT_FILE: file });
    try {
      const before = await check();
      expect(before.code).toBe(1);
      expect(before.stderr).toMatch(/no heartbeat yet/);

      const worker = await startTsxProcess(
        'worker/src/main.ts',
        {
          DATABASE_URL: database.url,
          REDIS_URL: TEST_REDIS_URL,
          QUEUE_PREFIX: uniquePrefix('q'),
          WORKER_METRICS_INTERVAL_MS: '0',
          RECONCILE_EVERY_MS: '0',
          WORKER_HEARTBEAT_FILE: file,
        },
        /worker listening/,
      );
      try {
        // The first beat follows the first Redis round trip.
        for (let i = 0; i < 100 && !existsSync(file); i++)
          await new Promise((r) => setTimeout(r, 100));
        const alive = await check();
        expect(alive.code).toBe(0);
        expect(alive.stdout).toMatch(/alive: last heartbeat \d+ s ago/);
      } finally {
        expect(await worker.stop('SIGTERM')).toBe(0);
      }
      expect(existsSync(file)).toBe(false);
      expect((await check()).code).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
