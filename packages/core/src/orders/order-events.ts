import type { Redis } from 'ioredis';
import type { OrderEvent } from '@kanak/shared';

/**
 * The Redis stream of one deployment's order events (its queue prefix keeps test runs apart). A
 * stream, not pub/sub: a browser that reconnects names the last event it saw and is sent the rest.
 */
export const orderEventStream = (prefix: string) => `${prefix}:order-events`;

/** About a day of a busy shop's events; older ones are trimmed (a reconnecting page refetches). */
export const ORDER_STREAM_MAX = 10_000;

/** Appends the event to the stream every server reads; the caller has committed the change. */
export async function publishOrderEvent(redis: Redis, prefix: string, event: OrderEvent) {
  await redis.xadd(
    orderEventStream(prefix),
    'MAXLEN',
    '~',
    ORDER_STREAM_MAX,
    '*',
    'event',
    JSON.stringify(event),
  );
}
