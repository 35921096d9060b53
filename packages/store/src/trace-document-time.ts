/*
 * The time of a row of trace_search_v3 (clickhouse/0047, 0051), one trace's search document: the
 * trace's timestamp once a trace row is in it, else the earliest start of its observations' rows.
 * The search orders by it, and retention (lifecycle.ts, 0047's TTL rule) keeps or drops the row by
 * it.
 */

/** The timestamp (and obs_start) of a trace_search row that no trace row (no observation start) wrote. */
export const NO_TRACE_TIME = "toDateTime64('2299-12-31 23:59:59', 6, 'UTC')";

/**
 * SQL: a trace_search row's time; `table` names the columns with their table (lifecycle.ts does,
 * so that a select list's alias cannot stand in for them). NO_TRACE_TIME when neither is known.
 */
export function traceDocumentTime(table?: string): string {
  const column = (name: string) => (table ? `${table}.${name}` : name);
  return `if(${column('timestamp')} < ${NO_TRACE_TIME}, ${column('timestamp')}, ${column('obs_start')})`;
}
