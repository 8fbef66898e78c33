// The order event hub on a private redis-server: one reader per process hands each event to the
// watchers allowed to see it, a watch resumes after a given id, an outage of Redis is survived,
// and close() ends every watch (so an HTTP server with open streams can drain).
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderEvent } from '@kanak/shared';
import { startRedisServer, type RedisServer } from '@kanak/testkit';
import {
  createOrderEventHub,
  publishOrderEvent,
  streamIdAfter,
  WATCH_QUEUE_MAX,
  type OrderEventHub,
  type StreamedOrderEvent,
} from '../src/index';

const PREFIX = 'hub-test';
const event = (orderId: string, userId: string): OrderEvent => ({
  orderId,
  userId,
  status: 'CONFIRMED',
  at: new Date().toISOString(),
  kind: 'moved',
  actorUserId: null,
});

/** Collects a watch's events in the background. */
function collect(iterator: AsyncGenerator<StreamedOrderEvent>) {
  const seen: StreamedOrderEvent[] = [];
  const done = (async () => {
    for await (const e of iterator) seen.push(e);
  })();
  const until = async (count: number, timeoutMs = 10_000) => {
    const started = Date.now();
    while (seen.length < count) {
      if (Date.now() - started > timeoutMs)
        throw new Error(`heard ${seen.length} of ${count} events within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { seen, done, until };
}

describe('order event hub', () => {
  let redisServer: RedisServer;
  let publisher: Redis;
  let hub: OrderEventHub;
  const logs: string[] = [];

  beforeAll(async () => {
    redisServer = await startRedisServer();
    publisher = new Redis(redisServer.url, { maxRetriesPerRequest: 1 });
    publisher.on('error', () => {});
    hub = createOrderEventHub(redisServer.url, PREFIX, (m) => logs.push(m));
  });
  afterAll(async () => {
    hub?.close();
    publisher?.disconnect();
    await redisServer?.stop();
  });

  it('compares stream ids as numbers', () => {
    expect(streamIdAfter('10-0', '9-5')).toBe(true);
    expect(streamIdAfter('9-10', '9-9')).toBe(true);
    expect(streamIdAfter('9-9', '9-9')).toBe(false);
  });

  it('hands each event to the watchers allowed to see it, in order', async () => {
    // The reader starts after the newest event in the stream: live from then on.
    await hub.ready;
    const all = collect(hub.watch({ allows: () => true }));
    const mine = collect(hub.watch({ allows: (e) => e.userId === 'u1' }));
    for (const [order, user] of [
      ['o1', 'u1'],
      ['o2', 'u2'],
      ['o3', 'u1'],
    ] as const)
      await publishOrderEvent(publisher, PREFIX, event(order, user));
    await all.until(3);
    await mine.until(2);
    expect(all.seen.map((e) => e.event.orderId)).toEqual(['o1', 'o2', 'o3']);
    expect(mine.seen.map((e) => e.event.orderId)).toEqual(['o1', 'o3']);
    const ids = all.seen.map((e) => e.id);
    expect(streamIdAfter(ids[2]!, ids[1]!) && streamIdAfter(ids[1]!, ids[0]!)).toBe(true);

    // Resuming after the first: the two after it come first, then live ones, none twice.
    const resumed = collect(hub.watch({ allows: () => true, lastEventId: ids[0] }));
    await resumed.until(2);
    await publishOrderEvent(publisher, PREFIX, event('o4', 'u2'));
    await publishOrderEvent(publisher, PREFIX, event('o5', 'u2'));
    await resumed.until(4);
    expect(resumed.seen.map((e) => e.event.orderId)).toEqual(['o2', 'o3', 'o4', 'o5']);
  });

  it('keeps delivering after Redis goes away and comes back', async () => {
    const watch = collect(hub.watch({ allows: (e) => e.orderId.startsWith('outage') }));
    await publishOrderEvent(publisher, PREFIX, event('outage-before', 'u1'));
    await watch.until(1);
    await redisServer.stop();
    await new Promise((r) => setTimeout(r, 1500));
    await redisServer.start();
    // The restarted server is empty; new ids are later than any before (they carry the time).
    await new Promise((r) => setTimeout(r, 1500));
    await publishOrderEvent(publisher, PREFIX, event('outage-after', 'u1'));
    await watch.until(2, 15_000);
    expect(watch.seen.map((e) => e.event.orderId)).toEqual(['outage-before', 'outage-after']);
    expect(logs.some((m) => m.includes('lost the Redis connection'))).toBe(true);
    expect(logs).toContain('order events: reading again');
  });

  it('ends a watcher that falls too far behind, instead of buffering without bound', async () => {
    // Never read: its events pile up until the limit.
    const stalled = hub.watch({ allows: (e) => e.orderId.startsWith('flood') });
    const first = stalled.next();
    // A reader that keeps up tells when the hub has handed every event out.
    const keepingUp = collect(hub.watch({ allows: (e) => e.orderId.startsWith('flood') }));
    const pipeline = publisher.pipeline();
    for (let i = 0; i < WATCH_QUEUE_MAX + 50; i++)
      pipeline.xadd(
        'hub-test:order-events',
        '*',
        'event',
        JSON.stringify(event(`flood-${i}`, 'u9')),
      );
    await pipeline.exec();
    expect((await first).value?.event.orderId).toBe('flood-0');
    await keepingUp.until(WATCH_QUEUE_MAX + 50);
    let error: unknown = null;
    let read = 1;
    try {
      for (;;) {
        const next = await stalled.next();
        if (next.done) break;
        read++;
      }
    } catch (e) {
      error = e;
    }
    expect(String(error)).toMatch(/fell behind/);
    expect(read).toBeLessThanOrEqual(WATCH_QUEUE_MAX + 1);
  });

  it('ends every watch on close, and a watch whose signal aborts', async () => {
    const aborter = new AbortController();
    const aborted = collect(hub.watch({ allows: () => true, signal: aborter.signal }));
    aborter.abort();
    await aborted.done;
    const open = collect(hub.watch({ allows: () => true }));
    hub.close();
    await open.done;
    expect(open.seen).toEqual([]);
  });
});
