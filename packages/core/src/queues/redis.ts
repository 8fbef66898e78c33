import { Redis } from 'ioredis';

/** BullMQ needs maxRetriesPerRequest: null on connections used by workers. */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}

/** PING on an open client with a short timeout (health checks must not hang when Redis is down). */
export async function pingRedisClient(client: Redis, timeoutMs = 1000): Promise<boolean> {
  if (client.status === 'end' || client.status === 'close') return false;
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
