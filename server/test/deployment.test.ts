// The production deployment as files: Dockerfile, docker-compose.yml, the proxy's nginx.conf and
// .dockerignore keep the properties README "Running in production" and "Scaling" promise (no
// Docker engine runs in CI, so they are read, not built); and a production start with development
// secrets is refused.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../src/config';
import { healthDoc } from '../src/health/health.rest';
import { PRODUCTION_MEMORY_ENV } from '../../scripts/production-memory';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

// ---- Dockerfile -------------------------------------------------------------------------------

interface Instruction {
  op: string;
  args: string;
  stage: string;
}

/** Instructions (continuation lines joined, comments dropped), each tagged with its stage. */
function dockerInstructions(text: string): Instruction[] {
  const logical = text
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  let stage = '';
  return logical.map((line) => {
    const [op, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (op!.toUpperCase() === 'FROM') stage = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? '';
    return { op: op!.toUpperCase(), args, stage };
  });
}

const dockerfile = dockerInstructions(read('Dockerfile'));
const argDefault = (name: string) =>
  new RegExp(`^${name}=(\\S+)`).exec(dockerfile.find((i) => i.op === 'ARG')?.args ?? '')?.[1];
/** FROM's image with ${ARG}s replaced by their defaults. */
const fromImage = (i: Instruction) =>
  i.args.split(/\s+/)[0]!.replace(/\$\{(\w+)\}/g, (_, name: string) => argDefault(name) ?? '');
const froms = dockerfile.filter((i) => i.op === 'FROM');
const finalStage = froms.at(-1)!.stage;
const inFinal = dockerfile.filter((i) => i.stage === finalStage);
const indexOf = (predicate: (i: Instruction) => boolean) => dockerfile.findIndex(predicate);

describe('Dockerfile', () => {
  it('is multi-stage, and the runtime is node 22 slim (the build stages use the same major)', () => {
    expect(froms.length).toBeGreaterThanOrEqual(3);
    // Pinned by digest, like the images compose pulls: a rebuild starts from the same base.
    expect(fromImage(froms.at(-1)!)).toMatch(/^node:22-bookworm-slim@sha256:[0-9a-f]{64}$/);
    for (const from of froms) {
      const image = fromImage(from);
      // A stage built on an earlier stage, or on a node 22 image.
      if (!froms.some((f) => f.stage === image)) expect(image).toMatch(/^node:22\b/);
    }
  });

  it('installs from the lockfile before any source is copied, so that layer is cached', () => {
    const lockfileCopy = indexOf(
      (i) => i.op === 'COPY' && /pnpm-lock\.yaml/.test(i.args) && !/--from/.test(i.args),
    );
    const install = indexOf((i) => i.op === 'RUN' && /pnpm (fetch|install)/.test(i.args));
    const sourceCopy = indexOf((i) => i.op === 'COPY' && /^\.\s+\./.test(i.args));
    expect(lockfileCopy).toBeGreaterThanOrEqual(0);
    expect(install).toBeGreaterThan(lockfileCopy);
    expect(sourceCopy).toBeGreaterThan(install);
    expect(dockerfile[install]!.args).toMatch(/--frozen-lockfile/);
    // Only manifests before the install: every workspace package's package.json, nothing else.
    const early = dockerfile.slice(0, install).filter((i) => i.op === 'COPY');
    for (const copy of early) expect(copy.args).toMatch(/^(\S*(package\.json|pnpm-\S+)\s+)+\S+$/);
    const workspaces = [
      'web',
      'server',
      'worker',
      'packages/shared',
      'packages/db',
      'packages/core',
    ];
    for (const dir of workspaces)
      expect(early.some((c) => c.args.includes(`${dir}/package.json`))).toBe(true);
  });

  it('builds the web and the JavaScript bundles, and ships production dependencies only', () => {
    const runs = dockerfile.filter((i) => i.op === 'RUN').map((i) => i.args);
    expect(runs.some((r) => /pnpm build\b/.test(r) && /pnpm build:bundles/.test(r))).toBe(true);
    expect(runs.some((r) => /pnpm .*deploy --prod/.test(r))).toBe(true);
    const copies = inFinal.filter((i) => i.op === 'COPY').map((i) => i.args);
    expect(copies.every((c) => c.startsWith('--from='))).toBe(true);
    expect(copies.some((c) => /\/prod\/node_modules/.test(c))).toBe(true);
    expect(copies.some((c) => /\/dist\s/.test(c))).toBe(true);
    // No TypeScript at run time: nothing in the runtime stage mentions tsx or pnpm.
    expect(inFinal.some((i) => /\btsx\b|\bpnpm\b/.test(i.args))).toBe(false);
  });

  it('runs as a non-root user, node started directly under tini, in production mode', () => {
    const user = inFinal.filter((i) => i.op === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    const cmd = JSON.parse(inFinal.filter((i) => i.op === 'CMD').at(-1)!.args) as string[];
    expect(cmd[0]).toBe('node');
    expect(cmd.at(-1)).toBe('dist/server/main.js');
    const entrypoint = JSON.parse(
      inFinal.filter((i) => i.op === 'ENTRYPOINT').at(-1)!.args,
    ) as string[];
    expect(entrypoint[0]).toMatch(/tini$/);
    expect(inFinal.find((i) => i.op === 'ENV')?.args).toMatch(/NODE_ENV=production/);
  });

  it('bounds memory as the bench measures it: V8 heap flags and malloc arenas', () => {
    const env = inFinal
      .filter((i) => i.op === 'ENV')
      .map((i) => i.args)
      .join(' ');
    for (const [name, value] of Object.entries(PRODUCTION_MEMORY_ENV))
      expect(env).toContain(value.includes(' ') ? `${name}="${value}"` : `${name}=${value}`);
  });

  it('never seeds demo data on its own', () => {
    expect(dockerfile.some((i) => /seed/i.test(i.args))).toBe(false);
  });
});

// ---- docker-compose.yml ---------------------------------------------------------------------

interface Service {
  image?: string;
  profiles?: string[];
  build?: unknown;
  command?: string[];
  restart?: string;
  entrypoint?: unknown;
  environment?: Record<string, string>;
  env_file?: Array<{ path: string; required?: boolean }>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
  expose?: string[];
  container_name?: string;
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const { services } = compose;
const storageInit = read('deploy/storage/init.sh');
const appRole = read('deploy/postgres/app-role.sh');
/** The services a plain `docker compose up` starts (no profile). */
const defaultServices = Object.entries(services).filter(([, service]) => !service.profiles);

describe('docker-compose.yml', () => {
  it('runs migrations once, before server and worker start', () => {
    const migrate = services.migrate!;
    expect(migrate.command).toContain('dist/cli/migrate.js');
    expect(migrate.restart).toBe('no');
    expect(migrate.depends_on?.postgres?.condition).toBe('service_healthy');
    for (const name of ['server', 'worker'])
      expect(services[name]!.depends_on?.migrate?.condition).toBe('service_completed_successfully');
  });

  it('seeds demo data only when SEED_DEMO is true (off by default)', () => {
    expect(services.migrate!.environment?.SEED_DEMO).toBe('${SEED_DEMO:-false}');
    for (const [name, service] of Object.entries(services)) {
      if (name !== 'migrate') expect(service.environment?.SEED_DEMO).toBeUndefined();
      expect((service.command ?? []).join(' ')).not.toMatch(/seed/);
    }
  });

  it('restarts server, worker and the data stores, and starts node directly', () => {
    for (const name of ['server', 'worker', 'postgres', 'redis'])
      expect(services[name]!.restart).toBe('unless-stopped');
    // Without --enable-source-maps: the maps cost each process about 15 MB resident (the
    // bundles are not minified, so a stack trace still names functions and bundle lines).
    expect(services.server!.command).toEqual(['node', 'dist/server/main.js']);
    expect(services.worker!.command).toEqual(['node', 'dist/worker/main.js']);
    // tini is the image's entrypoint (process 1); a compose init would start a second one.
    for (const name of ['migrate', 'server', 'worker'])
      expect(services[name]!.entrypoint).toBeUndefined();
  });

  it('has healthchecks for server, worker, postgres (over TCP) and redis', () => {
    expect(services.server!.healthcheck!.test.join(' ')).toMatch(/\/api\/health/);
    expect(services.worker!.healthcheck!.test).toEqual([
      'CMD',
      'node',
      'dist/worker/healthcheck.js',
    ]);
    const pg = services.postgres!.healthcheck!.test;
    expect(pg).toContain('pg_isready');
    expect(pg[pg.indexOf('-h') + 1]).toBe('127.0.0.1');
    // Signed in (REDISCLI_AUTH), and only PONG counts: an error reply must fail the check.
    expect(services.redis!.healthcheck!.test.join(' ')).toMatch(/redis-cli ping \| grep -q PONG/);
  });

  it('keeps Redis durable (AOF, fsync every second), never evicting, on a volume', () => {
    const command = services.redis!.command!.join(' ');
    expect(command).toMatch(/--appendonly yes/);
    expect(command).toMatch(/--appendfsync everysec/);
    expect(command).toMatch(/--maxmemory-policy noeviction/);
    expect(services.redis!.volumes).toContain('redisdata:/data');
    expect(compose.volumes).toHaveProperty('redisdata');
  });

  it('keeps uploaded images in the storage service (MinIO), its bucket made before the server starts', () => {
    expect(services.storage!.image).toMatch(/^(quay\.io\/)?minio\/minio:/);
    expect(services.storage!.restart).toBe('unless-stopped');
    expect(services.storage!.volumes).toContain('storagedata:/data');
    expect(compose.volumes).toHaveProperty('storagedata');
    expect(services.storage!.healthcheck!.test).toContain('ready');
    const init = services['storage-init']!;
    expect(init.restart).toBe('no');
    expect(init.depends_on?.storage?.condition).toBe('service_healthy');
    expect(init.entrypoint).toEqual(['/bin/sh', '/kanak/storage-init.sh']);
    expect(init.volumes).toContain('./deploy/storage/init.sh:/kanak/storage-init.sh:ro');
    expect(storageInit).toMatch(/^mc mb --ignore-existing "storage\/\$S3_BUCKET"$/m);
    // Images a single-machine install kept on its volume are copied into the bucket.
    expect(init.volumes).toContain('uploads:/data/uploads:ro');
    expect(storageInit).toMatch(/^mc mirror --overwrite \/data\/uploads "storage\/\$S3_BUCKET"$/m);
    const server = services.server!;
    expect(server.depends_on?.['storage-init']?.condition).toBe('service_completed_successfully');
    const env = server.environment!;
    expect(env.S3_ENDPOINT).toBe('http://storage:9000');
    expect(env.S3_FORCE_PATH_STYLE).toBe('true');
    expect(env.S3_BUCKET).toMatch(/^\$\{S3_BUCKET(:-[^}]*)?\}$/);
    expect(env.S3_SECRET_ACCESS_KEY).toMatch(/^\$\{S3_SECRET_ACCESS_KEY:\?.+\}$/);
  });

  it('reads .env and passes secrets, payment keys and proxy settings through', () => {
    for (const name of ['migrate', 'server', 'worker']) {
      const service = services[name]!;
      expect(service.env_file).toEqual([{ path: '.env', required: false }]);
      const env = service.environment!;
      expect(env.NODE_ENV).toBe('production');
      expect(env.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?.+\}$/);
      expect(env.PAYMENT_SANDBOX_SECRET).toMatch(/^\$\{PAYMENT_SANDBOX_SECRET:\?.+\}$/);
      // No default origin: production requires PUBLIC_URL, and compose must not fill it in.
      expect(env.PUBLIC_URL).toMatch(/^\$\{PUBLIC_URL:\?.+\}$/);
      expect(env.DATABASE_URL).toMatch(
        /^postgres:\/\/kanak:\$\{APP_DB_PASSWORD:\?[^}]+\}@postgres:5432\/kanak$/,
      );
      expect(env.REDIS_URL).toMatch(/^redis:\/\/:\$\{REDIS_PASSWORD:\?[^}]+\}@redis:6379$/);
      for (const variable of [
        'RAZORPAY_KEY_ID',
        'RAZORPAY_KEY_SECRET',
        'RAZORPAY_WEBHOOK_SECRET',
        'ALLOW_SANDBOX_PAYMENTS',
        'TRUST_PROXY',
        'PAYMENT_PROVIDER',
      ])
        expect(env[variable]).toMatch(new RegExp(`^\\$\\{${variable}(:-[^}]*)?\\}$`));
    }
    // No development secret is written into the file.
    expect(read('docker-compose.yml')).not.toMatch(/change-this-secret|dev-only-secret/);
  });

  it('.env.example documents every variable compose reads', () => {
    const example = read('.env.example');
    const used = new Set([...read('docker-compose.yml').matchAll(/\$\{(\w+)/g)].map((m) => m[1]!));
    for (const variable of used) expect(example).toMatch(new RegExp(`^${variable}=`, 'm'));
  });
});

