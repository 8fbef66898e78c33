import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { OrderEvent } from '@kanak/shared';

/**
 * The Redis stream of one deployment's order events (its queue prefix keeps test runs apart). A
 * stream, not pub/sub: a browser that reconnects names the last event it saw and is sent the rest.
 */
export const orderEventStream = (prefix: string) => `${prefix}:order-events`;

/** About a day of a busy shop's events; older ones are trimmed (a reconnecting page refetches). */
export const ORDER_STREAM_MAX = 10_000;

/** What the event adds to the order's owner and status, which are read from the database. */
export type OrderEventDetail = OmitEach<OrderEvent, 'orderId' | 'userId' | 'status' | 'at'>;
/** Omit applied to each member of a union (plain Omit would merge the kinds into one shape). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The event for an order as it now stands (owner and status from its row); null if it is gone. */
export async function orderEventOf(
  db: Kysely<Database>,
  orderId: string,
  detail: OrderEventDetail,
): Promise<OrderEvent | null> {
  const row = await db
    .selectFrom('orders')
    .select(['user_id', 'status'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    orderId,
    userId: row.user_id,
    status: row.status,
    at: new Date().toISOString(),
    ...detail,
  };
}

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
