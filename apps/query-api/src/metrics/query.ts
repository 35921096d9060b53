import { type Db, ParamBuilder, queryRows, TABLES } from '@spanhouse/db';
import { METRIC_QUERY_LIMITS, type MetricSeries, type MetricsQueryResponse } from '@spanhouse/schema';
import { type Group, groupSeries, type SeriesInfo } from './groups.ts';
import type { MetricsQuery } from './params.ts';
import { queryCompact, SAMPLES_READ_SETTINGS } from './read.ts';
import type { MetricSeriesCache } from './series-cache.ts';
import { aggExpr, bucketExpr, perSeries, samplesWhere, seriesSql } from './sql.ts';

export type QueryLimits = { series: number; points: number };

type BucketRow = { group: number; bucketSec: number; value: number | null; latestMs: number };

/**
 * GET /api/public/metrics/query (SPEC.md 4.7, DESIGN.md Metrics query).
 *  1. The series table gives the series of the metric that contain the label filter (through
 *     `seriesCache` when the process has one: see MetricSeriesCache).
 *  2. They are grouped into output series (groupSeries) and ordered by their labels.
 *  3. Over `limits.series` groups: a light pass over timestamps only finds which groups have points
 *     in the window; the first `limits.series` of those are kept and the rest is cut (truncated).
 *  4. One aggregation over the kept series' samples gives every (group, bucket), newest
 *     `limits.points` per group (one more is read to know whether the cut applied).
 */
export async function runMetricsQuery(
  db: Db,
  q: MetricsQuery,
  opts: { signal?: AbortSignal; limits?: QueryLimits; seriesCache?: MetricSeriesCache } = {},
): Promise<MetricsQueryResponse> {
  const limits = opts.limits ?? METRIC_QUERY_LIMITS;
  const { signal } = opts;
  const series =
    (await opts.seriesCache?.find(q.name, q.labels, (limit) => findSeries(db, { ...q, labels: {} }, signal, limit))) ??
    (await findSeries(db, q, signal));
  let groups = groupSeries(series, q.groupBy);
  let truncated = false;
  let latestMs: number | undefined;
  if (groups.length > limits.series) {
    const latestByGroup = await groupsWithPoints(db, q, groups, signal);
    const present = groups.filter((_, i) => latestByGroup.has(i));
    truncated = present.length > limits.series;
    groups = present.slice(0, limits.series);
    for (const ms of latestByGroup.values()) latestMs = Math.max(latestMs ?? ms, ms);
  }
  const rows = groups.length === 0 ? [] : await bucketRows(db, q, groups, series.length, limits.points + 1, signal);

  const values: MetricSeries['values'][] = groups.map(() => []);
  const stamps = new Map<number, string>(); // groups share their buckets: format each once
  for (const r of rows) {
    // Rows come newest first per group; the extra one past the limit only signals the cut.
    const list = values[r.group];
    if (!list) continue;
    if (list.length === limits.points) {
      truncated = true;
      continue;
    }
    let timestamp = stamps.get(r.bucketSec);
    if (timestamp === undefined) {
      timestamp = isoWithOffset(r.bucketSec * 1000);
      stamps.set(r.bucketSec, timestamp);
    }
    list.push({ timestamp, value: r.value });
    latestMs = Math.max(latestMs ?? r.latestMs, r.latestMs);
  }
  const data: MetricSeries[] = [];
  groups.forEach((g, i) => {
    const list = values[i]!;
    if (list.length > 0) data.push({ labels: g.labels, values: list.reverse() });
  });
  const meta: MetricsQueryResponse['meta'] = { series_count: data.length, truncated };
  if (latestMs !== undefined) meta.latest_ts = isoWithOffset(latestMs);
  return { data, meta };
}

