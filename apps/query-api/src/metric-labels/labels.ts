import { type Db, ParamBuilder, queryRows, TABLES } from '@spanhouse/db';
import { METRIC_LABEL_LIMITS, type MetricLabelKey, type MetricLabelsResponse } from '@spanhouse/schema';

/** One (key, value) pair of a metric's stored series, with the counts around it. */
export type LabelPairRow = {
  key: string;
  value: string;
  /** Series with this key and value. */
  series: number;
  /** Series with this key. */
  keySeries: number;
  /** Distinct values of this key. */
  valuesTotal: number;
  /** Distinct keys of the metric. */
  keysTotal: number;
  /** Series of the metric. */
  metricSeries: number;
};

type Limits = { keys: number; valuesPerKey: number };

/**
 * The label keys of a metric's stored series with their most common values (by number of
 * series), for suggestions. Reads the series table only (one row per series, no time range):
 * every key and value ever stored for the metric. Keys on the most series are kept when there
 * are more than `limits.keys`; each key keeps its `limits.valuesPerKey` most common values.
 */
export async function metricLabels(
  db: Db,
  name: string,
  signal?: AbortSignal,
  limits: Limits = METRIC_LABEL_LIMITS,
): Promise<MetricLabelsResponse> {
  const p = new ParamBuilder();
  const metric = p.add(name, 'String');
  // Window levels: counts per key, then the keys' rank by series, then the number of keys.
  // uniqExact(series_id) counts a series once while its re-sent rows are not merged yet.
  const rows = await queryRows(db, {
    sql: `
      SELECT key, value, series, key_series, values_total, keys_total,
        (SELECT uniqExact(series_id) FROM ${TABLES.metricSeries} WHERE name = ${metric}) AS metric_series
      FROM (
        SELECT *, max(key_rank) OVER () AS keys_total
        FROM (
          SELECT *, dense_rank() OVER (ORDER BY key_series DESC, key ASC) AS key_rank
          FROM (
            SELECT key, value, series,
              sum(series) OVER (PARTITION BY key) AS key_series,
              count() OVER (PARTITION BY key) AS values_total
            FROM (
              SELECT key, value, uniqExact(series_id) AS series
              FROM ${TABLES.metricSeries}
              ARRAY JOIN mapKeys(labels) AS key, mapValues(labels) AS value
              WHERE name = ${metric}
              GROUP BY key, value
            )
          )
        )
      )
      WHERE key_rank <= ${p.add(limits.keys, 'UInt32')}
      ORDER BY key ASC, series DESC, value ASC
      LIMIT ${p.add(limits.valuesPerKey, 'UInt32')} BY key`,
    params: p.params,
    tag: 'metrics.labels',
    signal,
    map: fromLabelRow,
  });
  const metricSeries =
    rows[0]?.metricSeries ??
    (
      await queryRows(db, {
        sql: `SELECT uniqExact(series_id) AS n FROM ${TABLES.metricSeries} WHERE name = {name:String}`,
        params: { name },
        tag: 'metrics.labels.count',
        signal,
        map: (r) => Number(r.n),
      })
    )[0] ??
    0;
  return toLabelsResponse(rows, metricSeries);
}

export function fromLabelRow(r: Record<string, unknown>): LabelPairRow {
  return {
    key: String(r.key),
    value: String(r.value),
    series: Number(r.series),
    keySeries: Number(r.key_series),
    valuesTotal: Number(r.values_total),
    keysTotal: Number(r.keys_total),
    metricSeries: Number(r.metric_series),
  };
}

/** Rows sorted by key, then most common value first, grouped into the answer. */
export function toLabelsResponse(rows: readonly LabelPairRow[], metricSeries: number): MetricLabelsResponse {
  const data: MetricLabelKey[] = [];
  for (const r of rows) {
    let last = data.at(-1);
    if (last?.key !== r.key) {
      last = { key: r.key, seriesCount: r.keySeries, values: [], valuesTotal: r.valuesTotal, truncated: false };
      data.push(last);
    }
    last.values.push({ value: r.value, seriesCount: r.series });
    last.truncated = last.values.length < last.valuesTotal;
  }
  const keysTotal = rows[0]?.keysTotal ?? 0;
  return { data, meta: { seriesCount: metricSeries, keysTotal, truncated: data.length < keysTotal } };
}