// ---- scaling: replicas behind the proxy ------------------------------------------------------

/** nginx.conf without comments, whitespace runs collapsed (no value in it contains a `#`). */
const nginx = read('deploy/nginx.conf').replace(/#.*$/gm, '').replace(/\s+/g, ' ').trim();
/** The body of the first `{ … }` block opened by `header` (blocks here nest one level at most). */
function nginxBlock(header: string): string {
  const start = nginx.indexOf(`${header} {`);
  expect(start, `nginx.conf has "${header} {"`).toBeGreaterThanOrEqual(0);
  const body = nginx.slice(start + header.length + 2);
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '{') depth++;
    else if (body[i] === '}' && depth-- === 0) return body.slice(0, i);
  }
  throw new Error(`unclosed block ${header}`);
}
/** Values of a directive (`name value…;`, or a block header `name value… {`) in nginx.conf text. */
const directives = (text: string, name: string) =>
  text
    .split(/[;{}]/)
    .map((statement) => statement.trim())
    .filter((statement) => statement.startsWith(`${name} `))
    .map((statement) => statement.slice(name.length + 1).trim());
/** An nginx size (`16m`, `512k`, `1048576`) in bytes. */
function nginxBytes(size: string): number {
  const match = /^(\d+)([kKmMgG]?)$/.exec(size);
  expect(match, `size ${size}`).not.toBeNull();
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match![2]!.toLowerCase()]!;
  return Number(match![1]) * unit;
}
/** An nginx time (`1h`, `60s`, `3600`) in seconds. */
function nginxSeconds(time: string): number {
  const match = /^(\d+)(s|m|h|d)?$/.exec(time);
  expect(match, `time ${time}`).not.toBeNull();
  return Number(match![1]) * { s: 1, m: 60, h: 3600, d: 86_400 }[match![2] ?? 's']!;
}

