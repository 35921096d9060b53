import { filtersTraces, oneRowConditions, TABLES, type TraceFilter, traceConditions } from '@spanhouse/store';
import type { TimeOrderedList } from '../paging/recent-rows.ts';

/**
 * Past this many rows to rank (page * limit), the plain query pages instead: the candidates are
 * point reads under FINAL, and past the first pages they cost more than the plain query's scan
 * where the project's rows are in one merged part (decision 0059).
 */
const MAX_RANK = 250;

/**
 * At most this many of the filter's one-row conditions become ways. Each way is a subquery of the
 * ranking read, so a request naming thousands of tags made a query too big for the engine to parse
 * (a 500); any way alone is a correct source of candidates, so the others are only left unranked.
 */
const MAX_WAYS = 16;

/**
 * The trace list by time as pageByRecentRows pages it, or undefined where it does not (the plain
 * query answers, or countedPage a user's or a session's traces).
 *
 * A trace's time is the earliest time among its stored rows (the column's min), so it is one of
 * them: a time range holds for that row when it holds for the trace, so the rows in the range (all
 * rows without one) are candidates for any filter, in either order (decisions 0059, 0078). In descending
 * order every row of a trace is at or ahead of its time, so any condition that a stored row of each
 * listed trace meets chooses candidates as well (decision 0078): one of its tags (a trace's tags
 * are the union of its rows'), or the value of a field whose merged value is its latest row's (the
 * merged value is that row's). The row meeting it need not lie in the time range, so only the
 * range's start, which every row of a trace in the range meets, joins it. The whole filter,
 * retention and deletions are checked on the merged rows.
 */
export function recentTraces(filter: TraceFilter, desc: boolean): TimeOrderedList | undefined {
  const { fromTimestamp, toTimestamp, name, version, release, tags, environment, ...others } = filter;
  if (filtersTraces(others)) return undefined;
  // One way per condition a row of every listed trace meets (the store's oneRowConditions).
  const fields = desc ? oneRowConditions(filter).slice(0, MAX_WAYS) : [];
  return {
    table: TABLES.traces,
    time: 'timestamp',
    key: ['id'],
    candidateWays: (p) => [
      traceConditions({ fromTimestamp, toTimestamp }, p),
      ...fields.map((field) => traceConditions({ ...field, fromTimestamp }, p)),
    ],
    conditions: (p) => traceConditions(filter, p),
    maxRank: MAX_RANK,
    tag: 'traces.list.recent',
  };
}
