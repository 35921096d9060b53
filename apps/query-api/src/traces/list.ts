import { type Db, ProjectParams, type QueryParams, queryRows } from '@spanhouse/db';
import type { SearchTerm, TraceListItem, TraceListResponse } from '@spanhouse/schema';
import {
  filtersTraces,
  fromProject,
  fromTraceRow,
  SUMMARIES_EXACT,
  SUMMARY_EXPR,
  searchHitsBoundSql,
  TABLES,
  TRACE_EXPR,
  type TraceFields,
  traceConditions,
  traceKeyPrefilter,
  traceSelect,
  tracesSearched,
} from '@spanhouse/store';
import { boundTextScan } from '../filter/scan-bound.ts';
import type { LargePartCounts } from '../paging/large-part-counts.ts';
import { pageByRecentRows } from '../paging/recent-rows.ts';
import { tracesInPieces } from '../search/pieced.ts';
import { traceOutput } from './output.ts';
import { ALL_FIELD_GROUPS, type FieldGroup, type OrderField, type TraceListParams } from './params.ts';
import { recentTraces } from './recent-page.ts';
import { pageByBound } from './summaries.ts';

const ORDER_EXPR: Record<OrderField, string> = {
  id: 'id',
  timestamp: 'timestamp',
  latency: TRACE_EXPR.latency,
  totalCost: TRACE_EXPR.totalCost,
  name: TRACE_EXPR.name,
  userId: TRACE_EXPR.userId,
  sessionId: TRACE_EXPR.sessionId,
  release: TRACE_EXPR.release,
  version: TRACE_EXPR.version,
};

/** The same orders over the columns traceSelect selects (its aliases hold the same values). */
const SELECTED_ORDER: Record<OrderField, string> = {
  id: 'id',
  timestamp: 'timestamp',
  latency: 'latency',
  totalCost: 'total_cost',
  name: 'name',
  userId: 'user_id',
  sessionId: 'session_id',
  release: 'release',
  version: 'version',
};

/**
 * A page row's latency, cost and usage come from the per-trace summaries, which are exact for a
 * trace whose observations each came in one piece (clickhouse/0004, 0007): reading the
 * observation maps of the page's rows would cost more than the rest of the page. Rows whose
 * summaries are not exact take the exact values from the maps in a second read (exactMetrics),
 * and are ranked by them.
 */
const PAGE_EXPR = { ...TRACE_EXPR, ...SUMMARY_EXPR };

/** The field groups a list answers: all of them unless the caller's `fields` names some. */
const fieldGroups = (q: TraceListParams): ReadonlySet<FieldGroup> => q.fields ?? ALL_FIELD_GROUPS;

/**
 * One page of traces: the page's ids (ranked from the newest rows or by a summary's bound, counted
 * with a small filtered set, else an IN subquery that filters, sorts and limits, reading only the
 * columns the filter and order need), then the full rows of those ids by primary key, so the IO
 * and metadata columns are read for at most `limit` traces. Once the ids are known, the rows, the
 * count and the score ids are separate reads run side by side (decision 0062); otherwise the count
 * is a scalar subquery of the page's query. A list without a filter is counted by `totals` (the
 * traces table's), when given, beside its page.
 */
