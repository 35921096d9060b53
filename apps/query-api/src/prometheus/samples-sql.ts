import { type ParamBuilder, type ProjectParams, TABLES } from '@spanhouse/db';
import { METRIC_TIME_RANGE_US, microsToCh } from '@spanhouse/schema';
import { fromProject } from '@spanhouse/store';
import { LLM_METRICS, llmPointsSql } from './llm-metrics.ts';

/** The evaluation grid: Prometheus evaluates at exactly start + k * step, k = 0 .. steps - 1. */
export type Grid = { startMs: number; stepMs: number; steps: number };

/** Prometheus' default lookback of an instant selector (--query.lookback-delta). */
export const LOOKBACK_MS = 300_000;

const time = (ms: number, p: ParamBuilder) => {
  const us = Math.min(Math.max(ms * 1000, METRIC_TIME_RANGE_US.min), METRIC_TIME_RANGE_US.max);
  return p.add(microsToCh(us), "DateTime64(6, 'UTC')");
};

/**
 * The points of the given series with `fromMs <= t <= toMs` (t in milliseconds, PromQL's
 * precision), finite ones from metric_samples and the rest (staleness markers, NaN, Inf) from
 * metric_nonfinite_samples, with `stale` set on markers.
 *
 * A point re-sent and not yet merged away is in more than one part of metric_samples, and the
 * copy stored last counts (ReplacingMergeTree). Instead of FINAL, which merge-sorts every part of
 * the window (every part holds every series, so all of them overlap, and the merge costs several
 * times the plain read: docs/decisions/0019-promql-in-clickhouse.md), each row carries `pi`, its
 * part's index in the read, which follows the parts' block numbers: the copy with the highest `pi`
 * is the one stored last, and the readers below keep only it. The small non-finite table is read with FINAL.
 */
export function pointsSql(
  series: { ids: readonly string[]; names: readonly string[] },
  fromMs: number,
  toMs: number,
  p: ProjectParams,
): string {
  const llm = series.names.filter((n) => LLM_METRICS[n] !== undefined);
  const stored = series.names.filter((n) => LLM_METRICS[n] === undefined);
  const fromTraces = llm.map((n) => `UNION ALL ${llmPointsSql(n, series.ids, fromMs, toMs, p)}`).join('\n');
  const where = ` AND name IN ${p.add(stored, 'Array(String)')} AND series_id IN ${p.add(series.ids.map(BigInt), 'Array(UInt64)')} AND ts >= ${time(fromMs, p)} AND ts <= ${time(toMs, p)}`;
  return `
    SELECT series_id AS sid, toUnixTimestamp64Milli(ts) AS t, value AS v, toUInt8(0) AS stale, toUInt64(_part_index) AS pi
    ${fromProject(TABLES.metricSamples, p)}${where}
    UNION ALL
    SELECT series_id AS sid, toUnixTimestamp64Milli(ts) AS t, value AS v, stale, toUInt64(0) AS pi
    ${fromProject(TABLES.metricNonFinite, p, { final: true })}${where}
    ${fromTraces}`;
}

/**
 * `k` range of the steps whose time t_k satisfies lo <= t_k <= hi, given as SQL of lo - start and
 * hi - start (Int64 ms): [ceil(lo'/step), floor(hi'/step) + 1) clipped to [0, steps). Integer
 * division only on non-negative numbers, so no rounding direction question arises.
 */
export function stepRange(loRel: string, hiRel: string, g: Grid, p: ParamBuilder): string {
  const step = p.add(g.stepMs, 'Int64');
  const steps = p.add(g.steps, 'Int64');
  const first = `if(${loRel} <= 0, 0, least(${steps}, intDiv(${loRel} + ${step} - 1, ${step})))`;
  const end = `if(${hiRel} < 0, 0, least(${steps}, intDiv(${hiRel}, ${step}) + 1))`;
  return `range(toUInt64(${first}), toUInt64(${end}))`;
}

/**
 * The points every step of the grid can read when it looks `reachMs` back from t - offset, and `x`,
 * the SQL of t + offset - start: a point serves the steps k with x <= k * step <= x + reach.
 */
