import type { Db } from '@spanhouse/db';
import type { MetricLabelKey, MetricLabelsResponse } from '@spanhouse/schema';
import { type LabelPairRow, labelPairs } from '../metric-series/reader.ts';

/**
 * The label keys of a metric's stored series with their most common values (by number of
 * series), for suggestions (see labelPairs).
 */
export async function metricLabels(
  db: Db,
  project: string,
  name: string,
  signal?: AbortSignal,
  limits?: { keys: number; valuesPerKey: number },
): Promise<MetricLabelsResponse> {
  const { rows, metricSeries } = await labelPairs(db, project, name, signal, limits);
  return toLabelsResponse(rows, metricSeries);
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