/** `2026-01-01T00:05:00.000+00:00`: ISO 8601 in UTC with the offset written out (SPEC.md 2.7). */
export function isoWithOffset(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, -1)}+00:00`;
}

async function findSeries(db: Db, q: MetricsQuery, signal?: AbortSignal, limit?: number): Promise<SeriesInfo[]> {
  const p = new ParamBuilder();
  return queryRows(db, {
    sql: seriesSql(q, p, limit),
    params: p.params,
    tag: 'metrics.series',
    signal,
    map: (r) => ({ id: String(r.id), labels: stringRecord(r.labels) }),
  });
}

/** Per group index, the newest point in the window, for the groups that have any. */
async function groupsWithPoints(db: Db, q: MetricsQuery, groups: Group[], signal?: AbortSignal) {
  const p = new ParamBuilder();
  const { ids, groupOfId } = seriesOf(groups);
  // No FINAL: a duplicate point changes neither whether a series has points nor its newest one.
  const rows = await queryCompact(db, {
    sql: `SELECT toString(series_id) AS id, toUnixTimestamp64Milli(max(ts)) AS latest
          FROM ${TABLES.metricSamples} WHERE ${samplesWhere(q, filterIds(q, ids, ids.length), p)} GROUP BY series_id`,
    params: p.params,
    tag: 'metrics.presence',
    signal,
    map: ([id, latest]) => [groupOfId.get(String(id)), Number(latest)] as const,
  });
  const latest = new Map<number, number>();
  for (const [g, ms] of rows) if (g !== undefined) latest.set(g, Math.max(latest.get(g) ?? ms, ms));
  return latest;
}

async function bucketRows(
  db: Db,
  q: MetricsQuery,
  groups: Group[],
  seriesFound: number,
  perGroup: number,
  signal?: AbortSignal,
): Promise<BucketRow[]> {
  const p = new ParamBuilder();
  const { ids, groupOf, groupOfId, rank } = seriesOf(groups);
  // When every group is one series (no group_by, or one series per value), points are grouped by
  // series_id and mapped to groups here, sparing ClickHouse a lookup per raw point; a series has
  // no ties for `last` (one value per timestamp). Otherwise `transform` maps series to groups.
  const perSeriesGroups = ids.length === groups.length;
  // Series outside every group (only read without a label filter: see samplesWhere) map to the
  // group index past the last, whose rows the caller skips.
  const group = perSeriesGroups ? 'series_id' : perSeries(ids, groupOf, p, groups.length);
  const tieBreak = q.agg === 'last' && !perSeriesGroups ? perSeries(ids, rank, p) : undefined;
  const sql = `
    SELECT toString(g) AS g, b, v, latest FROM (
      SELECT ${group} AS g, ${bucketExpr(q, p)} AS b,
             ${aggExpr(q.agg, tieBreak)} AS v, toUnixTimestamp64Milli(max(ts)) AS latest
      FROM ${TABLES.metricSamples} FINAL
      WHERE ${samplesWhere(q, filterIds(q, ids, seriesFound), p)}
      GROUP BY g, b)
    ORDER BY g, b DESC
    LIMIT ${p.add(perGroup, 'UInt32')} BY g
    ${SAMPLES_READ_SETTINGS}`;
  return queryCompact(db, {
    sql,
    params: p.params,
    tag: `metrics.query.${q.agg}`,
    signal,
    map: ([g, b, v, latest]) => ({
      group: perSeriesGroups ? (groupOfId.get(String(g)) ?? -1) : Number(g),
      bucketSec: Number(b),
      // ClickHouse writes a non-finite aggregate (a sum past 1.8e308) as null in JSON.
      value: typeof v === 'number' ? v : null,
      latestMs: Number(latest),
    }),
  });
}

/**
 * The ids to filter samples by: none when the query has no label filter and `ids` are every
 * series found (`seriesFound`), i.e. every series of the metric: the name selects them, and rows
 * of ids outside every group (samples without a series row) are dropped when mapped to groups.
 */
function filterIds(q: MetricsQuery, ids: bigint[], seriesFound: number): bigint[] | undefined {
  return Object.keys(q.labels).length === 0 && ids.length === seriesFound ? undefined : ids;
}

/**
 * Parallel arrays for `transform`: every series id, its group index, and its tie-break rank for
 * `last` (the earlier series in label order ranks higher, i.e. wins a tie); and id -> group.
 */
function seriesOf(groups: Group[]) {
  const ids: bigint[] = [];
  const groupOf: number[] = [];
  const rank: number[] = [];
  const groupOfId = new Map<string, number>();
  groups.forEach((g, gi) => {
    g.series.forEach((s, si) => {
      ids.push(BigInt(s.id));
      groupOf.push(gi);
      rank.push(g.series.length - si);
      groupOfId.set(s.id, gi);
    });
  });
  return { ids, groupOf, rank, groupOfId };
}

function stringRecord(x: unknown): Record<string, string> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) throw new Error('labels: expected a map');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(x)) out[k] = String(v);
  return out;
}
