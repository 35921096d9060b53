import { TABLES } from '@spanhouse/db';
import { httpRequest } from './http.ts';

/** The service's /metrics as (line key -> value), e.g. `spanhouse_ingest_flush_rows_sum{table="traces"}`. */
export async function selfMetrics(url: string, token: string): Promise<Map<string, number>> {
  const res = await httpRequest(`${url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
  const out = new Map<string, number>();
  if (res.status !== 200) return out;
  for (const line of res.body.toString().split('\n')) {
    if (line.startsWith('#') || line === '') continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

/** Rows inserted into `table` so far, and how many inserts (parts) did it. */
export function inserted(m: Map<string, number>, table: string): { rows: number; inserts: number } {
  return {
    rows: m.get(`spanhouse_ingest_flush_rows_sum{table="${table}"}`) ?? 0,
    inserts: m.get(`spanhouse_ingest_flush_rows_count{table="${table}"}`) ?? 0,
  };
}

/**
 * Resolves once the service has inserted everything it acknowledged (its ingest log holds no
 * uncommitted record), with how long that took. A service without an ingest log (a version from
 * before it, measured for comparison) answered only once committed: it resolves at once.
 */
export async function committed(url: string, token: string, timeoutMs = 600_000): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const m = await selfMetrics(url, token);
    const left = m.get('spanhouse_ingest_log_uncommitted_records');
    if (left === undefined || left === 0) return performance.now() - t0;
    if (performance.now() - t0 > timeoutMs) throw new Error(`${left} records still uncommitted after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The main trace tables, whose parts a trace query's cost depends on (docs/performance.md). */
const LAYOUT_TABLES = [TABLES.traces, TABLES.observationPieces, TABLES.traceSearch, TABLES.scores];

/**
 * The store's layout from /metrics, for a report: the main tables' active parts and the merges
 * running (`spanhouse_engine_table_parts`, `spanhouse_engine_merges_running`); undefined for a
 * service that does not report them (a server's, or a version from before the gauges).
 */
export function layoutOf(m: Map<string, number>): string | undefined {
  const parts = LAYOUT_TABLES.flatMap((t) => {
    const n = m.get(`spanhouse_engine_table_parts{table="${t}"}`);
    return n === undefined ? [] : [`${t} ${n}`];
  });
  if (parts.length === 0) return undefined;
  let merges = 0;
  for (const [key, value] of m) if (key.startsWith('spanhouse_engine_merges_running{')) merges += value;
  return `parts ${parts.join(', ')}; ${merges} merge${merges === 1 ? '' : 's'} running`;
}
