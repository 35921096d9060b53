import { filtersTraces, TABLES, type TraceFilter, traceConditions } from '@spanhouse/store';
import type { TimeOrderedList } from '../paging/recent-rows.ts';

/**
 * Past this many rows to rank (page * limit), the plain query pages instead: the candidates are
 * point reads under FINAL, and past the first pages they cost more than the plain query's scan
 * where the project's rows are in one merged part (decision 0059).
 */
const MAX_RANK = 250;

/**
 * The trace list by time as pageByRecentRows pages it, for a filter of a time range at most
 * (undefined for any other filter). A trace's time is the earliest time among its stored rows
 * (the column's min), so it is one of them; a time range holds for that row when it holds for
 * the trace. Every other condition (retention, deletions) is checked on the merged rows only.
 */
export function recentTraces(filter: TraceFilter): TimeOrderedList | undefined {
  if (filtersTraces({ ...filter, fromTimestamp: undefined, toTimestamp: undefined })) return undefined;
  const times = { fromTimestamp: filter.fromTimestamp, toTimestamp: filter.toTimestamp };
  return {
    table: TABLES.traces,
    time: 'timestamp',
    key: ['id'],
    timeConditions: (p) => traceConditions(times, p),
    conditions: (p) => traceConditions(times, p),
    maxRank: MAX_RANK,
    tag: 'traces.list.recent',
  };
}
