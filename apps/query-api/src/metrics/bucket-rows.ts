import { type Db, type ParamBuilder, ProjectParams, queryCompact } from '@spanhouse/db';
import { seriesCondition } from './filters.ts';
import type { GroupIndex } from './groups.ts';
import { minuteRowsBucketsSql } from './minute-rows.ts';
import type { MetricsQuery } from './params.ts';
import type { BucketSource } from './plan.ts';
import { metricsReadSettings } from './read-settings.ts';
import { samplesBucketsSql } from './samples.ts';
import type { QueryWindow } from './window.ts';

/** A group's buckets, newest first and at most the point limit, and how many it has in all. */
export type GroupBuckets = {
  /** The group's index; -1 for samples of a series outside every group (callers skip them). */
  group: number;
  bucketsSec: number[];
  values: (number | null)[];
  total: number;
  latestMs: number;
  /** Whether the source could not prove the values exact (a re-sent point): read the next one. */
  dirty: boolean;
};

export type BucketRead = {
  q: MetricsQuery;
  window: QueryWindow;
  index: GroupIndex;
  /** The ids to filter by; undefined for every series of the metric (see readIds). */
  ids: readonly bigint[] | undefined;
  oneThread: boolean;
  /** Buckets kept per group (the newest). */
  perGroup: number;
};

/**
 * Maps each series id to a number (its group, or its tie-break rank) inside SQL; an id not in
 * `ids` maps to `otherwise`.
 */
export function perSeries(ids: readonly bigint[], values: readonly number[], p: ParamBuilder, otherwise = 0): string {
  return `transform(series_id, ${p.add(ids, 'Array(UInt64)')}, ${p.add(values, 'Array(UInt32)')}, toUInt32(${p.add(otherwise, 'UInt32')}))`;
}

/**
 * The SQL of every (group, bucket) aggregate from one source, returned as one row per group
 * holding arrays (bucket starts and values, newest first, cut to `perGroup`) rather than a row
 * per bucket: ClickHouse writes and the client parses a third of the bytes. `latest` is the newest
 * point of the group, which lies in its newest bucket, so it is the same whether or not the cut
 * applied.
 */
export function bucketsSql(source: BucketSource, r: BucketRead, p: ProjectParams): string {
  const { q, index } = r;
  // When every group is one series, points are grouped by series_id and mapped to groups when the
  // rows come back, sparing ClickHouse a lookup per raw point; a series has no ties for `last` (one
  // value per timestamp). Otherwise `transform` maps series to groups, and series outside every
  // group (read when there is no label filter) to the index past the last.
  const group = index.onePerGroup ? 'series_id' : perSeries(index.ids, index.groupOf, p, index.groupCount);
  const tieBreak = q.agg === 'last' && !index.onePerGroup ? perSeries(index.ids, index.rank, p) : undefined;
  const series = seriesCondition(q.name, r.ids, p);
  let inner: string;
  if (source === 'minute-rows') {
    const w = r.window;
    if (w.minutes === undefined) throw new Error('a read of the per-minute rows needs whole minutes');
    inner = minuteRowsBucketsSql(q, { ...w, minutes: w.minutes }, { series, group, tieBreak }, p);
  } else {
    inner = samplesBucketsSql(q, r.window, { series, group, tieBreak, final: source === 'samples-final' }, p);
  }
  const limit = p.add(r.perGroup, 'UInt32');
  // arrayReverseSort with a lambda orders the values by their buckets: both arrays were filled by
  // the same rows in the same order.
  return `
    SELECT toString(g) AS g,
           arraySlice(arrayReverseSort(groupArray(b)), 1, ${limit}) AS bs,
           arraySlice(arrayReverseSort((x, y) -> y, groupArray(v), groupArray(b)), 1, ${limit}) AS vs,
           count() AS total, max(latest) AS latest, sum(dirty) AS dirty FROM (${inner})
    GROUP BY g`;
}

/** The whole read of bucketsSql for a project: its SQL, parameters and settings. */
export function bucketsRead(project: string, source: BucketSource, r: BucketRead) {
  const p = new ProjectParams(project);
  const sql = bucketsSql(source, r, p);
  return { sql, params: p.params, settings: metricsReadSettings(r.oneThread) };
}

/** Reads every group's buckets from `source`. */
export async function readBuckets(
  db: Db,
  project: string,
  source: BucketSource,
  r: BucketRead,
  signal?: AbortSignal,
): Promise<GroupBuckets[]> {
  return queryCompact(db, {
    ...bucketsRead(project, source, r),
    tag: `metrics.query.${r.q.agg}`,
    signal,
    map: (row) => toGroupBuckets(row, r.index),
  });
}

/** One row of bucketsSql to GroupBuckets. */
export function toGroupBuckets([g, bs, vs, total, latest, dirty]: unknown[], index: GroupIndex): GroupBuckets {
  return {
    group: index.onePerGroup ? (index.groupOfId.get(String(g)) ?? -1) : Number(g),
    bucketsSec: numbers(bs, Number),
    // ClickHouse writes a non-finite aggregate (a sum past 1.8e308) as null in JSON.
    values: numbers(vs, (v) => (typeof v === 'number' ? v : null)),
    total: Number(total),
    latestMs: Number(latest),
    dirty: Number(dirty) > 0,
  };
}

function numbers<T>(x: unknown, map: (v: unknown) => T): T[] {
  if (!Array.isArray(x)) throw new Error('metrics.query: expected an array column');
  return x.map(map);
}
