// The Grafana dashboard (deploy/grafana/dashboards/kanak.json) and the alert rules
// (deploy/prometheus/alerts.yml) query only metric families server and worker really expose:
// every `kanak_…` name in their PromQL is checked against a real /metrics scrape of a test server
// and of a worker process (prom-client's default metrics included, histograms as their _bucket,
// _sum and _count series).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  freePort,
  scrape,
  startTestServer,
  TEST_REDIS_URL,
  uniquePrefix,
  type TestServer,
} from '@kanak/testkit';
import { startTsxProcess, type ChildProcessHandle } from './process-support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Panel {
  type: string;
  title: string;
  targets?: Array<{ expr: string }>;
  panels?: Panel[];
}
const dashboard = JSON.parse(read('deploy/grafana/dashboards/kanak.json')) as { panels: Panel[] };
const dashboardQueries = dashboard.panels
  .flatMap((panel) => [panel, ...(panel.panels ?? [])])
  .flatMap((panel) => (panel.targets ?? []).map((t) => ({ title: panel.title, expr: t.expr })));
const alertQueries = (
  parse(read('deploy/prometheus/alerts.yml')) as {
    groups: Array<{ rules: Array<{ alert: string; expr: string }> }>;
  }
).groups.flatMap((group) => group.rules.map((rule) => ({ title: rule.alert, expr: rule.expr })));

/** The `kanak_…` metric names a PromQL expression reads. */
const metricNames = (expr: string) => [...expr.matchAll(/\bkanak_[a-zA-Z0-9_]+/g)].map((m) => m[0]);

/** Every series name an exposition offers: each family, and a histogram's or summary's parts. */
function seriesNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!);
    if (type === 'histogram')
      for (const part of ['_bucket', '_sum', '_count']) names.add(name! + part);
    if (type === 'summary') for (const part of ['_sum', '_count']) names.add(name! + part);
  }
  return names;
}

describe('dashboard and alert rules against real /metrics scrapes', () => {
  const token = randomBytes(16).toString('hex');
  let server: TestServer;
  let worker: ChildProcessHandle;
  const exposed = new Set<string>();

  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: token });
    const workerPort = await freePort();
    worker = await startTsxProcess(
      'worker/src/main.ts',
      {
        DATABASE_URL: server.database.url,
        REDIS_URL: TEST_REDIS_URL,
        QUEUE_PREFIX: uniquePrefix('dash'),
        PAYMENT_PROVIDER: 'sandbox',
        NODE_ENV: 'test',
        METRICS_TOKEN: token,
        WORKER_METRICS_PORT: String(workerPort),
        MAIL_DISABLED: 'true',
      },
      /worker listening/,
    );
    // A request first, so the server's request families carry series.
    await fetch(`${server.baseUrl}/api/health`);
    for (const url of [`${server.baseUrl}/metrics`, `http://127.0.0.1:${workerPort}/metrics`]) {
      const { status, text } = await scrape(url, token);
      expect(status, url).toBe(200);
      for (const name of seriesNames(text)) exposed.add(name);
    }
  }, 90_000);
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
  });

  it('reads the metric families the shop exposes, prefixed kanak_', () => {
    // The scrape itself: both processes' families, default metrics included.
    for (const name of [
      'kanak_http_requests_total',
      'kanak_jobs_total',
      'kanak_process_resident_memory_bytes',
    ])
      expect(exposed.has(name), name).toBe(true);
  });

  it('queries only exposed metrics in every dashboard panel', () => {
    expect(dashboardQueries.length).toBeGreaterThanOrEqual(20);
    const missing = dashboardQueries.flatMap(({ title, expr }) =>
      metricNames(expr)
        .filter((name) => !exposed.has(name))
        .map((name) => `${title}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('queries only exposed metrics in every alert rule', () => {
    const missing = alertQueries.flatMap(({ title, expr }) =>
      metricNames(expr)
        .filter((name) => !exposed.has(name))
        .map((name) => `${title}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('covers what an operator watches: requests, cache, outbox, queues, jobs, payments, mail, pool, Redis, event loop, memory', () => {
    const queried = new Set(dashboardQueries.flatMap(({ expr }) => metricNames(expr)));
    for (const name of [
      'kanak_http_requests_total',
      'kanak_http_request_duration_seconds_bucket',
      'kanak_read_cache_hits_total',
      'kanak_read_cache_misses_total',
      'kanak_outbox_rows',
      'kanak_outbox_oldest_unsent_age_seconds',
      'kanak_queue_jobs',
      'kanak_jobs_total',
      'kanak_job_duration_seconds_bucket',
      'kanak_payments_total',
      'kanak_mails_sent_total',
      'kanak_mails_failed_total',
      'kanak_mails_pending',
      'kanak_pg_pool_connections',
      'kanak_redis_up',
      'kanak_nodejs_eventloop_lag_p99_seconds',
      'kanak_process_resident_memory_bytes',
    ])
      expect(queried.has(name), name).toBe(true);
    // p95 and p99 latency by route, and the 5xx ratio.
    const exprs = dashboardQueries.map((q) => q.expr.replace(/\s+/g, ' '));
    for (const quantile of ['0.95', '0.99'])
      expect(exprs).toContain(
        `histogram_quantile(${quantile}, sum by (le, route) (rate(kanak_http_request_duration_seconds_bucket[$__rate_interval])))`,
      );
    expect(exprs.some((e) => e.includes('kanak_http_requests_total{status=~"5.."}'))).toBe(true);
  });
});
