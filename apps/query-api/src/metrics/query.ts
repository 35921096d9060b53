import { type Db, ParamBuilder, queryRows, TABLES } from '@spanhouse/db';
import { METRIC_QUERY_LIMITS, type MetricSeries, type MetricsQueryResponse } from '@spanhouse/schema';
import { type Group, groupSeries, type SeriesInfo } from './groups.ts';
import type { MetricsQuery } from './params.ts';
import { metricsReadSettings, queryCompact } from './read.ts';
import { MIN_SERIES_MINUTES, minutesBucketsSql, minutesLatestSql } from './rollup.ts';
import type { MetricSeriesCache } from './series-cache.ts';
import { aggExpr, bucketExpr, perSeries, samplesWhere, seriesSql } from './sql.ts';

export type QueryLimits = { series: number; points: number };

/** A group's buckets, newest first and at most the point limit, and how many it has in all. */
type GroupBuckets = {
  group: number;
  bucketsSec: number[];
  values: (number | null)[];
  total: number;
  latestMs: number;
  /** Whether per-minute rows it was read from hold a minute that may have a re-sent point. */
  dirty: boolean;
};

/**
 * GET /api/public/metrics/query (SPEC.md 4.7, DESIGN.md Metrics query).
 *  1. The series table gives the series of the metric that contain the label filter (through
 *     `seriesCache` when the process has one: see MetricSeriesCache).
 *  2. They are grouped into output series (groupSeries) and ordered by their labels.
 *  3. Over `limits.series` groups: a light pass over timestamps only finds which groups have points
 *     in the window; the first `limits.series` of those are kept and the rest is cut (truncated).
 *  4. One aggregation over the kept series' samples gives every (group, bucket); each group
 *     comes back as one row of arrays holding its newest `limits.points` buckets. For reads of
 *     at least `minSeriesMinutes`, avg, sum, min, max and last take the whole minutes of the window
 *     from the per-minute rows (minutesBucketsSql); steps 3 and 4 both read raw points only for
 *     the partial minutes at the ends, and step 4 for windows holding a re-sent point.
 */
export async function runMetricsQuery(
  db: Db,
  q: MetricsQuery,
  opts: {
    signal?: AbortSignal;
    limits?: QueryLimits;
    seriesCache?: MetricSeriesCache;
    /** Reads of at least this many (series x whole minutes) use the per-minute rows (tests set 0). */
    minSeriesMinutes?: number;
  } = {},
): Promise<MetricsQueryResponse> {
  const limits = opts.limits ?? METRIC_QUERY_LIMITS;
  const { signal } = opts;
  const { series, total: metricSeries } =
    (await opts.seriesCache?.find(
      q.name,
      q.labels,
      async (limit) => (await findSeries(db, { ...q, labels: {} }, signal, limit)).series,
    )) ?? (await findSeries(db, q, signal));
  let groups = groupSeries(series, q.groupBy);
  let truncated = false;
  let latestMs: number | undefined;
  if (groups.length > limits.series) {
    const latestByGroup = await groupsWithPoints(db, q, groups, metricSeries, signal);
    const present = groups.filter((_, i) => latestByGroup.has(i));
    truncated = present.length > limits.series;
    groups = present.slice(0, limits.series);
    for (const ms of latestByGroup.values()) latestMs = Math.max(latestMs ?? ms, ms);
  }
  const rows =
    groups.length === 0
      ? []
      : await groupBuckets(db, q, groups, { found: series.length, metric: metricSeries }, limits.points, {
          signal,
          minSeriesMinutes: opts.minSeriesMinutes ?? MIN_SERIES_MINUTES,
        });

  const values: MetricSeries['values'][] = groups.map(() => []);
  const stamps = new Map<number, string>(); // groups share their buckets: format each once
  for (const r of rows) {
    if (r.group < 0 || r.group >= groups.length) continue; // samples of a series outside every group
    if (r.total > r.bucketsSec.length) truncated = true;
    const list = values[r.group]!;
    // Oldest first in the answer; the arrays are newest first.
    for (let i = r.bucketsSec.length - 1; i >= 0; i--) {
      const sec = r.bucketsSec[i]!;
      let timestamp = stamps.get(sec);
      if (timestamp === undefined) {
        timestamp = isoWithOffset(sec * 1000);
        stamps.set(sec, timestamp);
      }
      list.push({ timestamp, value: r.values[i]! });
    }
    latestMs = Math.max(latestMs ?? r.latestMs, r.latestMs);
  }
  const data: MetricSeries[] = [];
  groups.forEach((g, i) => {
    const list = values[i]!;
    if (list.length > 0) data.push({ labels: g.labels, values: list });
  });
  const meta: MetricsQueryResponse['meta'] = { series_count: data.length, truncated };
  if (latestMs !== undefined) meta.latest_ts = isoWithOffset(latestMs);
  return { data, meta };
}