export async function listTraces(
  db: Db,
  project: string,
  q: TraceListParams,
  signal?: AbortSignal,
  totals?: LargePartCounts,
): Promise<TraceListResponse> {
  const indexed = q.filter?.indexed;
  if (indexed) {
    // Text conditions without an index: bounded by how many traces the other conditions leave.
    await boundTextScan(
      db,
      project,
      (p) =>
        `SELECT count() AS n ${fromProject(TABLES.traces, p, { final: true, filters: traceConditions({ ...q, conditions: indexed }, p) })}`,
      'trace',
      signal,
    );
  }
  const field = q.orderBy.field;
  const offset = (q.page - 1) * q.limit;
  const groups = fieldGroups(q);
  const first = await searchFirst(db, project, q, signal);
  const fullCount = () => {
    const { sql, params } = traceCountSql(project, q, first);
    return queryRows(db, { sql, params, tag: 'traces.list.count', map: (r) => Number(r.n), signal }).then(
      ([n]) => n ?? 0,
    );
  };
  const everyTrace = totals !== undefined && !filtersTraces(q);
  const count = everyTrace ? () => totals.count(db, project, fullCount, signal) : fullCount;
  // Latency and cost come from the observation maps; descending pages rank by the summaries instead.
  // Pages by time rank the traces of the latest (earliest) rows instead of merging every trace.
  const byBound = q.orderBy.desc && (field === 'latency' || field === 'totalCost');
  const byRecentRows = field === 'timestamp' && recentTraces(q, q.orderBy.desc) !== undefined;
  // A ranked page is counted apart, and the count does not need the page: it starts beside the
  // ranking instead of after it. Handled at once so that a ranking that fails first leaves no
  // unobserved rejection; awaited below.
  const early = byBound || byRecentRows || everyTrace ? count() : undefined;
  early?.catch(() => {});
  const ranked = byBound
    ? await pageByBound(db, project, q, field, offset, q.limit, signal)
    : byRecentRows
      ? await recentIds(db, project, q, offset, signal)
      : undefined;
  const counted =
    ranked === undefined && (searchAlone(q) || narrowedByWho(q))
      ? await countedPage(db, project, q, first, signal)
      : undefined;
  const ids = ranked ?? counted?.ids;
  // With the page's ids known, the count and the score ids are read beside the page's rows, each
  // on a reader of its own; else the count rides in the page's query.
  const { sql, params } = traceListSql(project, q, ids, first, { count: ids === undefined && early === undefined });
  const [rows, scoresOfIds, countedTotal] = await Promise.all([
    // A page that found nothing has no rows to read.
    counted?.ids.length === 0
      ? []
      : queryRows(db, {
          sql,
          params,
          tag: 'traces.list',
          map: (r) => ({ trace: fromTraceRow(r), exact: Number(r.exact) === 1, total: Number(r.total_items) }),
          signal,
        }),
    ids && groups.has('scores') ? scoreIdsOf(db, project, ids, signal) : undefined,
    counted ? counted.total : (early ?? (ids ? count() : undefined)),
  ]);
  // A page past the end has no row to carry the count.
  const total = countedTotal ?? rows[0]?.total ?? (await count());
  // Rows ranked by a summary that was only a bound take their exact place.
  if ((await exactMetrics(db, project, rows, signal)) && (field === 'latency' || field === 'totalCost')) {
    sortPage(rows, field, q.orderBy.desc);
  }
  const scores = groups.has('scores')
    ? await (scoresOfIds ??
        scoreIdsOf(
          db,
          project,
          rows.map((r) => r.trace.id),
          signal,
        ))
    : new Map();
  return {
    data: rows.map((r) => toListItem(r.trace, project, groups, scores.get(r.trace.id) ?? [])),
    meta: { page: q.page, limit: q.limit, totalItems: total, totalPages: Math.ceil(total / q.limit) },
  };
}

/** The ids of a page by time from the newest (oldest) stored rows, where the filter allows it. */
async function recentIds(db: Db, project: string, q: TraceListParams, offset: number, signal?: AbortSignal) {
  const list = recentTraces(q, q.orderBy.desc);
  if (!list) return undefined;
  const keys = await pageByRecentRows(db, project, list, q.orderBy.desc, offset, q.limit, signal);
  return keys?.map(([id]) => id!);
}

/** A search found in at most this many trace documents reads those traces before a userId's. */
export const SEARCH_FIRST_HITS = 2000;

/**
 * Whether a search combined with a userId or sessionId is the smaller set: a rare term's few
 * traces are read by key and then filtered by the user, where a common term searches only the
 * user's traces (docs/search.md). Decided from the index's hit count (one small read).
 */
async function searchFirst(db: Db, project: string, q: TraceListParams, signal?: AbortSignal): Promise<boolean> {
  if (!q.search?.length || (q.userId === undefined && q.sessionId === undefined)) return false;
  const p = new ProjectParams(project);
  const [hits] = await queryRows(db, {
    sql: searchHitsBoundSql(q.search, p, SEARCH_FIRST_HITS + 1),
    params: p.params,
    tag: 'traces.list.search_hits',
    map: (r) => Number(r.n),
    signal,
  });
  return (hits ?? 0) <= SEARCH_FIRST_HITS;
}

/**
 * A list narrowed to one user's or one session's traces: a set small enough that its page and its
 * count come from one read (countedPage), where a window holds every trace of the set.
 */
function narrowedByWho(q: TraceListParams): boolean {
  return q.userId !== undefined || q.sessionId !== undefined;
}

/**
 * The page's trace ids and the list's count in one read, whose window counts the traces the page
 * sorts, so the filter runs once (the page and a count subquery each ran it: for a search of two
 * terms, each grouped every document holding either). For a search alone or a list narrowed to a
 * user or a session (narrowedByWho), whose sets are small enough for the window to hold. A page
 * past the end has no row to carry the count: a second read counts.
 */
