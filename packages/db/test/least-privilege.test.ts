// The shop's PostgreSQL role, for real on the local PostgreSQL: deploy/postgres/app-role.sh (what
// compose's db-init runs) makes a role that is no superuser and may not create databases or
// roles, and the migrations and the demo seed run as that role, on a new database and on one an
// earlier install migrated as the superuser. Each role and database has a random name and is
// dropped at the end. And the demo seed refuses production unless SEED_DEMO=true.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrl, TEST_PG_URL } from '@kanak/testkit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A command to its exit (bounded), with `env` over this process's environment. */
function run(command: string, args: string[], env: Record<string, string>): Promise<Exit> {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}
const cli = (entry: string, env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', path.join(root, entry)], env);

/** The superuser connection of the tests, as the PG* variables psql reads. */
function superuserEnv(): Record<string, string> {
  const url = new URL(TEST_PG_URL);
  return {
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username) || 'postgres',
    PGPASSWORD: decodeURIComponent(url.password),
  };
}

/** deploy/postgres/app-role.sh as db-init runs it, for role and database `name`. */
const appRoleScript = (name: string, password: string) =>
  run('sh', ['deploy/postgres/app-role.sh'], {
    ...superuserEnv(),
    APP_DB_USER: name,
    APP_DB_NAME: name,
    APP_DB_PASSWORD: password,
  });

/** The app's connection: the role itself, with its password (ignored under trust auth). */
function roleUrl(name: string, password: string): string {
  const url = new URL(databaseUrl(name));
  url.username = name;
  url.password = password;
  return url.toString();
}

async function superuserQuery<T extends pg.QueryResultRow>(
  database: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Relations, routines and types in `public` not owned by `role` (extension members aside). */
const foreignOwned = (database: string, role: string) =>
  superuserQuery<{ name: string }>(
    database,
    `SELECT c.relname AS name FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relowner <> $1::regrole
        AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
     UNION ALL
     SELECT p.proname FROM pg_proc p
      WHERE p.pronamespace = 'public'::regnamespace AND p.proowner <> $1::regrole
        AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`,
    [role],
  );

const created: string[] = [];
function newName(label: string): string {
  const name = `kanak_lp_${label}_${randomBytes(4).toString('hex')}`;
  created.push(name);
  return name;
}

afterAll(async () => {
  for (const name of created) {
    await superuserQuery('postgres', `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await superuserQuery('postgres', `DROP ROLE IF EXISTS "${name}"`);
  }
});

// Each case runs the migration CLI two or three times (tsx start-up included): minutes on a busy machine.
describe(
  'the shop as its own PostgreSQL role (deploy/postgres/app-role.sh)',
  { timeout: 180_000 },
  () => {
    it('makes a role without superuser rights that owns a new database', async () => {
      const name = newName('new');
      const password = randomBytes(12).toString('hex');
      const made = await appRoleScript(name, password);
      expect(made.stderr).toBe('');
      expect(made.code).toBe(0);
      const [role] = await superuserQuery(
        'postgres',
        `SELECT rolsuper, rolcreatedb, rolcreaterole, rolreplication, rolbypassrls, rolcanlogin,
              (SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = $1) AS owner
         FROM pg_roles WHERE rolname = $1`,
        [name],
      );
      expect(role).toEqual({
        rolsuper: false,
        rolcreatedb: false,
        rolcreaterole: false,
        rolreplication: false,
        rolbypassrls: false,
        rolcanlogin: true,
        owner: name,
      });

      // Migrations (CREATE EXTENSION pgcrypto and pg_trgm among them: trusted extensions, which a
      // database owner may create), then the demo seed, as that role.
      const url = roleUrl(name, password);
      const migrated = await cli('scripts/db-migrate.ts', {
        DATABASE_URL: url,
        SEED_DEMO: 'true',
      });
      expect(migrated.stderr).not.toMatch(/error/i);
      expect(migrated.code).toBe(0);
      expect(migrated.stdout).toMatch(/Applied migrations: 001_initial/);
      expect(migrated.stdout).toMatch(/SEED_DEMO=true: seeded \d+ demo products/);
      // `pnpm db:seed` with NODE_ENV=production and SEED_DEMO=true, as the same role.
      const seeded = await cli('scripts/db-seed.ts', {
        DATABASE_URL: url,
        NODE_ENV: 'production',
        SEED_DEMO: 'true',
      });
      expect(seeded.code).toBe(0);
      expect(seeded.stdout).toMatch(/Catalogue already seeded\./);
      expect(await foreignOwned(name, name)).toEqual([]);

      // And what it may not do.
      const app = new pg.Client({ connectionString: url });
      await app.connect();
      try {
        for (const statement of [
          `CREATE DATABASE "${name}_other"`,
          `CREATE ROLE "${name}_other"`,
          `ALTER SYSTEM SET work_mem = '1GB'`,
          `CREATE EXTENSION IF NOT EXISTS file_fdw`,
        ])
          await expect(app.query(statement), statement).rejects.toMatchObject({ code: '42501' });
      } finally {
        await app.end();
      }
    });

    it('hands an earlier install’s tables (made by the superuser) to the role; migrate and seed then run as it', async () => {
      const name = newName('old');
      const password = randomBytes(12).toString('hex');
      // An install from before the role: database, schema and migrations all the superuser's.
      await superuserQuery('postgres', `CREATE DATABASE "${name}"`);
      const before = await cli('scripts/db-migrate.ts', {
        DATABASE_URL: databaseUrl(name),
      });
      expect(before.code).toBe(0);
      expect((await foreignOwned(name, 'postgres')).length).toBe(0);

      const made = await appRoleScript(name, password);
      expect(made.code).toBe(0);
      expect(await foreignOwned(name, name)).toEqual([]);
      // Run again (every `docker compose up` does), with a changed password: still fine.
      expect((await appRoleScript(name, randomBytes(12).toString('hex'))).code).toBe(0);

      const url = roleUrl(name, password);
      const migrated = await cli('scripts/db-migrate.ts', {
        DATABASE_URL: url,
        SEED_DEMO: 'true',
      });
      expect(migrated.code).toBe(0);
      expect(migrated.stdout).toMatch(/Database is up to date\./);
      expect(migrated.stdout).toMatch(/SEED_DEMO=true: seeded \d+ demo products/);
      const [counted] = await superuserQuery<{ products: number }>(
        name,
        'SELECT count(*)::int AS products FROM products',
      );
      expect(counted?.products).toBeGreaterThan(0);
    });
  },
);

describe('the demo seed in production', { timeout: 60_000 }, () => {
  it('refuses NODE_ENV=production without SEED_DEMO=true, before connecting anywhere', async () => {
    for (const SEED_DEMO of ['', 'false']) {
      const result = await cli('scripts/db-seed.ts', {
        NODE_ENV: 'production',
        SEED_DEMO,
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^Refusing to seed with NODE_ENV=production: .*SEED_DEMO=true/m,
      );
    }
  });
});
