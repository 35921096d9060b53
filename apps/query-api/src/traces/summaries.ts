import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import {
  andAll,
  BOUND_EXPR,
  fromProject,
  TABLES,
  TRACE_EXPR,
  type TraceFilter,
  traceConditions,
} from '@spanhouse/store';

/** Past this many rows to rank (page * limit), the bound search gives up for the plain query. */
const MAX_RANK = 10_000;

/**
 * The ids of one page ordered by latency or totalCost, descending, ranked exactly without reading
 * the `obs` map of every trace. Candidates are the top M by the upper bound; their exact values
 * come from the map (M point reads). Any trace outside the candidates has exact <= bound <= T,
 * the bound of the M-th candidate, so when the page's last trace ranks strictly above T the page
 * is exact. Otherwise M grows; undefined means "use the plain query" (deep pages, many ties).
 */
export async function pageByBound(
  db: Db,
  project: string,
  filter: TraceFilter,
  field: keyof typeof BOUND_EXPR,
  offset: number,
  limit: number,
  signal?: AbortSignal,
): Promise<string[] | undefined> {
  const rank = offset + limit;
  for (let m = Math.max(2 * rank, rank + 50); m <= 4 * MAX_RANK && rank <= MAX_RANK; m *= 4) {
    const ranked = await queryRows(db, {
      ...boundRankSql(project, filter, field, m),
      tag: `traces.list.bound.${field}`,
      map: (r) => ({ id: String(r.id), bound: Number(r.bound), exact: Number(r.exact) }),
      signal,
    });
    if (ranked.length === 0) return [];
    const page = ranked.slice(offset, rank).map((r) => r.id);
    // Every matching trace is a candidate: the ranking is complete.
    if (ranked.length < m) return page;
    const threshold = ranked.reduce((min, r) => Math.min(min, r.bound), Number.POSITIVE_INFINITY);
    const last = ranked[rank - 1];
    // Float sums of costs can differ in the last bits between the summary and the map; the margin
    // keeps "strictly above every non-candidate" true despite that.
    if (last && last.exact > threshold + Math.abs(threshold) * 1e-9) return page;
  }
  return undefined;
}

/**
 * One try of pageByBound (pure: snapshot-tested), in one query (the embedded engine serializes
 * parameterized queries): the top `m` candidates by the bound as an IN subquery, each with its
 * bound and its exact value, ranked exactly.
 */
export function boundRankSql(project: string, filter: TraceFilter, field: keyof typeof BOUND_EXPR, m: number) {
  const p = new ProjectParams(project);
  const traces = fromProject(TABLES.traces, p, { final: true });
  const sql = `
        SELECT id, ${BOUND_EXPR[field]} AS bound, ${TRACE_EXPR[field]} AS exact
        ${traces} AND id IN (
          SELECT id ${traces}${andAll(traceConditions(filter, p))}
          ORDER BY ${BOUND_EXPR[field]} DESC, id DESC LIMIT ${p.add(m, 'UInt32')})
        ORDER BY exact DESC, id DESC`;
  return { sql, params: p.params };
}