async function countedPage(
  db: Db,
  project: string,
  q: TraceListParams,
  searchFirst: boolean,
  signal?: AbortSignal,
): Promise<{ ids: string[]; total: number }> {
  const pieced = searchAlone(q) ? await tracesInPieces(db, project, q.search, signal) : undefined;
  const { sql, countSql, params } = countedPageSql(project, q, searchFirst, pieced);
  const rows = await queryRows(db, {
    sql,
    params,
    tag: 'traces.list.page',
    map: (r) => ({ id: String(r.id), total: Number(r.total_items) }),
    signal,
  });
  if (rows.length > 0) return { ids: rows.map((r) => r.id), total: rows[0]!.total };
  if (q.page === 1) return { ids: [], total: 0 };
  const [n] = await queryRows(db, {
    sql: countSql,
    params,
    tag: 'traces.list.page.count',
    map: (r) => Number(r.n),
    signal,
  });
  return { ids: [], total: n ?? 0 };
}

/**
 * The SQL of countedPage's page with its count, and of the count alone (pure: snapshot-tested): a
 * search alone from the search documents alone, which carry the trace's time (docs/search.md "How
 * it is served"), any other list from traces_v2.
 */
export function countedPageSql(project: string, q: TraceListParams, searchFirst = false, pieced?: readonly string[]) {
  const p = new ProjectParams(project);
  const dir = q.orderBy.desc ? 'DESC' : 'ASC';
  const limit = `LIMIT ${p.add(q.limit, 'UInt32')} OFFSET ${p.add((q.page - 1) * q.limit, 'UInt64')}`;
  if (searchAlone(q)) {
    const searched = `(${tracesSearched(q.search, p, undefined, pieced)})`;
    const sql = `
      SELECT trace_id AS id, count() OVER () AS total_items FROM ${searched}
      ORDER BY trace_time ${dir}, trace_id ${dir} ${limit}`;
    return { sql, countSql: `SELECT count() AS n FROM ${searched}`, params: p.params };
  }
  const filtered = filteredTraces(p, q, searchFirst);
  const sql = `
      SELECT id, count() OVER () AS total_items ${filtered}
      ORDER BY ${ORDER_EXPR[q.orderBy.field]} ${dir}, id ${dir} ${limit}`;
  return { sql, countSql: `SELECT count() AS n ${filtered}`, params: p.params };
}

/**
 * The list's traces as a FROM and its conditions, the filters before the tombstone check
 * (fromProject's filters): a filtered list looks up the tombstones of the traces it keeps, not of
 * every trace of the project.
 */
function filteredTraces(p: ProjectParams, q: TraceListParams, searchFirst: boolean): string {
  const prefilter = traceKeyPrefilter(q, p);
  const filters = [...(prefilter ? [prefilter] : []), ...traceConditions(q, p, { searchFirst })];
  return fromProject(TABLES.traces, p, { final: true, filters, scan: true });
}

/** The SQL of a trace list's count read on its own (the same count traceListSql's page can carry). */
function traceCountSql(project: string, q: TraceListParams, searchFirst: boolean) {
  const p = new ProjectParams(project);
  return { sql: `SELECT count() AS n ${filteredTraces(p, q, searchFirst)}`, params: p.params };
}

/**
 * The SQL of one page of a project's trace list and of its count (pure: snapshot-tested). The
 * page's ids are `rankedIds` when a ranking (pageByBound, pageByRecentRows, countedPage) gave
 * them, else a subquery that filters, sorts and limits. `searchFirst`: see searchFirst. `count`:
 * whether the page's query carries the count (as total_items; else NULL, counted apart).
 */
export function traceListSql(
  project: string,
  q: TraceListParams,
  rankedIds?: string[],
  searchFirst = false,
  opts: { count: boolean } = { count: true },
): { sql: string; countSql: string; params: QueryParams } {
  const p = new ProjectParams(project);
  const traces = fromProject(TABLES.traces, p, { final: true });
  const groups = fieldGroups(q);
  const field = q.orderBy.field;
  const dir = q.orderBy.desc ? 'DESC' : 'ASC';
  const limit = () => `LIMIT ${p.add(q.limit, 'UInt32')} OFFSET ${p.add((q.page - 1) * q.limit, 'UInt64')}`;
  const filtered = filteredTraces(p, q, searchFirst);
  const page = rankedIds
    ? p.add(rankedIds, 'Array(String)')
    : `(
      SELECT id ${filtered}
      ORDER BY ${ORDER_EXPR[field]} ${dir}, id ${dir}
      ${limit()})`;
  const countSql = `SELECT count() AS n ${filtered}`;
  const totalItems = opts.count ? `(${countSql})` : 'NULL';
  const sql = `
      SELECT ${traceSelect(PAGE_EXPR, { io: groups.has('io'), observationIds: groups.has('observations') })}, ${SUMMARIES_EXACT} AS exact, ${totalItems} AS total_items
      ${traces} AND id IN ${page}
      ORDER BY ${SELECTED_ORDER[field]} ${dir}, id ${dir}`;
  return { sql, countSql, params: p.params };
}

