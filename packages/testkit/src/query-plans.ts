import pg from 'pg';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import type { Database } from '@kanak/db';

/** A node of PostgreSQL's EXPLAIN (FORMAT JSON) plan tree. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  /** The planner's estimate of the rows this node yields. */
  'Plan Rows': number;
  Plans?: PlanNode[];
  /** Set here, not by PostgreSQL: the rows of the nearest Limit above this node (it stops early). */
  limitRows?: number;
}

export interface PlanRecorder {
  /** A database handle that records every statement it sends. */
  db: Kysely<Database>;
  /** Runs `work` and answers the plan of each SELECT it sent, flattened into its nodes. */
  plansOf(
    work: (db: Kysely<Database>) => Promise<unknown>,
  ): Promise<Array<{ sql: string; nodes: PlanNode[] }>>;
  close(): Promise<void>;
}

function nodesOf(plan: PlanNode, limitRows?: number): PlanNode[] {
  const below = plan['Node Type'] === 'Limit' ? plan['Plan Rows'] : limitRows;
  return [{ ...plan, limitRows }, ...(plan.Plans ?? []).flatMap((p) => nodesOf(p, below))];
}

/** What the code's real queries would do: each is EXPLAINed with the parameters it was sent. */
export function recordQueryPlans(url: string): PlanRecorder {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  let sent: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') sent.push(event.query);
    },
  });
  return {
    db,
    async plansOf(work) {
      sent = [];
      await work(db);
      const plans = [];
      for (const statement of sent.filter((s) => /^\s*select/i.test(s.sql))) {
        const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `EXPLAIN (FORMAT JSON) ${statement.sql}`,
          [...statement.parameters],
        );
        plans.push({ sql: statement.sql, nodes: nodesOf(rows[0]!['QUERY PLAN'][0].Plan) });
      }
      return plans;
    },
    close: () => db.destroy(),
  };
}
