import { type Db, PROJECT_CONDITION, ProjectParams, queryRows } from '@spanhouse/db';
import { andAll, filtersTraces, fromProject, TABLES, type TraceFilter, traceConditions } from '@spanhouse/store';

/**
 * Past this many rows to rank (page * limit), the plain query pages instead: the candidates are
 * point reads under FINAL, and past the first pages they cost more than the plain query's scan
 * where the project's rows are in one merged part (decision 0059).
 */
const MAX_RANK = 250;

/** The list's filters that the candidates' rows can be filtered by as well: time only. */
type TimeFilter = Pick<TraceFilter, 'fromTimestamp' | 'toTimestamp'>;

/**
 * The ids of one page of a list ordered by time and filtered by time at most, ranked without
 * merging every trace of the project (FINAL over all of them is most of the plain query's time).
 *
 * A trace's time is the earliest time among its stored rows (the column's min). Candidates are
 * the traces of the first `m` stored rows in the order asked (read without FINAL), ranked by their
 * merged rows (point reads by key). A trace with no row among those `m` has every row, its
 * earliest too, at or behind the m-th row's time T, so it ranks at or behind T: when the page's
 * last trace is strictly ahead of T, no other trace can take its place and the page is exact.
 * Otherwise m doubles; undefined means "use the plain query" (deep pages, many ties, a list this
 * does not serve). A time filter holds for a trace's earliest row when it holds for the trace, so
 * the candidates' rows are filtered by it too; every other condition (retention, deletions) is
 * checked on the merged rows only.
 */
export async function pageByRecentRows(
  db: Db,
  project: string,
  filter: TraceFilter,
  desc: boolean,
  offset: number,
  limit: number,
  signal?: AbortSignal,
): Promise<string[] | undefined> {
  if (!timeOnly(filter)) return undefined;
  const rank = offset + limit;
  // A trace is mostly one stored row once merged, a few before: start a little past the rank.
  for (let m = Math.ceil(1.25 * rank) + 50; m <= 4 * MAX_RANK && rank <= MAX_RANK; m *= 2) {
    const ranked = await queryRows(db, {
      ...recentRankSql(project, filter, desc, rank, m),
      tag: 'traces.list.recent',
      map: (r) => ({ id: String(r.id), ahead: Number(r.ahead) === 1, rows: Number(r.rows) }),
      signal,
    });
    // An empty ranking has no row to say how many rows there were: the plain query answers it.
    if (ranked.length === 0) return undefined;
    // Fewer rows than asked for: every row of the list was a candidate, the ranking is complete.
    if (ranked[0]!.rows < m || ranked[rank - 1]?.ahead) return ranked.slice(offset, rank).map((r) => r.id);
  }
  return undefined;
}

/** Whether the filter holds nothing but a time range (the filters this page serves). */
function timeOnly(filter: TraceFilter): boolean {
  return !filtersTraces({ ...filter, fromTimestamp: undefined, toTimestamp: undefined });
}

/**
 * One try of pageByRecentRows (pure: snapshot-tested), in one query (the embedded engine
 * serializes parameterized queries): the candidates as a scalar (their ids, the m-th row's time,
 * how many rows there were), the first `rank` of them by their merged rows, each with whether it
 * is strictly ahead of that time.
 */
export function recentRankSql(project: string, filter: TimeFilter, desc: boolean, rank: number, m: number) {
  const p = new ProjectParams(project);
  const times = traceConditions({ fromTimestamp: filter.fromTimestamp, toTimestamp: filter.toTimestamp }, p);
  const dir = desc ? 'DESC' : 'ASC';
  const sql = `
        WITH (
          SELECT (groupArray(id), ${desc ? 'min' : 'max'}(timestamp), count())
          FROM (
            SELECT id, timestamp FROM ${TABLES.traces} WHERE ${PROJECT_CONDITION}${andAll(times)}
            ORDER BY timestamp ${dir} LIMIT ${p.add(m, 'UInt32')})
        ) AS candidates
        SELECT id, timestamp ${desc ? '>' : '<'} candidates.2 AS ahead, candidates.3 AS rows
        ${fromProject(TABLES.traces, p, { final: true, filters: times })} AND has(candidates.1, id)
        ORDER BY timestamp ${dir}, id ${dir} LIMIT ${p.add(rank, 'UInt32')}`;
  return { sql, params: p.params };
}