describe('scaling: `docker compose up --scale server=2 --scale worker=2`', () => {
  const proxy = services.proxy!;

  it('lets server and worker run as replicas: no host port, no fixed container name', () => {
    for (const name of ['server', 'worker']) {
      expect(services[name]!.ports, name).toBeUndefined();
      expect(services[name]!.container_name, name).toBeUndefined();
    }
    // Nothing else publishes the server's port either: the proxy is the only way in. The one
    // exception is the monitoring profile's Grafana, on this host's loopback only.
    const published = Object.entries(services).filter(([, service]) => service.ports?.length);
    expect(published.map(([name]) => name).sort()).toEqual(['grafana', 'proxy']);
    expect(services.grafana!.profiles).toEqual(['monitoring']);
    for (const port of services.grafana!.ports!) expect(port).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
  });

  it('puts a pinned nginx in front that publishes the one port and waits for a healthy server', () => {
    // An exact version (no `latest`, no bare major): ≥ 1.27.3 has the open-source `resolve`.
    const [, major, minor, patch] = /^nginx:(\d+)\.(\d+)\.(\d+)(-[a-z0-9.-]+)?@sha256:[0-9a-f]{64}$/
      .exec(proxy.image ?? '')!
      .map(Number);
    expect(major! * 1e6 + minor! * 1e3 + patch!).toBeGreaterThanOrEqual(1_027_003);
    expect(proxy.restart).toBe('unless-stopped');
    expect(proxy.ports).toEqual(['${PROXY_PORT:-127.0.0.1:3000}:80']);
    expect(proxy.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    expect(proxy.depends_on?.server?.condition).toBe('service_healthy');
    expect(proxy.container_name).toBeUndefined();
    expect(proxy.healthcheck!.test.join(' ')).toMatch(/127\.0\.0\.1:8080\/healthz/);
    expect(nginxBlock('location = /healthz')).toMatch(/return 200/);
    expect(directives(nginx, 'listen')).toContain('127.0.0.1:8080');
  });

  it('trusts the proxy for the client address by default', () => {
    expect(services.server!.environment!.TRUST_PROXY).toBe('${TRUST_PROXY:-1}');
  });

  it('finds every replica through Docker DNS, re-read every few seconds, and balances over them', () => {
    expect(directives(nginx, 'resolver')).toEqual(['127.0.0.11 valid=5s ipv6=off']);
    const upstream = nginxBlock('upstream servers');
    expect(directives(upstream, 'zone')).toHaveLength(1);
    const [server] = directives(upstream, 'server');
    expect(server).toMatch(/^server:3000 resolve\b/);
    // Passive health: a replica refusing connections is skipped for a while, the request retried.
    expect(server).toMatch(/max_fails=\d+ fail_timeout=\d+s/);
    expect(directives(nginx, 'proxy_next_upstream')).toEqual(['error timeout']);
    // Every location passes to the group; none names a single replica.
    const passes = directives(nginx, 'proxy_pass');
    expect(passes.length).toBeGreaterThanOrEqual(3);
    for (const pass of passes) expect(pass).toBe('http://servers');
  });

  it('passes the health path the server answers and compose checks', () => {
    expect(healthDoc.path).toBe('/api/health');
    expect(services.server!.healthcheck!.test.join(' ')).toContain(healthDoc.path);
    expect(nginxBlock(`location = ${healthDoc.path}`)).toMatch(/proxy_pass http:\/\/servers;/);
  });

  it('streams tRPC (subscriptions over Server-Sent Events) unbuffered, kept open while quiet', () => {
    const stream = nginxBlock('location = /trpc/live.orders');
    expect(directives(stream, 'proxy_buffering')).toEqual(['off']);
    expect(nginxSeconds(directives(stream, 'proxy_read_timeout')[0]!)).toBeGreaterThanOrEqual(600);
    // Queries and mutations are not held by a hung replica for the stream's hour.
    const trpc = nginxBlock('location /trpc');
    expect(directives(trpc, 'proxy_buffering')).toEqual(['off']);
    expect(nginxSeconds(directives(trpc, 'proxy_read_timeout')[0]!)).toBeLessThanOrEqual(120);
    // Upstream keep-alive and chunked streams need HTTP/1.1 with the Connection header cleared.
    expect(directives(nginx, 'proxy_http_version')).toEqual(['1.1']);
    expect(directives(nginx, 'proxy_set_header')).toContain("Connection ''");
  });

  it('forwards the client address and scheme, and the Host the client asked for', () => {
    const headers = directives(nginx, 'proxy_set_header');
    expect(headers).toContain('X-Forwarded-For $proxy_add_x_forwarded_for');
    expect(headers).toContain('X-Forwarded-Proto $forwarded_proto');
    expect(headers).toContain('Host $http_host');
    // The proxy names each request itself (a client's own X-Request-Id is replaced) and logs it.
    expect(headers).toContain('X-Request-Id $request_id');
    expect(nginx).toMatch(/log_format kanak [^;]*request_id=\$request_id/);
    expect(directives(nginx, 'access_log')).toContain('/var/log/nginx/access.log kanak');
    expect(nginxBlock('map $http_x_forwarded_proto $forwarded_proto')).toMatch(/'' \$scheme;/);
  });

  it('accepts an upload of UPLOAD_MAX_BYTES with room for its multipart framing', () => {
    const [size] = directives(nginx, 'client_max_body_size');
    expect(nginxBytes(size!)).toBeGreaterThan(loadConfig({}).UPLOAD_MAX_BYTES + 64 * 1024);
  });
});

// ---- least privilege ----------------------------------------------------------------------------

describe('least privilege in compose', () => {
  it('pins every image it pulls by digest, with the tag it stands for', () => {
    for (const [name, service] of Object.entries(services)) {
      if (service.build) {
        // The shop's own image, built here from the Dockerfile.
        expect(service.image, name).toBe('kanak-jewellers:latest');
        continue;
      }
      // A tag (never latest) and a sha256 digest: `docker compose pull` fetches exactly that.
      expect(service.image, name).toMatch(/^[a-z0-9./-]+:[\w.-]+@sha256:[0-9a-f]{64}$/);
      expect(service.image, name).not.toMatch(/:latest@/);
    }
    // The same image everywhere it is used (db-init runs PostgreSQL's own client).
    expect(services['db-init']!.image).toBe(services.postgres!.image);
  });

  it('connects the app to PostgreSQL as its own role, which db-init makes before migrate runs', () => {
    for (const name of ['migrate', 'server', 'worker'])
      expect(services[name]!.environment!.DATABASE_URL, name).toMatch(/^postgres:\/\/kanak:/);
    const init = services['db-init']!;
    expect(init.restart).toBe('no');
    expect(init.entrypoint).toEqual(['sh', '/kanak/app-role.sh']);
    expect(init.volumes).toContain('./deploy/postgres/app-role.sh:/kanak/app-role.sh:ro');
    expect(init.depends_on?.postgres?.condition).toBe('service_healthy');
    const env = init.environment!;
    expect(env).toMatchObject({ PGHOST: 'postgres', PGUSER: 'postgres', APP_DB_USER: 'kanak' });
    expect(env.PGPASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?.+\}$/);
    expect(env.APP_DB_PASSWORD).toMatch(/^\$\{APP_DB_PASSWORD:\?.+\}$/);
    expect(services.migrate!.depends_on?.['db-init']?.condition).toBe(
      'service_completed_successfully',
    );
    // The role's rights (the script itself runs in least-privilege.test.ts).
    expect(appRole).toMatch(
      /ALTER ROLE :"app_user" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS/,
    );
    // The password reaches psql through its environment, never its command line.
    expect(appRole).toMatch(/^\\getenv app_password APP_DB_PASSWORD$/m);
    expect(appRole).not.toMatch(/-v app_password/);
  });

  it('asks Redis for a password, which the app and the healthcheck send', () => {
    const redis = services.redis!;
    const command = redis.command!;
    const password = command[command.indexOf('--requirepass') + 1];
    expect(password).toMatch(/^\$\{REDIS_PASSWORD:\?.+\}$/);
    expect(redis.environment?.REDISCLI_AUTH).toBe(password);
  });

  it('gives the server a MinIO user of its own, limited to its bucket', () => {
    const storage = services.storage!.environment!;
    expect(storage.MINIO_ROOT_USER).toMatch(/^\$\{MINIO_ROOT_USER(:-[^}]*)?\}$/);
    expect(storage.MINIO_ROOT_PASSWORD).toMatch(/^\$\{MINIO_ROOT_PASSWORD:\?.+\}$/);
    // The server never sees the root credentials.
    const server = services.server!.environment!;
    expect(JSON.stringify(server)).not.toMatch(/MINIO_ROOT/);
    expect(server.S3_ACCESS_KEY_ID).toMatch(/^\$\{S3_ACCESS_KEY_ID(:-[^}]*)?\}$/);
    // storage-init signs in as root and makes the server's user from the server's variables.
    const init = services['storage-init']!.environment!;
    expect(init.MC_HOST_storage).toContain(storage.MINIO_ROOT_PASSWORD);
    expect(init.MC_HOST_storage).toContain(storage.MINIO_ROOT_USER);
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
      expect(init[name], name).toBe(server[name]);
    expect(storageInit).toMatch(
      /^mc admin user add storage "\$S3_ACCESS_KEY_ID" "\$S3_SECRET_ACCESS_KEY"$/m,
    );
    expect(storageInit).toMatch(/^mc admin policy create storage "\$policy" \/tmp\/policy\.json$/m);
    expect(storageInit).toMatch(
      /mc admin policy attach storage "\$policy" --user "\$S3_ACCESS_KEY_ID"/,
    );
    // It refuses to hand the root user's name to the server.
    expect(storageInit).toMatch(/if \[ "\$S3_ACCESS_KEY_ID" = "\$MINIO_ROOT_USER" \]; then/);
    // The policy: objects of that bucket read, written and deleted, the bucket listed; nothing else.
    const policy = JSON.parse(
      /<<JSON\n([\s\S]*?)\nJSON\n/.exec(storageInit)![1]!.replaceAll('$S3_BUCKET', 'b'),
    ) as { Statement: Array<{ Effect: string; Action: string[]; Resource: string[] }> };
    const granted = policy.Statement.flatMap((statement) => {
      expect(statement.Effect).toBe('Allow');
      return statement.Resource.flatMap((resource) =>
        statement.Action.map((a) => `${a} ${resource}`),
      );
    });
    expect(granted.sort()).toEqual(
      [
        's3:GetBucketLocation arn:aws:s3:::b',
        's3:ListBucket arn:aws:s3:::b',
        's3:GetObject arn:aws:s3:::b/*',
        's3:PutObject arn:aws:s3:::b/*',
        's3:DeleteObject arn:aws:s3:::b/*',
      ].sort(),
    );
  });
});

