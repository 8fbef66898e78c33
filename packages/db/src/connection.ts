import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

// int8 (count(*), bigserial) as JS numbers: our counts never approach 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/kanak';

/** The bounds the server and worker use unless DB_*_MS variables say otherwise. */
export const DB_TIMEOUT_DEFAULTS = {
  connectTimeoutMs: 3000,
  statementTimeoutMs: 10_000,
  idleInTransactionTimeoutMs: 10_000,
} as const;

export interface DbOptions {
  poolSize?: number;
  /**
   * Longest wait for a connection: opening a new one, or waiting for a free one in a full pool
   * ("timeout exceeded when trying to connect"). Default 3 s.
   */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL's statement_timeout (SQLSTATE 57014 when exceeded); 0 or absent: none. The client
   * also stops waiting for an answer 1 s after it ("Query read timeout"): that is what bounds a
   * query when the database stops answering altogether, and the connection is then discarded.
   */
  statementTimeoutMs?: number;
  /** PostgreSQL's idle_in_transaction_session_timeout; 0 or absent: none. */
  idleInTransactionTimeoutMs?: number;
  /**
   * Statements marked PREPARED run as named prepared statements (default true); false sends them
   * unnamed, for a pooler that does not keep a client on one server connection.
   */
  preparedStatements?: boolean;
  /** Where pool and connection errors are reported (they are never fatal). */
  log?: (message: string) => void;
}

/** Added to statement_timeout for the client's own read timeout (the server's answer wins). */
const READ_TIMEOUT_MARGIN_MS = 1000;

const PREPARED_MARK = '/* prepared */';

/**
 * `.modifyEnd(PREPARED)` on a hot read whose SQL text takes a few shapes only (a product page,
 * a page of listings): it runs as a named prepared statement, parsed once per connection, and
 * PostgreSQL's plan cache switches it to a generic plan after five runs, so it is no longer
 * planned on every request (about 1.3 ms of a product page's statement). Never on a statement
 * whose text varies without bound (each text is kept on every connection until it closes).
 */
export const PREPARED = sql.raw(PREPARED_MARK);

const statementNames = new Map<string, string>();
/** A stable name per text, the same on every connection. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `k${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** A marked text as pg's named statement; anything else as Kysely gave it. */
function namedIfPrepared(args: unknown[]): unknown[] {
  const [text, values] = args;
  if (typeof text !== 'string' || !text.endsWith(PREPARED_MARK)) return args;
  return [{ name: statementName(text), text, values }];
}

/**
 * PostgreSQL's refusals of a statement this connection prepared earlier: its result type changed
 * under it (a migration: 0A000 "cached plan must not change result type") or it is gone (26000).
 * The connection is then dropped, so the next one prepares the statement afresh.
 */
const STALE_STATEMENT = new Set(['0A000', '26000']);

/**
 * A connection whose last query failed in the driver rather than in PostgreSQL (read timeout,
 * connection lost) is in an unknown protocol state: it is handed back to pg's pool to be
 * destroyed instead of being reused. Errors PostgreSQL answered (constraint violations, 57014 …)
 * leave the connection usable.
 */
function guardPool(pool: pg.Pool, prepared: boolean): PostgresPool {
  return {
    Client: pg.Client,
    options: pool.options,
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let broken = false;
      const guarded: PostgresPoolClient = {
        get processID() {
          return (client as pg.PoolClient & { processID?: number }).processID;
        },
        query: ((...args: Parameters<pg.PoolClient['query']>) => {
          // Kysely's ROLLBACK after a read timeout would queue behind the lost query and wait a
          // second timeout: on a broken connection every further query fails at once.
          if (broken)
            return Promise.reject(
              new Error('Connection terminated: the connection was lost and is discarded'),
            );
          const sent = prepared ? namedIfPrepared(args) : args;
          const result: unknown = (client.query as (...a: unknown[]) => unknown)(...sent);
          if (result instanceof Promise) {
            return result.catch((error: unknown) => {
              if (!(error instanceof pg.DatabaseError)) broken = true;
              else if (sent !== args && STALE_STATEMENT.has(error.code ?? '')) broken = true;
              throw error;
            });
          }
          return result;
        }) as PostgresPoolClient['query'],
        release(destroy?: boolean) {
          client.release(destroy || broken ? true : undefined);
        },
      };
      return guarded;
    },
    end: () => pool.end(),
  };
}

/**
 * Kysely over a pg pool that survives its database going away: every client (idle or checked
 * out) has an error listener, so a terminated backend or a dropped link is logged and the
 * client replaced, never an unhandled 'error' event; every wait is bounded (see DbOptions).
 * `createDb(url, 5)` (a pool size only) keeps the connect timeout but sets no statement limits,
 * for migrations, seeds and tools whose statements may legitimately run long.
 */
export function createDb(databaseUrl: string, options: number | DbOptions = {}): Kysely<Database> {
  const opts: DbOptions = typeof options === 'number' ? { poolSize: options } : options;
  const log = opts.log ?? ((message: string) => console.warn(message));
  const statementTimeout = opts.statementTimeoutMs ?? 0;
  const idleTxTimeout = opts.idleInTransactionTimeoutMs ?? 0;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? DB_TIMEOUT_DEFAULTS.connectTimeoutMs,
    keepAlive: true,
    ...(statementTimeout > 0
      ? {
          statement_timeout: statementTimeout,
          query_timeout: statementTimeout + READ_TIMEOUT_MARGIN_MS,
        }
      : {}),
    ...(idleTxTimeout > 0 ? { idle_in_transaction_session_timeout: idleTxTimeout } : {}),
    // Our storage is SSD or RAM: with the default random_page_cost of 4 the planner prefers a
    // sequential scan to the search GIN index (measured at 50k products: 37 ms vs 13 ms).
    options: '-c random_page_cost=1.1',
  });
  // A client can lose its connection while idle or while checked out (database restart,
  // pg_terminate_backend, a dropped link): without a listener on the client itself the 'error'
  // event would crash the process. The pool replaces the client; the request that used it fails
  // with an error core classifies as "unavailable" (503).
  pool.on('connect', (client) => {
    client.on('error', (error) => log(`PostgreSQL connection error: ${error.message}`));
  });
  // Emitted for idle clients, whose error the listener above has already logged.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: guardPool(pool, opts.preparedStatements ?? true) }),
  });
  pools.set(db, pool);
  return db;
}

/** Each Kysely's pg pool, for the metrics (pool waits) without handing the pool itself out. */
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/** Connections of a database's pool: open, idle, and requests waiting for one (null: not ours). */
export function poolStats(
  db: Kysely<Database>,
): { total: number; idle: number; waiting: number } | null {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

/** Creates the database named in the URL when it does not exist yet (fresh machines, tests). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`Unsupported database name: ${name}`);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } catch (error) {
        // Another process created it between our check and our CREATE.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
