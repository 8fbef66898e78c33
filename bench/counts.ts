// The bench's sizes (products, orders, runs, seconds…), each read from its BENCH_* variable with
// its default, and kept here so a run can tell whether any was reduced: such a run is partial
// (results-partial.json), never the whole run's results.

const counts: { name: string; value: number; fallback: number }[] = [];

/** `process.env[name]` as a number, `fallback` when unset; recorded for `reducedCounts`. */
export function benchCount(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  counts.push({ name, value, fallback });
  return value;
}

/** The counts set below their defaults, as `NAME=value (default d)`. */
export function reducedCounts(): string[] {
  return counts
    .filter((c) => !(c.value >= c.fallback))
    .map((c) => `${c.name}=${c.value} (default ${c.fallback})`);
}
