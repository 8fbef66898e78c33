import { Redis } from 'ioredis';

/**
 * What a committed write changed in the catalogue, as every server's read cache hears it:
 * `products` when only those products' own figures moved (stock, reviews, ratings), `all` when
 * listings themselves may change (a product added, removed or re-priced, a customer's reviews
 * gone).
 */
export type CatalogChange = { scope: 'all' } | { scope: 'products'; productIds: string[] };

export const EVERYTHING: CatalogChange = { scope: 'all' };
export const productsChanged = (productIds: string[]): CatalogChange => ({
  scope: 'products',
  productIds: [...new Set(productIds)],
});

/** The Redis pub/sub channel of one deployment (its queue prefix keeps test runs apart). */
export const catalogChannel = (prefix: string) => `${prefix}:catalog-changes`;

export function parseCatalogChange(message: string): CatalogChange {
  try {
    const value = JSON.parse(message) as Partial<{ scope: string; productIds: unknown }>;
    if (
      value.scope === 'products' &&
      Array.isArray(value.productIds) &&
      value.productIds.every((id) => typeof id === 'string')
    )
      return productsChanged(value.productIds as string[]);
  } catch {
    // An unreadable message still means something changed: drop everything.
  }
  return EVERYTHING;
}

/** Tells every server process; the caller has committed the change already. */
export async function publishCatalogChange(redis: Redis, prefix: string, change: CatalogChange) {
  await redis.publish(catalogChannel(prefix), JSON.stringify(change));
}

export interface CatalogListener {
  /** Ready: messages arrive. While not, a cache cannot know what changed and must not answer. */
  listening(): boolean;
  close(): void;
}

export interface ListenToCatalogChangesOptions {
  url: string;
  prefix: string;
  onChange: (change: CatalogChange) => void;
  log: (level: 'warn' | 'info', message: string) => void;
}

/**
 * Subscribes to the channel on its own connection (a subscribed connection can do nothing
 * else). `onChange` also gets EVERYTHING each time the subscription comes back after a loss,
 * since messages sent meanwhile are gone.
 */
export function listenToCatalogChanges({
  url,
  prefix,
  onChange,
  log,
}: ListenToCatalogChangesOptions): CatalogListener {
  const client = new Redis(url, {
    maxRetriesPerRequest: null,
    connectTimeout: 1000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    // Subscribed below on every 'ready': listening only once Redis acknowledged the subscription.
    autoResubscribe: false,
  });
  const channel = catalogChannel(prefix);
  let subscribed = false;
  let lost = false;
  let closing = false;
  const deaf = (why: string) => {
    if (subscribed && !closing)
      log('warn', `catalogue cache: Redis subscription lost (${why}); answering uncached`);
    subscribed = false;
    lost = true;
  };
  client.on('error', () => {
    // Reported once through 'close'; ioredis would otherwise print every retry.
  });
  client.on('close', () => deaf('connection closed'));
  client.on('ready', () => {
    client.subscribe(channel).then(
      () => {
        subscribed = true;
        // Messages sent while deaf are gone: whatever was cached may be stale.
        if (lost) {
          onChange(EVERYTHING);
          log('info', 'catalogue cache: Redis subscription back; cache cleared');
        }
      },
      () => client.disconnect(true),
    );
  });
  client.on('message', (_channel: string, message: string) =>
    onChange(parseCatalogChange(message)),
  );
  // A link that hangs (Redis frozen, a half-open TCP connection) stays 'ready' and delivers
  // nothing: a PING each second that goes unanswered makes the listener deaf and reconnects.
  const heartbeat = setInterval(() => {
    if (client.status !== 'ready') return;
    let answered = false;
    const timer = setTimeout(() => {
      if (answered) return;
      deaf('no answer to PING');
      client.disconnect(true);
    }, 1000);
    client.ping().then(
      () => {
        answered = true;
        clearTimeout(timer);
      },
      () => {
        // Refused on a closing connection: the 'close' that follows reports it.
        answered = true;
        clearTimeout(timer);
      },
    );
  }, 1000);
  heartbeat.unref();
  return {
    listening: () => subscribed && client.status === 'ready',
    close: () => {
      closing = true;
      clearInterval(heartbeat);
      client.disconnect();
    },
  };
}