// ---- monitoring profile ---------------------------------------------------------------------------

interface ScrapeConfig {
  job_name: string;
  authorization?: { credentials_file?: string };
  dns_sd_configs?: Array<{ names: string[]; type: string; port: number }>;
}
const prometheusConfig = parse(read('deploy/prometheus/prometheus.yml')) as {
  rule_files: string[];
  scrape_configs: ScrapeConfig[];
};
const grafanaDatasources = parse(
  read('deploy/grafana/provisioning/datasources/prometheus.yml'),
) as {
  apiVersion: number;
  datasources: Array<{ uid: string; type: string; url: string; isDefault?: boolean }>;
};
const grafanaProviders = parse(read('deploy/grafana/provisioning/dashboards/kanak.yml')) as {
  apiVersion: number;
  providers: Array<{ type: string; options: { path: string } }>;
};
interface DashboardPanel {
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  targets?: Array<{ expr: string; datasource?: { uid: string } }>;
  panels?: DashboardPanel[];
}
const dashboard = JSON.parse(read('deploy/grafana/dashboards/kanak.json')) as {
  uid: string;
  title: string;
  panels: DashboardPanel[];
  templating: { list: Array<{ name: string; type: string; current?: { value: string } }> };
};
/** Where compose mounts a file or directory of this repository into a service. */
function mountTarget(service: Service, source: string): string | undefined {
  const volume = service.volumes?.find((v) => v.split(':')[0] === source);
  return volume?.split(':')[1];
}

