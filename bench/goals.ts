// The issue's goals as one table at the end of `pnpm bench`, in its order: each measured figure
// beside the ceiling measured in the same run (where one applies), the goal and whether it is met.
// A part the run left out (BENCH_ONLY) is "not run", never a pass.
import type { ClickFigures } from './clicks';
import type { LighthouseFigures } from './lighthouse';
import type { WebFigures } from './web';
import type { WorkerThroughput } from './worker-throughput';
import type { FirstLoad } from '../web/src/first-load';

/** One autocannon scenario: throughput and latency, or why it was not measured. */
export type HttpFigure =
  { rps: number; p50: number; p99: number; non2xx: number } | { error: string };

/** The scenarios the goals read (cache on unless named uncached). */
export type HttpKey =
  | 'bare'
  | 'ping'
  | 'catalog.list'
  | 'listing'
  | 'listing filtered'
  | 'listing rotating'
  | 'listing facets'
  | 'detail'
  | 'search'
  | 'uncached detail'
  | 'uncached page';

export interface Measured {
  clicks: ClickFigures | null;
  firstLoad: FirstLoad[] | null;
  lighthouse: LighthouseFigures[] | null;
  web: WebFigures[] | null;
  /** Peak RSS of the server through the cache-on HTTP scenarios. */
  serverPeakMb: number | null;
  worker: WorkerThroughput | null;
  /** Peak RSS of the worker through the import's dry run and apply. */
  importWorkerPeakMb: number | null;
  /** The state the import's apply ended in ('applied' when it went through). */
  importState: string | null;
  http: Partial<Record<HttpKey, HttpFigure>>;
}

export interface Goal {
  what: string;
  ceiling: string;
  measured: string;
  goal: string;
  met: 'yes' | 'no' | 'not run';
}

const fmt = (n: number) => n.toLocaleString('en-US');
const yes = (ok: boolean): Goal['met'] => (ok ? 'yes' : 'no');
const notRun = (what: string, goal: string, ceiling = ''): Goal => ({
  what,
  ceiling,
  measured: '—',
  goal,
  met: 'not run',
});

/** Throughput as a share of a ceiling scenario, against a minimum share. */
function share(
  what: string,
  m: HttpFigure | undefined,
  ceiling: HttpFigure | undefined,
  ceilingName: string,
  minPercent: number,
): Goal {
  const goal = `≥ ${minPercent} % of ${ceilingName}`;
  if (!m || !ceiling) return notRun(what, goal);
  if ('error' in ceiling)
    return { what, ceiling: `${ceilingName}: ${ceiling.error}`, measured: '—', goal, met: 'no' };
  const ceilingText = `${ceilingName} ${fmt(ceiling.rps)} req/s`;
  if ('error' in m) return { what, ceiling: ceilingText, measured: m.error, goal, met: 'no' };
  // A ceiling that answered nothing gives no share (not an infinite one).
  if (!(ceiling.rps > 0))
    return { what, ceiling: ceilingText, measured: 'no ceiling to share', goal, met: 'no' };
  const percent = (100 * m.rps) / ceiling.rps;
  return {
    what,
    ceiling: ceilingText,
    measured: `${fmt(m.rps)} req/s = ${percent.toFixed(1)} %${m.non2xx ? ` (${fmt(m.non2xx)} non-2xx)` : ''}`,
    goal,
    met: yes(percent >= minPercent && m.non2xx === 0),
  };
}

/** A p99 against a bound, beside bare Fastify's own p99 in the same run. */
function p99(what: string, m: HttpFigure | undefined, bare: HttpFigure | undefined, maxMs: number) {
  const goal = `p99 ≤ ${maxMs} ms`;
  const ceiling = bare && !('error' in bare) ? `bare Fastify p99 ${fmt(bare.p99)} ms` : '';
  if (!m) return notRun(what, goal, ceiling);
  if ('error' in m) return { what, ceiling, measured: m.error, goal, met: 'no' as const };
  return {
    what,
    ceiling,
    measured: `p99 ${fmt(m.p99)} ms (p50 ${fmt(m.p50)} ms, ${fmt(m.rps)} req/s)${m.non2xx ? `, ${fmt(m.non2xx)} non-2xx` : ''}`,
    goal,
    met: yes(m.p99 <= maxMs && m.non2xx === 0),
  };
}

/**
 * A peak against a bound. `invalid`: why the work it was taken over did not happen as measured
 * (then no pass, whatever the figure); a peak of 0 MB is one never sampled.
 */
function rss(what: string, mb: number | null, maxMb: number, invalid?: string): Goal {
  const goal = `≤ ${maxMb} MB`;
  if (mb === null) return notRun(what, goal);
  if (invalid) return { what, ceiling: '', measured: `${mb} MB, ${invalid}`, goal, met: 'no' };
  if (!(mb > 0)) return { what, ceiling: '', measured: 'not measured', goal, met: 'no' };
  return { what, ceiling: '', measured: `${mb} MB`, goal, met: yes(mb <= maxMb) };
}