/**
 * A search ordered by timestamp and no other filter: the search documents (trace_search_v3) hold
 * all the page and the count need. Any other filter (filtersTraces) leaves the page to traces_v2.
 */
function searchAlone(q: TraceListParams): q is TraceListParams & { search: readonly SearchTerm[] } {
  if (!q.search?.length || q.orderBy.field !== 'timestamp') return false;
  return !filtersTraces({ ...q, search: undefined });
}

type PageRow = { trace: TraceFields; exact: boolean };

/**
 * The score ids of the page's traces: a second read, by the page's ids as a constant (scores are
 * sorted by trace, so it reads a few granules). Asking for them inside the page query would
 * compute the page twice; a scalar of the page's ids is no constant to the key (it scans).
 */
async function scoreIdsOf(
  db: Db,
  project: string,
  ids: string[],
  signal?: AbortSignal,
): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  const p = new ProjectParams(project);
  const rows = await queryRows(db, {
    sql: `
      SELECT trace_id, arraySort(groupArray(id)) AS ids ${fromProject(TABLES.scores, p, { final: true })}
      AND trace_id IN ${p.add(ids, 'Array(String)')} GROUP BY trace_id`,
    params: p.params,
    tag: 'traces.list.scores',
    map: (r) => [String(r.trace_id), Array.isArray(r.ids) ? r.ids.map(String) : []] as const,
    signal,
  });
  return new Map(rows);
}

/** Latency, cost and usage from the observation maps, for the page rows whose summaries are not exact. */
async function exactMetrics(db: Db, project: string, rows: PageRow[], signal?: AbortSignal): Promise<boolean> {
  const inexact = rows.filter((r) => !r.exact);
  if (inexact.length === 0) return false;
  const p = new ProjectParams(project);
  const exact = await queryRows(db, {
    sql: `
      SELECT id, ${TRACE_EXPR.latency} AS latency, ${TRACE_EXPR.totalCost} AS total_cost,
        ${TRACE_EXPR.usageInput} AS usage_input, ${TRACE_EXPR.usageOutput} AS usage_output,
        ${TRACE_EXPR.usageTotal} AS usage_total
      ${fromProject(TABLES.traces, p, { final: true })} AND id IN ${p.add(
        inexact.map((r) => r.trace.id),
        'Array(String)',
      )}`,
    params: p.params,
    tag: 'traces.list.metrics',
    map: (r) => ({
      id: String(r.id),
      latency: Number(r.latency),
      totalCost: Number(r.total_cost),
      usage: { input: Number(r.usage_input), output: Number(r.usage_output), total: Number(r.usage_total) },
    }),
    signal,
  });
  const byId = new Map(exact.map((e) => [e.id, e]));
  for (const r of inexact) {
    const e = byId.get(r.trace.id);
    if (e) Object.assign(r.trace, { latency: e.latency, totalCost: e.totalCost, usage: e.usage });
  }
  return true;
}

/** The page by exact latency or cost (ties by id), as the page query ordered it. */
function sortPage(rows: PageRow[], field: 'latency' | 'totalCost', desc: boolean): void {
  const sign = desc ? -1 : 1;
  rows.sort((a, b) => {
    const x = a.trace[field];
    const y = b.trace[field];
    if (x !== y) return (x - y) * sign;
    return (a.trace.id < b.trace.id ? -1 : a.trace.id > b.trace.id ? 1 : 0) * sign;
  });
}

/** Excluded groups keep their keys with placeholders (docs/api.md), so client types hold. */
export function toListItem(
  t: TraceFields,
  project: string,
  groups: ReadonlySet<FieldGroup>,
  scoreIds: string[] = [],
): TraceListItem {
  const io = groups.has('io');
  const metrics = groups.has('metrics');
  return {
    ...traceOutput(metrics ? t : { ...t, latency: -1, totalCost: -1 }, project),
    input: io ? t.input : null,
    output: io ? t.output : null,
    metadata: io ? t.metadata : {},
    usage: metrics ? t.usage : { input: -1, output: -1, total: -1 },
    observations: groups.has('observations') ? t.observationIds : [],
    scores: groups.has('scores') ? scoreIds : [],
  };
}
