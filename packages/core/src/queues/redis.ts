import { Redis } from 'ioredis';

/** BullMQ needs maxRetriesPerRequest: null on connections used by workers. */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}

/** PING with a short timeout: BullMQ calls hang rather than fail when Redis is down. */
export async function pingRedis(url: string, timeoutMs = 1000): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: timeoutMs, retryStrategy: () => null });
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
