import { PROJECT_CONDITION, ProjectParams } from '@spanhouse/db';
import { TABLES } from '@spanhouse/db/tables';
import { DEFAULT_PROJECT_ID, type SearchTerm } from '@spanhouse/schema';
import { andAll, fromProject } from './project.ts';
import { tracesMatching } from './search-text.ts';
import { TRACE_EXPR } from './traces.ts';

/*
 * Which of a project's traces a read keeps: the trace filter of the list, the daily usage and the
 * sessions, as conditions over a merged traces row (traces.ts reads the row), and the forms other
 * tables' readers take it in.
 */

/** The filter the trace list and the daily usage apply to traces. */
export type TraceFilter = {
  userId?: string;
  name?: string;
  sessionId?: string;
  version?: string;
  release?: string;
  tags?: string[];
  environment?: string[];
  fromTimestamp?: number;
  toTimestamp?: number;
  /** Traces holding every term, in their own text or their observations' (search-text.ts). */
  search?: readonly SearchTerm[];
  /** Further conditions over the merged row, their values added to `p` (the query API's JSON filter). */
  conditions?: (p: ProjectParams) => string[];
};

/**
 * Conditions over a merged trace row of the project `p` reads (after fromProject) for a trace
 * filter; every value goes through a parameter. With a search and a userId or sessionId, the
 * search reads only that user's (session's) traces unless `searchFirst`.
 */
export function traceConditions(f: TraceFilter, p: ProjectParams, opts: { searchFirst?: boolean } = {}): string[] {
  const where: string[] = [];
  const eq = (expr: string, value: string | undefined) => {
    if (value !== undefined) where.push(`${expr} = ${p.add(value, 'String')}`);
  };
  eq(TRACE_EXPR.userId, f.userId);
  eq(TRACE_EXPR.name, f.name);
  eq(TRACE_EXPR.sessionId, f.sessionId);
  eq(TRACE_EXPR.version, f.version);
  eq(TRACE_EXPR.release, f.release);
  if (f.tags?.length) where.push(`hasAll(tags, ${p.add(f.tags, 'Array(String)')})`);
  if (f.environment?.length) where.push(`${TRACE_EXPR.environment} IN ${p.add(f.environment, 'Array(String)')}`);
  // Langfuse's bounds, fromTimestamp inclusive and toTimestamp exclusive (decision 0094), both
  // compared at the millisecond, the precision the API writes times in and Langfuse stores: a trace
  // stored at .654321 is shown at .654, within fromTimestamp=.654 and not before toTimestamp=.654,
  // so adjacent windows [a, b) and [b, c) hold every trace once.
  if (f.fromTimestamp !== undefined) {
    const from = Math.floor(f.fromTimestamp / 1000) * 1000;
    where.push(`timestamp >= fromUnixTimestamp64Micro(${p.add(from, 'Int64')}, 'UTC')`);
  }
  if (f.toTimestamp !== undefined) {
    const before = Math.floor(f.toTimestamp / 1000) * 1000;
    where.push(`timestamp < fromUnixTimestamp64Micro(${p.add(before, 'Int64')}, 'UTC')`);
  }
  if (f.conditions) where.push(...f.conditions(p));
  if (f.search?.length) {
    // A userId or a session names few traces: the search reads only their documents, by key,
    // rather than collecting every trace that holds a common term (docs/search.md), unless the
    // caller knows the search to be the smaller set (`searchFirst`, searchHitsBoundSql).
    if (!opts.searchFirst && (f.userId !== undefined || f.sessionId !== undefined)) {
      // The candidates: traces with a piece naming the user (else the session), read without
      // FINAL (no merge of every trace's pieces: 4-5x faster at 1 M traces, decision 0044). A
      // superset of the traces whose merged row names them (a later piece can name another); the
      // caller's read, by key over the few matching ids, checks every condition on merged rows.
      const [column, value] =
        f.userId !== undefined ? [TRACE_EXPR.userId, f.userId] : [TRACE_EXPR.sessionId, f.sessionId!];
      const candidates = `(SELECT id ${fromProject(TABLES.traces, p)} AND ${column} = ${p.add(value, 'String')})`;
      return [...where, tracesMatching('id', f.search, p, candidates)];
    }
    where.push(tracesMatching('id', f.search, p));
  }
  return where;
}