describe('the monitoring profile: `docker compose --profile monitoring up -d`', () => {
  const prometheus = services.prometheus!;
  const grafana = services.grafana!;

  it('runs Prometheus and Grafana only with the profile; a plain `up` is unchanged', () => {
    const profiled = Object.entries(services).filter(([, service]) => service.profiles);
    expect(profiled.map(([name]) => name).sort()).toEqual(['grafana', 'prometheus']);
    for (const [, service] of profiled) expect(service.profiles).toEqual(['monitoring']);
    // Compose interpolates every service, profile or not: a `${VAR:?}` in a monitoring service
    // would make a plain `docker compose up` fail without that variable.
    for (const [name, service] of profiled)
      expect(JSON.stringify(service), name).not.toMatch(/\$\{\w+:\?/);
    expect(defaultServices.map(([name]) => name)).not.toContain('prometheus');
  });

  it('serves server and worker metrics inside the network only, where Prometheus scrapes them', () => {
    const ports = { server: 'METRICS_PORT', worker: 'WORKER_METRICS_PORT' } as const;
    for (const [name, variable] of Object.entries(ports)) {
      const service = services[name]!;
      const port = service.environment![variable]!;
      expect(port, name).toMatch(/^\d+$/);
      expect(service.environment!.METRICS_HOST, name).toBe('0.0.0.0');
      expect(service.expose, name).toContain(port);
      expect(service.ports, name).toBeUndefined();
      // One job per service, finding every replica by the service name in Docker's DNS.
      const job = prometheusConfig.scrape_configs.find((c) => c.job_name === `kanak-${name}`)!;
      expect(job.dns_sd_configs).toEqual([
        expect.objectContaining({ names: [name], type: 'A', port: Number(port) }),
      ]);
      expect(job.authorization?.credentials_file).toBe('/etc/prometheus/metrics-token');
    }
    // The token file Prometheus reads is written from METRICS_TOKEN (empty: none asked).
    expect(prometheus.entrypoint).toEqual([
      '/bin/sh',
      '-c',
      expect.stringMatching(
        /printf '%s' "\$\$METRICS_TOKEN" > \/etc\/prometheus\/metrics-token && exec \/bin\/prometheus "\$\$@"/,
      ),
      'prometheus',
    ]);
    expect(prometheus.environment?.METRICS_TOKEN).toBe('${METRICS_TOKEN:-}');
    // The alerts' job names are the scrape config's.
    expect(read('deploy/prometheus/alerts.yml')).toMatch(/up\{job="kanak-worker"\}/);
  });

  it('gives Prometheus its scrape config and alert rules, and publishes nothing of it', () => {
    expect(prometheus.ports).toBeUndefined();
    expect(mountTarget(prometheus, './deploy/prometheus/prometheus.yml')).toBe(
      '/etc/prometheus/prometheus.yml',
    );
    for (const rules of prometheusConfig.rule_files)
      expect(mountTarget(prometheus, `./deploy/prometheus/${path.basename(rules)}`)).toBe(rules);
    expect(prometheus.command).toContain('--config.file=/etc/prometheus/prometheus.yml');
    expect(parse(read('deploy/prometheus/alerts.yml'))).toHaveProperty('groups');
  });

  it('starts Grafana on loopback only, with its admin password from .env or not at all', () => {
    expect(grafana.ports).toEqual(['127.0.0.1:3001:3000']);
    const env = grafana.environment!;
    // No `:?` (see above), and no default: an unset password reaches Grafana empty …
    expect(env.GF_SECURITY_ADMIN_PASSWORD).toBe('${GRAFANA_ADMIN_PASSWORD:-}');
    // … where the entrypoint refuses it (and Grafana's own default, admin) before Grafana starts.
    const [shell, flag, script] = grafana.entrypoint as string[];
    expect([shell, flag]).toEqual(['/bin/sh', '-c']);
    expect(script).toMatch(/case "\$\$GF_SECURITY_ADMIN_PASSWORD" in\s+'' \| admin\) .*exit 1/);
    expect(script!.trim().split('\n').at(-1)).toBe('exec /run.sh');
    expect(env.GF_USERS_ALLOW_SIGN_UP).toBe('false');
    expect(env.GF_AUTH_ANONYMOUS_ENABLED).toBe('false');
    expect(grafana.depends_on?.prometheus?.condition).toBe('service_healthy');
  });

  it('provisions Grafana with the Prometheus data source and the shop dashboard', () => {
    expect(mountTarget(grafana, './deploy/grafana/provisioning')).toBe('/etc/grafana/provisioning');
    const [datasource] = grafanaDatasources.datasources;
    expect(grafanaDatasources.datasources).toHaveLength(1);
    expect(datasource).toMatchObject({ type: 'prometheus', isDefault: true });
    // The compose service and the port it listens on.
    expect(datasource!.url).toBe(`http://prometheus:${prometheus.expose![0]}`);
    // The dashboard provider reads the directory compose mounts the dashboard JSON into.
    const [provider] = grafanaProviders.providers;
    expect(provider!.type).toBe('file');
    expect(mountTarget(grafana, './deploy/grafana/dashboards')).toBe(provider!.options.path);
    expect(dashboard.uid).toBe('kanak-shop');
    // Every panel queries the data source variable, whose default is the provisioned source.
    const variable = dashboard.templating.list.find((v) => v.type === 'datasource')!;
    expect(variable.current?.value).toBe(datasource!.uid);
    const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);
    const queried = panels.filter((p) => p.type !== 'row');
    expect(queried.length).toBeGreaterThanOrEqual(20);
    for (const panel of queried) {
      expect(panel.datasource?.uid, panel.title).toBe(`\${${variable.name}}`);
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    }
  });
});

