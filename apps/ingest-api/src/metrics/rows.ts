import { microsToCh } from '@spanhouse/schema';
import type { MetricPoint } from './decode.ts';
import type { SeriesCache } from './series-cache.ts';

/** A row of the samples table (clickhouse/0002_metrics.sql). */
export type SampleRow = { name: string; series_id: string; ts: string; value: number };
/** A row of the series table. */
export type SeriesRow = { name: string; series_id: string; labels: Record<string, string> };

export type MetricRows = {
  samples: SampleRow[];
  /** Series whose row is not known to be stored yet. */
  series: SeriesRow[];
  /** Call once every row above is committed: their series rows need not be sent again. */
  markStored: () => void;
};

/** Maps decoded points to rows. Pure apart from the cache, which only memoizes. */
export function buildMetricRows(points: MetricPoint[], cache: SeriesCache): MetricRows {
  const samples: SampleRow[] = new Array(points.length);
  const series: SeriesRow[] = [];
  const pending = new Set<{ stored: boolean }>();
  let lastUs = -1;
  let lastTs = '';
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const entry = cache.lookup(p.name, p.labels);
    if (!entry.stored && !pending.has(entry)) {
      pending.add(entry);
      series.push({ name: p.name, series_id: entry.id, labels: p.labels });
    }
    if (p.us !== lastUs) {
      lastUs = p.us;
      lastTs = microsToCh(p.us);
    }
    samples[i] = { name: p.name, series_id: entry.id, ts: lastTs, value: p.value };
  }
  return {
    samples,
    series,
    markStored: () => {
      for (const e of pending) e.stored = true;
    },
  };
}
