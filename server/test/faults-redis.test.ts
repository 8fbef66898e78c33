// Redis stopped (and frozen) while shoppers log in and sign up: both are answered, counted by
// the in-memory fallback limiter (which still refuses past the limit); health says Redis is down;
// after Redis restarts, limits live in Redis again. The server is a real child process on a
// private redis-server that the test stops by its pid. No answer is timed: while Redis is frozen
// nothing it could say reaches the server, so an answer that arrives then did not wait on Redis;
// how long each may wait is the configured bound, checked as configuration.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '@kanak/db';
import { loadConfig } from '@kanak/server';
import {
  createTestDatabase,
  pingRedisPort,
  startRedisServer,
  type RedisServer,
  type TestDatabase,
} from '@kanak/testkit';
import { startServerProcess, timedFetch, until, type ServerProcess } from './process-support';

/** Attempts per address per minute: low, so the fallback limiter is seen to refuse. */
const LIMIT = 8;
/** A client-side ceiling: reached only by a request that hangs (a failed test, not a slow one). */
const HUNG_MS = 20_000;

describe('Redis unreachable: login and sign-up', () => {
  let database: TestDatabase;
  let redis: RedisServer;
  let server: ServerProcess;
  let attempts = 0;
  /** The client address the limits count (the server trusts X-Forwarded-For from 127.0.0.1). */
  let address = '10.9.0.1';

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = await startRedisServer();
    server = await startServerProcess({
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      // The test stands in for several clients through X-Forwarded-For, as a proxy would.
      TRUST_PROXY: '127.0.0.1',
    });
  }, 90_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await redis?.stop();
    await database?.drop();
  });

  const post = (path: string, body: unknown) => {
    attempts++;
    return timedFetch(
      `${server.baseUrl}${path}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify(body),
      },
      HUNG_MS,
    );
  };
  const login = () =>
    post('/auth/login', {
      email: SEED_ACCOUNTS.customer.email,
      password: SEED_ACCOUNTS.customer.password,
    });
  const trpcLogin = () =>
    post('/trpc/auth.login', {
      email: SEED_ACCOUNTS.customer.email,
      password: SEED_ACCOUNTS.customer.password,
    });
  const signup = () =>
    post('/auth/signup', {
      firstName: 'Meera',
      lastName: 'Iyer',
      email: `meera.${Math.random().toString(36).slice(2, 8)}@example.com`,
      password: 'Meera@1234',
    });
  const health = () => timedFetch(`${server.baseUrl}/api/health`, {}, HUNG_MS);
  /** A live-updates ticket (order events need Redis: no ticket while it is away). */
  const eventTicket = (jwt: string) =>
    timedFetch(
      `${server.baseUrl}/trpc/live.ticket`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
        body: '{}',
      },
      HUNG_MS,
    );
  /**
   * Health names Redis, and only it, as down. Asked again until it does: on a loaded machine one
   * PostgreSQL query can miss the same 1.5 s bound, and that answer (both down) is true then.
   */
  const healthNamesRedisDown = async () => {
    let answer!: Awaited<ReturnType<typeof health>>;
    await until(async () => {
      answer = await health();
      const body = JSON.parse(answer.body || '{}') as Record<string, string>;
      return answer.status === 503 && body.postgres === 'up' && body.redis === 'down';
    }, HUNG_MS);
    return answer;
  };
  const jwtOf = (answer: { body: string }) => (JSON.parse(answer.body) as { jwt: string }).jwt;

  it('bounds every wait on Redis by configuration: a login within 2 s, health within 3 s', () => {
    // What the server runs with here (the test sets neither): the shipped defaults. A request's
    // Redis command gives up after REDIS_COMMAND_TIMEOUT_MS, the health check after its own.
    const shipped = loadConfig({ DATABASE_URL: database.url, REDIS_URL: redis.url });
    expect(shipped.REDIS_COMMAND_TIMEOUT_MS).toBeLessThan(2000);
    expect(shipped.HEALTH_CHECK_TIMEOUT_MS).toBeLessThan(3000);
  });

  it('answers login and sign-up from memory limits while Redis is stopped', async () => {
    expect((await login()).status).toBe(200);
    expect((await health()).status).toBe(200);

    await redis.stop();
    expect(await pingRedisPort(redis.port)).toBe(false);

    const healthAnswer = await healthNamesRedisDown();

    // The decision: served (limits counted in this process's memory), not refused.
    const rest = await login();
    expect(rest.status, rest.body).toBe(200);
    const trpc = await trpcLogin();
    expect(trpc.status, trpc.body).toBe(200);
    const ticket = await eventTicket(jwtOf(rest));
    expect(ticket.status, ticket.body).toBe(503);
    expect(ticket.body).toMatch(/unavailable|try again/i);
    const created = await signup();
    expect(created.status, created.body).toBe(201);
    console.info(
      `Redis stopped: health ${Math.round(healthAnswer.ms)} ms, login ${Math.round(rest.ms)} ms ` +
        `(tRPC ${Math.round(trpc.ms)} ms), sign-up ${Math.round(created.ms)} ms`,
    );

    // The memory limiter still limits: the address's attempts since Redis went away are counted.
    // (An unknown e-mail: it costs one argon2 check against the dummy hash, like a real one.)
    let refused = null;
    for (let i = 0; i < LIMIT + 1 && !refused; i++) {
      const answer = await post('/auth/login', {
        email: 'nobody.here@example.com',
        password: 'Wrong@1234',
      });
      if (answer.status === 429) refused = answer;
      else expect(answer.status, answer.body).toBe(401);
    }
    expect(refused, 'the fallback limiter never refused').not.toBeNull();
    expect(JSON.parse(refused!.body)).toMatchObject({ error: 'TOO_MANY_REQUESTS' });

    expect(server.exited()).toBe(false);
    expect(server.output.join('\n')).toMatch(/Redis \(login limits, health\) unreachable/);
  }, 60_000);

  it('uses Redis again once it is back, without a restart', async () => {
    await redis.start();
    // The ceiling only ends a hung test: the event is health answering 200 again.
    await until(async () => (await health()).status === 200, 30_000);
    // Redis restarted empty (no persistence in this test): the count starts again there.
    const answer = await login();
    expect(answer.status, answer.body).toBe(200);
    expect((await eventTicket(jwtOf(answer))).status).toBe(200);
    // The order event reader said it lost Redis and found it again.
    await until(
      async () => server.output.join('\n').includes('order events: reading again'),
      30_000,
    );
    expect(server.output.join('\n')).toMatch(/order events: lost the Redis connection/);
    expect(server.output.join('\n')).toMatch(/Redis \(login limits, health\) reachable again/);
    // Through the outage every line was one JSON log line: no bare stack per reconnect attempt
    // (BullMQ prints those for a queue without an 'error' listener).
    expect(server.output.filter((line) => line.trim() && !line.startsWith('{'))).toEqual([]);
    // The attempt was counted in Redis, not in memory.
    const keys = await redisCommand(redis.port, 'KEYS *rl:auth-ip*');
    expect(keys).toMatch(/rl:auth-ip/);
  }, 30_000);

  it('answers while Redis accepts connections but never answers (SIGSTOP)', async () => {
    address = '10.9.0.3'; // an address the memory limiter has not counted yet
    const pid = redis.pid()!;
    process.kill(pid, 'SIGSTOP');
    try {
      // Each answer arrives while Redis is still frozen: it cannot have waited for Redis's reply,
      // only for the configured command timeout (checked above).
      for (const call of [login, signup, trpcLogin]) {
        const answer = await call();
        expect([200, 201], answer.error ?? answer.body).toContain(answer.status);
        console.info(`Redis frozen: ${call.name} ${answer.status} in ${Math.round(answer.ms)} ms`);
      }
      // Health says so while Redis is frozen: its own timeout ended the check.
      await healthNamesRedisDown();
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await until(async () => (await health()).status === 200, 30_000);
    expect(attempts).toBeGreaterThan(LIMIT);
  }, 30_000);
});

/** One command over a raw socket (inline protocol); the reply's text. */
async function redisCommand(port: number, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => socket.write(`${command}\r\n`));
    let reply = '';
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      socket.end();
    });
    socket.on('end', () => resolve(reply));
    socket.on('error', reject);
    socket.setTimeout(2000, () => socket.destroy(new Error('no reply')));
  });
}