describe('.dockerignore', () => {
  it('keeps secrets, dependencies, build outputs, git and local state out of the build', () => {
    const entries = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    for (const entry of [
      '.env',
      'node_modules',
      '**/node_modules',
      'dist',
      '**/dist',
      '.git',
      'var',
      'web/e2e/screenshots',
    ])
      expect(entries).toContain(entry);
  });
});

// ---- production start refusals ----------------------------------------------------------------

/** Runs `node --import tsx <entry>` to its exit (bounded), with no inherited secrets. */
function runToExit(entry: string, env: Record<string, string>) {
  const inherited = { ...process.env };
  for (const name of [
    'JWT_SECRET',
    'PAYMENT_SANDBOX_SECRET',
    'ALLOW_SANDBOX_PAYMENTS',
    'PAYMENT_PROVIDER',
  ])
    delete inherited[name];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, entry)], {
    cwd: root,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // tsx compiles the whole server before the refusal: on a loaded 2-core machine that alone
  // outlasted 25 s once. The bound only stops a process that would never exit.
  const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

// The uncaught error of the server prints the throwing source line first: match the message line.
const REFUSAL = /^(?:Error: )?Refusing to start with NODE_ENV=production: .*$/m;

describe('a production start with the development defaults', () => {
  // Nothing may be reachable for these to pass: the refusal comes before any connection.
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
    REDIS_URL: 'redis://127.0.0.1:1',
  };

  it('stops the server with one line naming JWT_SECRET and PAYMENT_SANDBOX_SECRET', async () => {
    const { code, stderr, stdout } = await runToExit('server/src/main.ts', env);
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    const line = REFUSAL.exec(stderr)?.[0];
    expect(line).toMatch(/JWT_SECRET/);
    expect(line).toMatch(/PAYMENT_SANDBOX_SECRET/);
    expect(stdout).not.toMatch(/Server listening/);
  }, 120_000);

  it('stops the worker with exactly one line naming PAYMENT_SANDBOX_SECRET', async () => {
    const { code, stderr, stdout } = await runToExit('worker/src/main.ts', env);
    expect(code).toBe(1);
    const lines = stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(REFUSAL);
    expect(lines[0]).toMatch(/PAYMENT_SANDBOX_SECRET/);
    expect(stdout).not.toMatch(/worker listening/);
  }, 120_000);

  it('starts neither with razorpay chosen but its keys missing, naming each key', async () => {
    const strong = { JWT_SECRET: 'x'.repeat(48), PAYMENT_PROVIDER: 'razorpay' };
    const { code, stderr } = await runToExit('worker/src/main.ts', { ...env, ...strong });
    expect(code).toBe(1);
    for (const key of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'])
      expect(stderr).toMatch(key);
  }, 120_000);
});
