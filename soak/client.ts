// Every request the soak makes goes through here: spread over the servers, counted by status,
// and each 5xx other than 503 kept with its body (a real bug to look at).
import { sleep, timedFetch, type Answer } from '../server/test/process-support';
import type { Slot } from './environment';

export interface Unexpected {
  at: string;
  label: string;
  server: string;
  status: number;
  body: string;
}

export interface HttpStats {
  /** status (0: no answer) → count. */
  byStatus: Record<string, number>;
  /** label → status → count. */
  byLabel: Record<string, Record<string, number>>;
  /** Why requests got no answer (ECONNREFUSED, TimeoutError…) → count. */
  noAnswer: Record<string, number>;
  /** Requests refused a connection by a server that was down, then sent to the other one. */
  rerouted: number;
  /** 5xx answers other than 503, with their bodies. */
  unexpected: Unexpected[];
  /** A few 4xx answers per label, to tell refusals from mistakes of the soak. */
  refusals: Record<string, string[]>;
}

export const newStats = (): HttpStats => ({
  byStatus: {},
  byLabel: {},
  noAnswer: {},
  rerouted: 0,
  unexpected: [],
  refusals: {},
});

export interface Reply<T> extends Answer {
  json: T;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is (a signed webhook body). */
  raw?: string;
  token?: string;
  headers?: Record<string, string>;
  /** Which server (index into the slots); random otherwise. */
  server?: number;
}

export function soakClient(servers: Slot[], stats: HttpStats, timeoutMs = 15_000) {
  const count = (label: string, status: number) => {
    stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
    const perLabel = (stats.byLabel[label] ??= {});
    perLabel[status] = (perLabel[status] ?? 0) + 1;
  };

  async function call<T = unknown>(
    method: string,
    label: string,
    path: string,
    options: CallOptions = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    } else if (options.raw !== undefined) headers['content-type'] ??= 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const index = options.server ?? Math.floor(Math.random() * servers.length);
    let server = servers[index % servers.length]!;
    const send = () => timedFetch(`${server.baseUrl}${path}`, { method, headers, body }, timeoutMs);
    let answer = await send();
    if (answer.status === 0 && answer.error === 'ECONNREFUSED') {
      // As a load balancer does with a backend that is down: the other server takes it.
      stats.rerouted++;
      server = servers[(index + 1) % servers.length]!;
      answer = await send();
    }
    count(label, answer.status);
    if (answer.status === 0) {
      const why = answer.error ?? 'unknown';
      stats.noAnswer[why] = (stats.noAnswer[why] ?? 0) + 1;
      // Nothing listens (both down, or a reset): don't spin.
      await sleep(250);
    } else if (answer.status >= 500 && answer.status !== 503) {
      stats.unexpected.push({
        at: new Date().toISOString(),
        label,
        server: server.name,
        status: answer.status,
        body: answer.body.slice(0, 500),
      });
    } else if (answer.status >= 400) {
      const seen = (stats.refusals[label] ??= []);
      const line = `${answer.status} ${answer.body.slice(0, 200)}`;
      if (seen.length < 5 && !seen.includes(line)) seen.push(line);
    }
    let json: unknown = null;
    try {
      json = answer.body ? JSON.parse(answer.body) : null;
    } catch {
      // not JSON
    }
    return { ...answer, json: json as T };
  }

  return {
    call,
    get: <T = unknown>(label: string, path: string, options?: CallOptions) =>
      call<T>('GET', label, path, options),
    post: <T = unknown>(label: string, path: string, options?: CallOptions) =>
      call<T>('POST', label, path, options),
    put: <T = unknown>(label: string, path: string, options?: CallOptions) =>
      call<T>('PUT', label, path, options),
  };
}
export type SoakClient = ReturnType<typeof soakClient>;
