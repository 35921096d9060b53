import { type Db, ParamBuilder, queryRows, TABLES } from '@spanhouse/db';
import { type Labels, labelSet, type SeriesInfo } from './groups.ts';
import type { MetricsQuery } from './params.ts';
import type { MetricSeriesCache } from './series-cache.ts';

/** The series of a metric that match a label filter, and how many series the metric has. */
export type FoundSeries = { series: SeriesInfo[]; total: number };

/**
 * The series of a metric whose labels contain every pair of `labels` (at most `limit` of them),
 * each row also carrying `total`, the number of series of the metric whatever the labels.
 */
export function seriesSql(q: Pick<MetricsQuery, 'name' | 'labels'>, p: ParamBuilder, limit?: number): string {
  const name = `name = ${p.add(q.name, 'String')}`;
  const conditions = [name];
  for (const [k, v] of Object.entries(q.labels)) {
    const key = p.add(k, 'String');
    conditions.push(`mapContains(labels, ${key}) AND labels[${key}] = ${p.add(v, 'String')}`);
  }
  const cut = limit === undefined ? '' : ` LIMIT ${p.add(limit, 'UInt32')}`;
  // Without a label filter every row is counted anyway: the total is the row count.
  const total =
    conditions.length === 1 ? 'count() OVER ()' : `(SELECT count() FROM ${TABLES.metricSeries} FINAL WHERE ${name})`;
  return `SELECT toString(series_id) AS id, labels, ${total} AS total FROM ${TABLES.metricSeries} FINAL WHERE ${conditions.join(' AND ')}${cut}`;
}

/** One row of seriesSql. */
export function toSeriesRow(r: Record<string, unknown>): SeriesInfo & { total: number } {
  return { id: String(r.id), labels: stringRecord(r.labels), total: Number(r.total) };
}

async function readSeries(
  db: Db,
  q: Pick<MetricsQuery, 'name' | 'labels'>,
  signal?: AbortSignal,
  limit?: number,
): Promise<FoundSeries> {
  const p = new ParamBuilder();
  let total = 0;
  const series = await queryRows(db, {
    sql: seriesSql(q, p, limit),
    params: p.params,
    tag: 'metrics.series',
    signal,
    map: (r) => {
      const row = toSeriesRow(r);
      total = row.total;
      return { id: row.id, labels: row.labels };
    },
  });
  return { series, total };
}

/**
 * The series lookup: through `cache` when the process has one (see MetricSeriesCache), which
 * reads every series of the name once and filters them here; from the series table otherwise.
 */
export async function lookupSeries(
  db: Db,
  q: Pick<MetricsQuery, 'name' | 'labels'>,
  cache: MetricSeriesCache | undefined,
  signal?: AbortSignal,
): Promise<FoundSeries> {
  const cached = await cache?.find(
    q.name,
    q.labels,
    async (limit) => (await readSeries(db, { name: q.name, labels: {} }, signal, limit)).series,
  );
  return cached ?? readSeries(db, q, signal);
}

function stringRecord(x: unknown): Labels {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) throw new Error('labels: expected a map');
  return labelSet(Object.entries(x).map(([k, v]) => [k, String(v)] as const));
}
