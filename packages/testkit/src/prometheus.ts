// A scrape of /metrics, parsed with a real Prometheus text-format parser.
import { createRequire } from 'node:module';

// The parser ships no types: it answers an array of metric families (typed below).
const parsePrometheusTextFormat = createRequire(import.meta.url)(
  'parse-prometheus-text-format',
) as (text: string) => unknown[];

export interface MetricSample {
  labels?: Record<string, string>;
  value?: string;
  /** Histograms and summaries: their buckets, count and sum. */
  buckets?: Record<string, string>;
  count?: string;
  sum?: string;
}
export interface MetricFamily {
  name: string;
  help: string;
  type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
  metrics: MetricSample[];
}

export function parseMetrics(text: string): Map<string, MetricFamily> {
  const families = parsePrometheusTextFormat(text) as MetricFamily[];
  return new Map(families.map((f) => [f.name, f]));
}

/** The value of a counter or gauge series whose labels include `labels` (summed over the rest). */
export function sampleValue(
  families: Map<string, MetricFamily>,
  name: string,
  labels: Record<string, string> = {},
): number {
  const family = families.get(name);
  if (!family) return 0;
  return family.metrics
    .filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
    .reduce((sum, m) => sum + Number(m.value ?? m.count ?? 0), 0);
}

/** GET /metrics with an optional bearer token; the text and status. */
export async function scrape(
  url: string,
  token?: string,
): Promise<{ status: number; text: string; families: Map<string, MetricFamily> }> {
  const res = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  const text = await res.text();
  return {
    status: res.status,
    text,
    families: res.status === 200 ? parseMetrics(text) : new Map(),
  };
}
