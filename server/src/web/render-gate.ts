/** What this process's server renders did, for /metrics and the tests. */
export interface RenderStats {
  /** Pages rendered (each may take more than one React pass, see `passes`). */
  pages: number;
  /** React passes over all pages: equal to `pages` when every route loads what it shows. */
  passes: number;
  /** Requests that waited for the same URL's render already running instead of starting one. */
  shared: number;
  /** Requests past the cap: they got the browser-rendered page at once (SSR_MAX_RENDERS). */
  fallbacks: number;
}

/**
 * Server renders in flight, per process: two requests for one uncached URL share one render, and
 * past `max` renders at once a request gets no render at all (the caller sends the plain page,
 * which the browser renders itself) instead of queueing behind the others on a busy CPU: a
 * crawler or a campaign walking thousands of uncached pages then costs bounded CPU and memory.
 */
export class RenderGate<T> {
  readonly stats: RenderStats = { pages: 0, passes: 0, shared: 0, fallbacks: 0 };
  private readonly running = new Map<string, Promise<T>>();

  constructor(private readonly max: number) {}

  /** The render of `key` (started now or already running); null past the cap. */
  run(key: string, render: () => Promise<T>): Promise<T> | null {
    const already = this.running.get(key);
    if (already) {
      this.stats.shared += 1;
      return already;
    }
    if (this.running.size >= this.max) {
      this.stats.fallbacks += 1;
      return null;
    }
    const started = render().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }

  /** Counts a finished page and its React passes. */
  rendered(passes: number) {
    this.stats.pages += 1;
    this.stats.passes += passes;
  }
}
