import type { Query } from '../api/client.ts';
import { traceFilterParams, traceFilterQuery } from '../components/trace-filter.tsx';
import { param, type StateOf } from '../lib/url-state.ts';

export const TRACE_ORDERS = [
  'timestamp.desc',
  'timestamp.asc',
  'latency.desc',
  'latency.asc',
  'totalCost.desc',
  'totalCost.asc',
] as const;

export const ORDER_LABELS: Record<(typeof TRACE_ORDERS)[number], string> = {
  'timestamp.desc': 'Newest first',
  'timestamp.asc': 'Oldest first',
  'latency.desc': 'Slowest first',
  'latency.asc': 'Fastest first',
  'totalCost.desc': 'Most expensive first',
  'totalCost.asc': 'Cheapest first',
};

/** The trace list's URL: every filter the API has, the order and the page. */
export const TRACE_LIST_PARAMS = {
  ...traceFilterParams('all'),
  search: param.text(),
  name: param.text(),
  orderBy: param.choice(TRACE_ORDERS, 'timestamp.desc'),
  page: param.int(1, 1, 1_000_000),
  limit: param.int(50, 1, 200),
};
export type TraceListState = StateOf<typeof TRACE_LIST_PARAMS>;

/** The filters a user set (time range aside), to tell "nothing stored" from "nothing matches". */
export function hasFilters(s: TraceListState): boolean {
  return Boolean(
    s.range !== 'all' ||
      s.search ||
      s.name ||
      s.userId ||
      s.sessionId ||
      s.release ||
      s.version ||
      s.tags.length ||
      s.environment.length,
  );
}

/**
 * The tags as the trace list's JSON `filter` (all of them), when one holds a comma: the API reads
 * a comma in `tags=` as between two tags, whether the key is repeated or not.
 */
function tagsQuery(tags: readonly string[]): Query {
  if (!tags.some((t) => t.includes(','))) return { tags };
  return {
    tags: undefined,
    filter: JSON.stringify([{ type: 'arrayOptions', column: 'tags', operator: 'all of', value: tags }]),
  };
}

/** GET /api/public/traces parameters for a state; quick ranges resolve against `nowMs`. */
export function traceListQuery(s: TraceListState, nowMs: number): Query {
  return {
    page: s.page,
    limit: s.limit,
    orderBy: s.orderBy,
    name: s.name,
    search: s.search,
    ...traceFilterQuery(s, nowMs),
    ...tagsQuery(s.tags),
    // Observation ids are not shown in the list: leave them out of the answer.
    fields: 'core,io,metrics',
  };
}
