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
  /** Resolves once the reader knows where the stream stands (events from then on are live). */
  ready: Promise<void>;
  /**
   * Events as they are published (after a replay from lastEventId), until signal or close. Throws
   * when the replay cannot be read or the watcher falls too far behind: its client reconnects with
   * its last id and is sent the rest.
   */
  watch(options: WatchOptions): AsyncGenerator<StreamedOrderEvent>;
  /** Ends every watch: their SSE answers finish, so the HTTP server can drain. */
  close(): void;
  /** Browsers watching through this process now (the metrics' live-stream watchers). */
  watchers(): number;
}

/** A watcher this far behind is ended rather than buffered without bound (a stalled socket). */
export const WATCH_QUEUE_MAX = 1000;
const REPLAY_PAGE = 500;
const BLOCK_MS = 5000;
/** A blocked read that outlives its BLOCK by this much is on a dead connection. */
const READ_GRACE_MS = 3000;

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
 * is away it waits and then goes on from the last id it read, so nothing published is skipped.
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
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  /**
   * XREAD that gives up on a connection that stopped answering without closing (while the client
   * is reconnecting, the queued read simply waits for it).
   */
  async function readOnce(after: string) {
    let timer: NodeJS.Timeout | undefined;
    let abandoned = false;
    const silent = new Promise<null>((resolve) => {
      const check = () => {
        if (reader.status !== 'ready') return void (timer = setTimeout(check, READ_GRACE_MS));
        log('order events: Redis stopped answering; reconnecting');
        abandoned = true;
        reader.disconnect(true);
        resolve(null);
      };
      timer = setTimeout(check, BLOCK_MS + READ_GRACE_MS);
    });
    try {
      // An abandoned read's answer is ignored: the next read starts from the same id.
      const answer = await Promise.race([
        reader.xread('COUNT', 200, 'BLOCK', BLOCK_MS, 'STREAMS', key, after),
        silent,
      ]);
      return abandoned ? null : answer;
    } finally {
      clearTimeout(timer);
    }
  }

  async function readLoop() {
    while (!closed) {
      try {
        // Start after the newest event now in the stream: older ones come only by replay.
        if (lastRead === null) {
          lastRead = (await reader.xrevrange(key, '+', '-', 'COUNT', 1))[0]?.[0] ?? '0-0';
          markReady();
        }
        const answer = await readOnce(lastRead);
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

  /** Every event after `after` still in the stream, page by page. */
  async function* replay(after: string): AsyncGenerator<StreamedOrderEvent> {
    let from = after;
    for (;;) {
      const entries = await replayer.xrange(key, `(${from}`, '+', 'COUNT', REPLAY_PAGE);
      for (const [id, fields] of entries) {
        from = id;
        const event = parse(fields);
        if (event) yield { id, event };
      }
      if (entries.length < REPLAY_PAGE) return;
    }
  }

  async function* watch(options: WatchOptions): AsyncGenerator<StreamedOrderEvent> {
    const queue: StreamedOrderEvent[] = [];
    let wake: (() => void) | null = null;
    let ended = closed || Boolean(options.signal?.aborted);
    let overflow = false;
    const nudge = () => {
      wake?.();
      wake = null;
    };
    // Only what this watcher may see is queued, and only so much of it.
    const listener = (e: StreamedOrderEvent) => {
      if (!options.allows(e.event)) return;
      if (queue.length >= WATCH_QUEUE_MAX) overflow = true;
      else queue.push(e);
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
        for await (const e of replay(last)) {
          if (ended) return;
          last = e.id;
          if (options.allows(e.event)) yield e;
        }
      while (!ended) {
        if (overflow) throw new Error('order events: watcher fell behind; it reconnects');
        const next = queue.shift();
        if (!next) {
          await new Promise<void>((r) => (wake = r));
          continue;
        }
        // Already sent by the replay.
        if (last && !streamIdAfter(next.id, last)) continue;
        last = next.id;
        yield next;
      }
    } finally {
      listeners.delete(listener);
      closers.delete(end);
      options.signal?.removeEventListener('abort', end);
    }
  }

  return {
    ready,
    watch,
    watchers: () => listeners.size,
    close() {
      closed = true;
      markReady();
      for (const end of closers) end();
      reader.disconnect();
      replayer.disconnect();
    },
  };
}