function windowSource(
  series: { ids: readonly string[]; names: readonly string[] },
  reachMs: number,
  offsetMs: number,
  g: Grid,
  p: ProjectParams,
): { source: string; x: string } {
  const lastMs = g.startMs + (g.steps - 1) * g.stepMs;
  return {
    source: pointsSql(series, g.startMs - offsetMs - reachMs, lastMs - offsetMs, p),
    x: `(t + ${p.add(offsetMs - g.startMs, 'Int64')})`,
  };
}

/**
 * An instant vector selector at every step: the newest point at or before t_k - offset and no
 * older than the lookback (`[t - 5m, t]`, both ends included in Prometheus 2.x), unless that point
 * is a staleness marker. Each point serves the steps from its own time up to the next point of its
 * series (or the lookback's end), so every step is produced once, without a search per step. Of
 * copies of one point (see pointsSql) only the last in (t, pi) order serves any step.
 * Rows: (id, k, v).
 */
export function instantSelectorSql(
  series: { ids: readonly string[]; names: readonly string[] },
  offsetMs: number,
  g: Grid,
  p: ProjectParams,
): string {
  const { source, x } = windowSource(series, LOOKBACK_MS, offsetMs, g, p);
  const lookback = p.add(LOOKBACK_MS, 'Int64');
  const ks = stepRange(x, `(${x} + least(${lookback}, nt - 1 - t))`, g, p);
  return `
    SELECT sid AS id, k, v FROM (
      SELECT sid, t, v, stale,
             leadInFrame(t, 1, toInt64(9223372036854775807)) OVER (PARTITION BY sid ORDER BY t, pi ROWS BETWEEN CURRENT ROW AND 1 FOLLOWING) AS nt
      FROM (${source})
    )
    ARRAY JOIN ${ks} AS k
    WHERE stale = 0`;
}

/**
 * The points of each range `[t_k - offset - range, t_k - offset]` (Prometheus 2.x includes both
 * ends), per series and step, as time-ordered arrays `ts` (ms) and `vs`; staleness markers are not
 * part of a range, as in Prometheus. Rows: (sid, k, ts, vs).
 */
export function rangeArraysSql(
  series: { ids: readonly string[]; names: readonly string[] },
  rangeMs: number,
  offsetMs: number,
  g: Grid,
  p: ProjectParams,
): string {
  const { source, x } = windowSource(series, rangeMs, offsetMs, g, p);
  const range = p.add(rangeMs, 'Int64');
  // Windows shorter than the step never overlap: a point belongs to at most one step, found by
  // division, so no point is copied (an ARRAY JOIN copies each point once per step it serves).
  const step = p.add(g.stepMs, 'Int64');
  const steps =
    rangeMs < g.stepMs
      ? `SELECT sid, t, v, pi, if(${x} <= 0, 0, intDiv(${x} + ${step} - 1, ${step})) AS k FROM (${source})
         WHERE stale = 0 AND k * ${step} >= ${x} AND k * ${step} <= ${x} + ${range} AND k < ${p.add(g.steps, 'Int64')}`
      : `SELECT sid, t, v, pi, k FROM (${source}) ARRAY JOIN ${stepRange(x, `(${x} + ${range})`, g, p)} AS k WHERE stale = 0`;
  // Points in (t, pi) order, as one Int64 key (t < 2^43 ms until 2199, pi < 2^20 parts) sorted
  // as numbers, which sorts faster than grouped 3-tuples (figures: decision 0019). Of copies of
  // one point (see pointsSql) the last is kept: each time is compared with the next one's, passed
  // as a second array (a lambda that captured the array would copy it per element).
  const shift = p.add(1_048_576, 'Int64');
  return `
    SELECT sid, k, ts, vs FROM (
      SELECT sid, k,
             arraySort(groupArray(t * ${shift} + pi) AS keys) AS sk,
             arraySort((v, key) -> key, groupArray(v), keys) AS sv,
             arrayMap(x -> intDiv(x, ${shift}), sk) AS st,
             arrayPushBack(arrayPopFront(st), toInt64(-1)) AS nt,
             arrayFilter((x, n) -> n != x, st, nt) AS ts,
             arrayFilter((x, t0, n) -> n != t0, sv, st, nt) AS vs
      FROM (${steps}) GROUP BY sid, k
    )`;
}