export function goals(m: Measured): Goal[] {
  const table: Goal[] = [];

  const clicksGoal = '0 in 5 full runs';
  const clicksWhat = 'clicks lost before hydration (click-before-hydration walk)';
  if (!m.clicks) table.push(notRun(clicksWhat, clicksGoal));
  else {
    const c = m.clicks;
    table.push({
      what: clicksWhat,
      ceiling: '',
      measured: `${c.failedRuns} of ${c.runs} runs failed (${c.failedWalks} of ${c.walks} walks)${c.runs < 5 ? ', fewer than 5 runs' : ''}${c.failures.length ? `: ${c.failures.join(' | ')}` : ''}`,
      goal: clicksGoal,
      met: yes(c.runs >= 5 && c.failedRuns === 0 && c.failedWalks === 0 && c.walks > 0),
    });
  }

  for (const page of ['home', 'listing', 'product', 'admin dashboard'] as const) {
    const what = `first-load JS, gzip: ${page}`;
    const load = m.firstLoad?.find((f) => f.page === page);
    const goalKb = page === 'admin dashboard' ? 150 : 120;
    if (!load) table.push(notRun(what, `≤ ${goalKb} kB`));
    else
      table.push({
        what,
        ceiling: '',
        measured: `${(load.gzipBytes / 1000).toFixed(1)} kB (${load.files.length} files)`,
        goal: `≤ ${load.goal / 1000} kB`,
        met: yes(load.gzipBytes <= load.goal),
      });
  }

  for (const page of ['home', 'listing (rings)', 'product']) {
    const what = `Lighthouse mobile performance: ${page}`;
    const goal = '≥ 95 on each of 3 runs';
    const lh = m.lighthouse?.find((f) => f.page === page);
    if (!lh) table.push(notRun(what, goal));
    else {
      const runs = lh.runs.map((r) => (r === null ? 'not measured' : String(r))).join(', ');
      table.push({
        what,
        ceiling: '',
        measured: `runs ${runs}; min ${lh.min ?? '—'}, median ${lh.median ?? '—'}, max ${lh.max ?? '—'}`,
        goal,
        met: yes(lh.runs.length >= 3 && lh.runs.every((r) => r !== null && r >= 95)),
      });
    }
  }

  const dashboard = m.web?.find((w) => w.page === 'admin dashboard');
  const lcpWhat = 'admin dashboard LCP (4× CPU, slow 4G, median of cold loads)';
  if (!dashboard) table.push(notRun(lcpWhat, '≤ 2.5 s'));
  else
    table.push({
      what: lcpWhat,
      ceiling: '',
      measured: `${fmt(dashboard['LCP ms'])} ms`,
      goal: '≤ 2.5 s',
      met: yes(dashboard['LCP ms'] > 0 && dashboard['LCP ms'] <= 2500),
    });

  table.push(rss('server RSS peak under the bench, cache on', m.serverPeakMb, 250));
  const confirmationsRss = 'worker RSS peak during the confirmations';
  if (!m.worker) table.push(notRun(confirmationsRss, '≤ 150 MB'));
  else if (!m.worker.confirmations)
    // The worker part ran and the confirmations did not: a failure, not a part left out.
    table.push({
      what: confirmationsRss,
      ceiling: '',
      measured: m.worker.error ?? 'confirmations not measured',
      goal: '≤ 150 MB',
      met: 'no',
    });
  else
    table.push(
      rss(
        confirmationsRss,
        m.worker.confirmations.workerPeakMb,
        150,
        m.worker.confirmations.guaranteesHeld ? undefined : 'guarantees not held',
      ),
    );
  table.push(
    rss(
      'worker RSS peak during the import',
      m.importWorkerPeakMb,
      150,
      m.importState === 'applied' ? undefined : `the apply ended ${m.importState ?? 'unknown'}`,
    ),
  );

  table.push(
    share(
      'tRPC listing (catalog.list ring) against tRPC ping, cache on',
      m.http['catalog.list'],
      m.http.ping,
      'tRPC ping',
      70,
    ),
  );

  for (const [key, what] of [
    ['listing', 'REST listing, page 1, cache on'],
    ['detail', 'REST product detail, 1,000 rotating ids, cache on'],
    ['search', 'REST search, 30 rotating queries, cache on'],
    ['listing filtered', 'REST filtered listing (ring, 2 colours, desc, page 3), cache on'],
    ['listing rotating', 'REST filtered listings, 200 rotating filters, cache on'],
    ['listing facets', 'REST filtered listings, 2,000 price ranges with facet counts, cache on'],
  ] as const)
    table.push(share(what, m.http[key], m.http.bare, 'bare Fastify', 30));

  const confirmationsWhat = 'payment confirmations/s through the worker';
  const confirmationsGoal = '≥ 1,000/s, each paid exactly once, no dead letter';
  if (!m.worker) table.push(notRun(confirmationsWhat, confirmationsGoal));
  else {
    const { noopPerSecond: noop, confirmations: paid } = m.worker;
    table.push({
      what: confirmationsWhat,
      ceiling: noop ? `BullMQ no-op ${fmt(noop)} jobs/s` : `BullMQ no-op: ${m.worker.error ?? '—'}`,
      measured: paid
        ? `${fmt(paid.perSecond)}/s${noop ? ` = ${((100 * paid.perSecond) / noop).toFixed(1)} %` : ''}; ${paid.guaranteesHeld ? 'each paid exactly once, no dead letter' : 'guarantees not held (see the worker row)'}`
        : (m.worker.error ?? '—'),
      goal: confirmationsGoal,
      met: yes(!!paid && paid.perSecond >= 1000 && paid.guaranteesHeld),
    });
  }

  table.push(
    p99(
      'uncached product detail (REST, 1,000 rotating ids)',
      m.http['uncached detail'],
      m.http.bare,
      30,
    ),
  );
  table.push(
    p99(
      'uncached server-rendered product page (1,000 rotating ids)',
      m.http['uncached page'],
      m.http.bare,
      100,
    ),
  );
  return table;
}
