// The soak's report: what was injected, what the shoppers saw, and each invariant's verdict.
import type { HttpStats } from './client';
import type { SoakEnvironment } from './environment';
import type { FaultRecord, UnexpectedExit } from './faults';
import type { Drain, Findings } from './invariants';
import type { LoadStats } from './load';
import type { SoakOptions } from './soak';

export interface SoakReport {
  ok: boolean;
  startedAt: string;
  loadMinutes: number;
  shoppers: number;
  faults: { total: number; byKind: Record<string, number>; errors: number; list: FaultRecord[] };
  restarts: Record<string, number>;
  /** Processes that exited without the soak stopping them (a crash, or a signal from outside). */
  unexpectedExits: UnexpectedExit[];
  requests: {
    total: number;
    /** Connection refused by a server that was down, sent to the other one instead. */
    rerouted: number;
    byStatus: Record<string, number>;
    noAnswer: Record<string, number>;
    answers503: number;
    unexpected5xx: number;
    byLabel: Record<string, Record<string, number>>;
    refusals: Record<string, string[]>;
  };
  orders: {
    created: number;
    paymentLinks: number;
    paid: number;
    paidBy: Record<string, number>;
    unacknowledged: number;
    lost: number;
    doubled: number;
  };
  admin: { productEdits: number; orderMoves: number; ratePublishes: number };
  reviews: number;
  mails: { received: number; byKindAndStatus: Record<string, number> };
  drain: Drain;
  invariants: Findings['checks'];
  failedJobs: Findings['failedJobs'];
  queues: Findings['queues'];
  logDir: string;
}

/**
 * An exit the process chose (an uncaught error: code ≠ 0) or a signal nobody here sent but
 * SIGTERM (which the servers answer with a clean shutdown: something outside stopped it).
 */
export const crashed = (e: UnexpectedExit) =>
  (e.code !== null && e.code !== 0) || (e.signal !== null && e.signal !== 'SIGTERM');

export function buildReport(input: {
  began: Date;
  loadMs: number;
  options: SoakOptions;
  env: SoakEnvironment;
  http: HttpStats;
  load: LoadStats;
  faults: FaultRecord[];
  exits: UnexpectedExit[];
  drain: Drain;
  findings: Findings;
}): SoakReport {
  const { env, http, load, faults, findings } = input;
  const byKind: Record<string, number> = {};
  for (const f of faults) byKind[f.kind] = (byKind[f.kind] ?? 0) + 1;
  const paidBy: Record<string, number> = {};
  for (const o of load.paid) paidBy[o.delivery] = (paidBy[o.delivery] ?? 0) + 1;
  return {
    ok:
      input.drain.drained &&
      findings.checks.every((c) => c.ok) &&
      input.exits.every((e) => !crashed(e)),
    startedAt: input.began.toISOString(),
    loadMinutes: Math.round(input.loadMs / 600) / 100,
    shoppers: load.shoppers,
    faults: {
      total: faults.length,
      byKind,
      errors: faults.filter((f) => f.error).length,
      list: faults,
    },
    restarts: Object.fromEntries([...env.servers, ...env.workers].map((s) => [s.name, s.restarts])),
    unexpectedExits: input.exits,
    requests: {
      total: Object.values(http.byStatus).reduce((a, b) => a + b, 0),
      rerouted: http.rerouted,
      byStatus: http.byStatus,
      noAnswer: http.noAnswer,
      answers503: http.byStatus['503'] ?? 0,
      unexpected5xx: http.unexpected.length,
      byLabel: http.byLabel,
      refusals: http.refusals,
    },
    orders: {
      created: load.ordersPlaced,
      paymentLinks: load.paymentLinks,
      paid: load.paid.length,
      paidBy,
      unacknowledged: load.paid.filter((o) => !o.acknowledged).length,
      lost: findings.lost,
      doubled: findings.doubled,
    },
    admin: {
      productEdits: load.adminEdits,
      orderMoves: load.adminMoves,
      ratePublishes: load.ratePublishes,
    },
    reviews: load.reviews,
    mails: { received: findings.smtpReceived, byKindAndStatus: findings.mails },
    drain: input.drain,
    invariants: findings.checks,
    failedJobs: findings.failedJobs,
    queues: findings.queues,
    logDir: env.logDir,
  };
}

/** The report as a few readable lines. */
export function formatReport(report: SoakReport): string {
  const kinds = Object.entries(report.faults.byKind)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  const statuses = Object.entries(report.requests.byStatus)
    .map(([s, n]) => `${s === '0' ? 'no answer' : s} ${n}`)
    .join(', ');
  const lines = [
    `chaos soak ${report.ok ? 'PASSED' : 'FAILED'} — ${report.startedAt}, ${report.loadMinutes} min of load, ${report.shoppers} shoppers`,
    `faults injected: ${report.faults.total} (${kinds})${report.faults.errors ? `, ${report.faults.errors} failed to inject/restore` : ''}`,
    `process restarts: ${Object.entries(report.restarts)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
    ...report.unexpectedExits.map(
      (e) =>
        `${crashed(e) ? 'CRASH' : 'exit '} ${e.name} at ${e.at}: code ${e.code}, signal ${e.signal}; started again`,
    ),
    `requests: ${report.requests.total} (${statuses}); 503s ${report.requests.answers503}, unexpected 5xx ${report.requests.unexpected5xx}; ${report.requests.rerouted} refused connections sent to the other server`,
    `orders: ${report.orders.created} placed, ${report.orders.paymentLinks} payment links, ${report.orders.paid} paid (${Object.entries(
      report.orders.paidBy,
    )
      .map(([k, n]) => `${k} ${n}`)
      .join(
        ', ',
      )}; ${report.orders.unacknowledged} never acknowledged, left to reconciliation), lost ${report.orders.lost}, doubled ${report.orders.doubled}`,
    `admin: ${report.admin.productEdits} product edits, ${report.admin.orderMoves} order moves, ${report.admin.ratePublishes} rate publishes; ${report.reviews} reviews`,
    `mails: ${report.mails.received} received over SMTP; ${Object.entries(
      report.mails.byKindAndStatus,
    )
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
    `drain: ${report.drain.drained ? 'caught up' : 'NOT caught up'} in ${Math.round(report.drain.waitedMs / 1000)} s${report.drain.outstanding.length ? ` (${report.drain.outstanding.join('; ')})` : ''}`,
    ...report.invariants.map(
      (c) =>
        `${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}${c.problems.length ? `\n       ${c.problems.join('\n       ')}` : ''}`,
    ),
    `logs: ${report.logDir}`,
  ];
  return lines.join('\n');
}
