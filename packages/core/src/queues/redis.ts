import { Redis } from 'ioredis';

type RedisLog = (level: 'warn' | 'info', message: string) => void;

const consoleLog: RedisLog = (level, message) => console[level](message);

/**
 * Reports a client's connection once when it is lost and once when it is back, never per
 * command or per reconnect attempt (and keeps ioredis from printing "Unhandled error event" on
 * every attempt). Returns a setter for the reason the next loss is reported with.
 */
function reportConnection(client: Redis, label: string, log: RedisLog) {
  let reachable = true;
  let lastError = 'connection closed';
  client.on('error', (error: Error) => {
    lastError = error.message;
  });
  // 'reconnecting' follows a lost connection, never a deliberate disconnect()/quit().
  client.on('reconnecting', () => {
    if (!reachable) return;
    reachable = false;
    log('warn', `${label} unreachable (${lastError}); retrying in the background`);
  });
  client.on('ready', () => {
    lastError = 'connection closed';
    if (reachable) return;
    reachable = true;
    log('info', `${label} reachable again`);
  });
  return (reason: string) => {
    lastError = reason;
  };
}

/** BullMQ needs maxRetriesPerRequest: null on connections used by workers. */
export function createRedis(url: string, options: { label?: string; log?: RedisLog } = {}): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
  reportConnection(client, options.label ?? 'Redis', options.log ?? consoleLog);
  return client;
}

export interface RequestRedisOptions {
  /** A command without an answer after this long fails ("Command timed out"). Default 300 ms. */
  commandTimeoutMs?: number;
  /** Opening the connection gives up after this long (then retried in the background). */
  connectTimeoutMs?: number;
  /** Told once when the connection is lost and once when it is back (never per command). */
  log?: RedisLog;
  /** How often an idle-looking connection is checked with PING (default 1 s). */
  heartbeatMs?: number;
  /** Names the client in those messages. */
  label?: string;
}

/**
 * A client for commands a request waits on (rate limits, health): never queues a command while
 * disconnected (`enableOfflineQueue: false`, fails at once) and bounds every command with
 * `commandTimeout`, so a request answers within its bound however Redis fails. It reconnects in
 * the background (backoff up to 2 s). Not for BullMQ, whose connections need
 * `maxRetriesPerRequest: null` (see createRedis).
 */
export function createRequestRedis(url: string, options: RequestRedisOptions = {}): Redis {
  const commandTimeout = options.commandTimeoutMs ?? 300;
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout,
    connectTimeout: options.connectTimeoutMs ?? 1000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  const setReason = reportConnection(client, options.label ?? 'Redis', options.log ?? consoleLog);
  // A Redis that keeps the connection open but stops answering (hung, paused, a dropped link)
  // leaves the client 'ready', and every command would wait its full timeout. A PING each second
  // notices: the client then reconnects, is not 'ready' until Redis answers again, and commands
  // (and limiters with rejectIfRedisNotReady) fail at once meanwhile.
  const heartbeat = setInterval(() => {
    if (client.status !== 'ready') return;
    client.ping().catch((error: Error) => {
      if (client.status !== 'ready' || !/timed out/i.test(error.message)) return;
      setReason(`no answer within ${commandTimeout} ms`);
      client.disconnect(true);
    });
  }, options.heartbeatMs ?? 1000);
  heartbeat.unref();
  client.on('end', () => clearInterval(heartbeat));
  return client;
}

/** PING on an open client with a short timeout (health checks must not hang when Redis is down). */
function readyWithin(client: Redis, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    client.once('ready', onReady);
  });
}

export async function pingRedisClient(client: Redis, timeoutMs = 1000): Promise<boolean> {
  if (client.status === 'end' || client.status === 'close') return false;
  // A client still making its first connection (a process just started) is given the timeout to
  // get there; one that lost Redis ('reconnecting') is answered for at once.
  if (
    ['wait', 'connecting', 'connect'].includes(client.status) &&
    !(await readyWithin(client, timeoutMs))
  )
    return false;
  const answer = await Promise.race([
    // While (re)connecting, ioredis queues the command; the timeout bounds the wait.
    client.ping().catch(() => 'error'),
    new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), timeoutMs).unref()),
  ]);
  return answer === 'PONG';
}

/** PING over a fresh connection: BullMQ calls hang rather than fail when Redis is down. */
export async function pingRedis(url: string, timeoutMs = 1000): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: timeoutMs,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    const answer = await Promise.race([
      client.ping(),
      new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), timeoutMs)),
    ]);
    return answer === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
