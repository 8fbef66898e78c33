import { Redis } from 'ioredis';
import type { OrderEvent } from '@kanak/shared';
import { orderEventStream } from './order-events';

/** An event with its stream id, which a reconnecting browser sends back as Last-Event-ID. */
export interface StreamedOrderEvent {
  id: string;
  event: OrderEvent;
}

export interface WatchOptions {
  signal?: AbortSignal;
  /** The last id this watcher saw: the events after it that are still in the stream come first. */
  lastEventId?: string | null;
  /** Which events this watcher may see (its own orders, or all for an admin). */
  allows: (event: OrderEvent) => boolean;
}

export interface OrderEventHub {
  /** Events as they are published (after a replay from lastEventId), until signal or close. */
  watch(options: WatchOptions): AsyncGenerator<StreamedOrderEvent>;
  /** Ends every watch: their SSE answers finish, so the HTTP server can drain. */
  close(): void;
}

type Log = (message: string) => void;

const STREAM_ID = /^\d+-\d+$/;
/** Stream ids are `ms-seq`; compared as numbers, not text ('9-0' < '10-0'). */
export function streamIdAfter(a: string, b: string): boolean {
  const [am, as] = a.split('-').map(BigInt) as [bigint, bigint];
  const [bm, bs] = b.split('-').map(BigInt) as [bigint, bigint];
  return am > bm || (am === bm && as > bs);
}

function parse(fields: string[]): OrderEvent | null {
  const at = fields.indexOf('event');
  try {
    return at >= 0 ? (JSON.parse(fields[at + 1]!) as OrderEvent) : null;
  } catch {
    return null;
  }
}

/**
 * One reader per server process: a dedicated connection blocks on XREAD and hands each event to
 * every watcher in this process, so a thousand open pages cost one Redis connection. While Redis
 * is away it retries each second and then goes on from the last id it read: nothing is skipped.
 */
export function createOrderEventHub(redisUrl: string, prefix: string, log: Log): OrderEventHub {
  const key = orderEventStream(prefix);
  // Blocking reads need their own connection; commands wait for a reconnect instead of failing.
  const reader = new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
  // Replays are short requests, kept off the blocked reader.
  const replayer = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false });
  reader.on('error', () => {});
  replayer.on('error', () => {});
  // The blocked read is re-sent by the client after a reconnect: the log says when that happens.
  let lost = false;
  reader.on('close', () => {
    if (closed || lost) return;
    lost = true;
    log('order events: lost the Redis connection; pages get what they missed once it is back');
  });
  reader.on('ready', () => {
    if (!lost) return;
    lost = false;
    log('order events: reading again');
  });
  const listeners = new Set<(e: StreamedOrderEvent) => void>();
  const closers = new Set<() => void>();
  let closed = false;
  let lastRead: string | null = null;
  let failing = false;

  async function readLoop() {
    while (!closed) {
      try {
        // Start after the newest event now in the stream: older ones come only by replay.
        if (lastRead === null)
          lastRead = (await reader.xrevrange(key, '+', '-', 'COUNT', 1))[0]?.[0] ?? '0-0';
        const answer = await reader.xread('COUNT', 200, 'BLOCK', 5000, 'STREAMS', key, lastRead);
        failing = false;
        for (const [, entries] of answer ?? [])
          for (const [id, fields] of entries) {
            lastRead = id;
            const event = parse(fields);
            if (event) for (const listener of listeners) listener({ id, event });
          }
      } catch (error) {
        if (closed) return;
        if (!failing) log(`order events: cannot read the stream (${(error as Error).message})`);
        failing = true;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }
  void readLoop();

  async function replay(after: string): Promise<StreamedOrderEvent[]> {
    const entries = await replayer.xrange(key, `(${after}`, '+', 'COUNT', 1000);
    return entries.flatMap(([id, fields]) => {
      const event = parse(fields);
      return event ? [{ id, event }] : [];
    });
  }

  async function* watch(options: WatchOptions): AsyncGenerator<StreamedOrderEvent> {
    const queue: StreamedOrderEvent[] = [];
    let wake: (() => void) | null = null;
    let ended = closed || Boolean(options.signal?.aborted);
    const nudge = () => {
      wake?.();
      wake = null;
    };
    const listener = (e: StreamedOrderEvent) => {
      queue.push(e);
      nudge();
    };
    const end = () => {
      ended = true;
      nudge();
    };
    // Listening before the replay: an event published meanwhile is queued, not lost.
    listeners.add(listener);
    closers.add(end);
    options.signal?.addEventListener('abort', end);
    let last =
      options.lastEventId && STREAM_ID.test(options.lastEventId) ? options.lastEventId : null;
    try {
      if (last && !ended)
        for (const e of await replay(last).catch(() => [])) {
          last = e.id;
          if (options.allows(e.event)) yield e;
        }
      while (!ended) {
        const next = queue.shift();
        if (!next) {
          await new Promise<void>((r) => (wake = r));
          continue;
        }
        // Already sent by the replay.
        if (last && !streamIdAfter(next.id, last)) continue;
        last = next.id;
        if (options.allows(next.event)) yield next;
      }
    } finally {
      listeners.delete(listener);
      closers.delete(end);
      options.signal?.removeEventListener('abort', end);
    }
  }

  return {
    watch,
    close() {
      closed = true;
      for (const end of closers) end();
      reader.disconnect();
      replayer.disconnect();
    },
  };
}