/** `2026-01-01T00:05:00.000+00:00`: ISO 8601 in UTC with the offset written out (SPEC.md 2.7). */
export function isoWithOffset(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, -1)}+00:00`;
}

/** The series of `q`'s metric that match its labels, and how many series the metric has. */
async function findSeries(
  db: Db,
  q: MetricsQuery,
  signal?: AbortSignal,
  limit?: number,
): Promise<{ series: SeriesInfo[]; total: number }> {
  const p = new ParamBuilder();
  let total = 0;
  const series = await queryRows(db, {
    sql: seriesSql(q, p, limit),
    params: p.params,
    tag: 'metrics.series',
    signal,
    map: (r) => {
      total = Number(r.total);
      return { id: String(r.id), labels: stringRecord(r.labels) };
    },
  });
  return { series, total };
}

/** Per group index, the newest point in the window, for the groups that have any. */
async function groupsWithPoints(db: Db, q: MetricsQuery, groups: Group[], metricSeries: number, signal?: AbortSignal) {
  const p = new ParamBuilder();
  const { ids, groupOfId } = seriesOf(groups);
  const idFilter = filterIds(q, ids, ids.length);
  // No FINAL: a duplicate point changes neither whether a series has points nor its newest one.
  const read =
    minutesLatestSql(q, idFilter, { seriesRead: ids.length, metricSeries }, p) ??
    `SELECT toString(series_id) AS id, toUnixTimestamp64Milli(max(ts)) AS latest
     FROM ${TABLES.metricSamples} WHERE ${samplesWhere(q, idFilter, p)} GROUP BY series_id`;
  const rows = await queryCompact(db, {
    sql: `${read} ${metricsReadSettings(ids.length * windowMinutes(q))}`,
    params: p.params,
    tag: 'metrics.presence',
    signal,
    map: ([id, latest]) => [groupOfId.get(String(id)), Number(latest)] as const,
  });
  const latest = new Map<number, number>();
  for (const [g, ms] of rows) if (g !== undefined) latest.set(g, Math.max(latest.get(g) ?? ms, ms));
  return latest;
}

/**
 * Every (group, bucket) aggregate, returned as one row per group holding arrays (bucket starts
 * and values, newest first, cut to `perGroup`) rather than a row per bucket: ClickHouse writes
 * and the client parses a third of the bytes (measured on reference query (d), 7200 buckets:
 * 20 -> 14 ms for the read). `latest` is the newest point of the group, which lies in its
 * newest bucket, so it is the same whether or not the cut applied.
 */
async function groupBuckets(
  db: Db,
  q: MetricsQuery,
  groups: Group[],
  seriesCount: { found: number; metric: number },
  perGroup: number,
  { signal, minSeriesMinutes }: { signal?: AbortSignal; minSeriesMinutes: number },
): Promise<GroupBuckets[]> {
  const { ids, groupOf, groupOfId, rank } = seriesOf(groups);
  // When every group is one series (no group_by, or one series per value), points are grouped by
  // series_id and mapped to groups here, sparing ClickHouse a lookup per raw point; a series has
  // no ties for `last` (one value per timestamp). Otherwise `transform` maps series to groups.
  const perSeriesGroups = ids.length === groups.length;
  const idFilter = filterIds(q, ids, seriesCount.found);
  const seriesRead = idFilter?.length ?? seriesCount.found;
  const seriesMinutes = seriesRead * windowMinutes(q);
  const plainSamples = seriesMinutes <= MAX_PLAIN_SERIES_MINUTES;
  const read = async (source: Source) => {
    const p = new ParamBuilder();
    // Series outside every group (only read without a label filter: see samplesWhere) map to the
    // group index past the last, whose rows the caller skips.
    const group = perSeriesGroups ? 'series_id' : perSeries(ids, groupOf, p, groups.length);
    const tieBreak = q.agg === 'last' && !perSeriesGroups ? perSeries(ids, rank, p) : undefined;
    const minutes =
      source === 'minutes'
        ? minutesBucketsSql(
            q,
            { ids: idFilter, seriesRead, metricSeries: seriesCount.metric, plainSamples, minSeriesMinutes },
            group,
            tieBreak,
            p,
          )
        : undefined;
    if (source === 'minutes' && minutes === undefined) return undefined;
    // Read plainly, a (group, bucket) holding a point stored twice (a re-send not yet merged away)
    // counts more rows than distinct (series, timestamp) pairs: `dirty`, and read again with FINAL.
    // The pair is counted as one UInt64, series_id + microseconds (wrapping): a point stored twice
    // always repeats it, and two pairs that happen to share it only cost a needless second read.
    // One number hashes faster than a pair or a DateTime64 (query (b)'s check: 17-24 -> 7-9 ms).
    const dirty =
      source === 'samples'
        ? 'toUInt64(count() != uniqExact(series_id + toUInt64(toUnixTimestamp64Micro(ts))))'
        : 'toUInt64(0)';
    const buckets =
      minutes ??
      `
      SELECT ${group} AS g, ${bucketExpr(q, p)} AS b,
             ${aggExpr(q.agg, tieBreak)} AS v, toUnixTimestamp64Milli(max(ts)) AS latest, ${dirty} AS dirty
      FROM ${TABLES.metricSamples}${source === 'samples FINAL' ? ' FINAL' : ''}
      WHERE ${samplesWhere(q, idFilter, p)}
      GROUP BY g, b`;
    const limit = p.add(perGroup, 'UInt32');
    // arrayReverseSort with a lambda orders the values by their buckets: both arrays were filled
    // by the same rows in the same order.
    const sql = `
    SELECT toString(g) AS g,
           arraySlice(arrayReverseSort(groupArray(b)), 1, ${limit}) AS bs,
           arraySlice(arrayReverseSort((x, y) -> y, groupArray(v), groupArray(b)), 1, ${limit}) AS vs,
           count() AS total, max(latest) AS latest, sum(dirty) AS dirty FROM (${buckets})
    GROUP BY g
    ${metricsReadSettings(seriesMinutes)}`;
    return queryCompact(db, {
      sql,
      params: p.params,
      tag: `metrics.query.${q.agg}`,
      signal,
      map: ([g, bs, vs, total, latest, dirty]) => ({
        group: perSeriesGroups ? (groupOfId.get(String(g)) ?? -1) : Number(g),
        bucketsSec: numbers(bs, Number),
        // ClickHouse writes a non-finite aggregate (a sum past 1.8e308) as null in JSON.
        values: numbers(vs, (v) => (typeof v === 'number' ? v : null)),
        total: Number(total),
        latestMs: Number(latest),
        dirty: Number(dirty) > 0,
      }),
    });
  };
  // Each source is tried while the one before could not prove its answer: the per-minute rows
  // (dirty where a minute holds a re-sent point), a plain read of the samples for small reads
  // (dirty where a point is stored twice), and the samples with FINAL, always exact.
  const sources: Source[] = plainSamples ? ['minutes', 'samples', 'samples FINAL'] : ['minutes', 'samples FINAL'];
  for (const source of sources) {
    const rows = await read(source);
    if (rows !== undefined && (source === 'samples FINAL' || !rows.some((r) => r.dirty))) return rows;
  }
  throw new Error('unreachable: the last source always answers');
}

/** The window's length in minutes (a fraction for windows shorter than a minute). */
const windowMinutes = (q: MetricsQuery) => (q.toUs - q.fromUs) / 60e6;

/** Where groupBuckets reads: see the loop at its end. */
type Source = 'minutes' | 'samples' | 'samples FINAL';

/**
 * Reads of up to this many (series x minutes of the window) try the samples without FINAL first,
 * checking for points stored twice with uniqExact. Parts are deduplicated as they are written, so
 * a point is stored twice only when it was re-sent into another part, and FINAL's merge of every
 * part that holds the series is mostly wasted: measured in chDB right after a load of the
 * reference set (5 parts), query (b)'s read of 50 series over a day (432,000 points) takes 55 ms
 * with FINAL, 20 ms plain and 28-30 ms plain with the check; (a), one series, 6.4 -> 5.7 ms. The
 * check grows faster than FINAL's merge with the size of the read: 1000 series over 6 h (2.16 M
 * points), 94 ms with FINAL against 296 ms plain with the check.
 */
const MAX_PLAIN_SERIES_MINUTES = 100_000;

function numbers<T>(x: unknown, map: (v: unknown) => T): T[] {
  if (!Array.isArray(x)) throw new Error('metrics.query: expected an array column');
  return x.map(map);
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