/**
 * A condition on the trace id alone that every trace the filter keeps meets, or undefined where no
 * condition of the filter narrows enough to pay for it: the id has a stored row meeting one
 * condition that some row of each kept trace meets (the time range, by the row with the trace's
 * earliest time; else a latest-value field's value, by the row that gave it; else the first tag, by
 * a row with it; one condition, since two may be met by different rows). A read with FINAL applies
 * a condition on its sorting key before the merge (decision 0074), so it merges only those traces'
 * rows (decision 0078). Compared as hashes, which are quicker to collect and look up: a collision
 * only lets another trace through to the filter itself. Not for a user's or a session's traces, or
 * a search, which their own reads narrow; nor for environments alone, which most traces share.
 */
export function traceKeyPrefilter(f: TraceFilter, p: ProjectParams): string | undefined {
  if (f.userId !== undefined || f.sessionId !== undefined || f.search?.length) return undefined;
  const { fromTimestamp, toTimestamp } = f;
  const narrowing =
    fromTimestamp !== undefined || toTimestamp !== undefined
      ? { fromTimestamp, toTimestamp }
      : oneRowConditions(f).find((c) => c.environment === undefined);
  return narrowing && tracesWithRowMeeting(narrowing, p);
}

/**
 * The filter's conditions that some stored row of every trace it keeps meets, each alone (two may
 * be met by different rows): a latest-value field's value (the merged value is one row's tuple),
 * each tag (a trace's tags are the union of its rows'), the environments. In this order.
 */
export function oneRowConditions(f: TraceFilter): TraceFilter[] {
  const { name, version, release, tags, environment } = f;
  return [{ name }, { version }, { release }, ...(tags ?? []).map((tag) => ({ tags: [tag] })), { environment }].filter(
    filtersTraces,
  );
}

/**
 * `cityHash64(id) IN (...)`: the traces with a stored row meeting the filter's conditions (one row
 * meeting all of them), a condition on the key alone (traceKeyPrefilter). A superset of the traces
 * whose merged row meets a condition that one of its rows meets (a tag, a latest-value field), for
 * reads that then check the merged row.
 */
export function tracesWithRowMeeting(f: TraceFilter, p: ProjectParams): string {
  const rows = `SELECT cityHash64(id) FROM ${TABLES.traces} WHERE ${PROJECT_CONDITION}${andAll(traceConditions(f, p))}`;
  return `cityHash64(id) IN (${elementsWhole(rows)})`;
}

/**
 * A subquery of stored (unmerged) trace rows for an `IN` beside a read of merged rows, with the
 * elements of tuple columns read whole rather than as subcolumns: the engine (26.7) evaluated the
 * merged read's condition on an element (`name.2 = ...`) on the stored pieces when such a subquery
 * read the same element as a subcolumn, so a trace renamed by a later piece was counted under its
 * first name (packages/db/test/engine.test.ts; decision 0078). Turned off for the subquery only:
 * elsewhere the subcolumn reads are a measured gain.
 */
const elementsWhole = (subquery: string) => `${subquery} SETTINGS optimize_functions_to_subcolumns = 0`;

/** Whether `f` filters traces at all: whether traceConditions writes any condition for it. */
export function filtersTraces(f: TraceFilter): boolean {
  // Asked with a throwaway set of parameters: only whether a condition comes out matters.
  return traceConditions(f, new ProjectParams(DEFAULT_PROJECT_ID)).length > 0;
}

/**
 * `trace_id IN (ids of the project's traces matching conditions)`: for readers of other tables
 * filtered by properties of the trace (a score's or an observation's userId).
 */
export const inTracesWhere = (conditions: readonly string[], p: ProjectParams) =>
  `trace_id IN (SELECT id ${fromProject(TABLES.traces, p, { final: true })}${andAll(conditions)})`;

/** The ids of every trace of the user `userId` that the project `p` reads (FINAL: a trace's user is its latest). */
export const traceIdsOfUserSql = (p: ProjectParams, userId: string) =>
  `SELECT id ${fromProject(TABLES.traces, p, { final: true })} AND ${TRACE_EXPR.userId} = ${p.add(userId, 'String')}`;
