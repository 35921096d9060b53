import type { MetricLimits } from '@spanhouse/config';
import { microsToCh } from '@spanhouse/schema';
import type { SampleRow, SeriesRow } from '@spanhouse/store';
import { BatchLimits } from './batch-limits.ts';
import type { DecodedBatch } from './decode.ts';
import type { KnownSeries } from './known-series.ts';

export type MetricRows = {
  samples: SampleRow[];
  /** Series whose row is not known to be stored yet. */
  series: SeriesRow[];
  /** Call once every row above is committed: their series rows need not be sent again. */
  markStored: () => void;
};

const NO_LABELS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * Maps a decoded batch of a project to rows. Pure apart from `known`, which only memoizes. A batch
 * past `limits` is a 400 (BatchLimits).
 */
export function buildMetricRows(
  project: string,
  batch: DecodedBatch,
  known: KnownSeries,
  limits: MetricLimits,
): MetricRows {
  const { points, us } = batch;
  const bounds = new BatchLimits(limits);
  bounds.points(points.length);
  const samples: SampleRow[] = new Array(points.length);
  const series: SeriesRow[] = [];
  const pending = new Set<{ stored: boolean }>();
  let lastUs = -1;
  let lastTs = '';
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const labels = p.labels ?? NO_LABELS;
    const entry = known.lookup(project, p.name, labels);
    bounds.seriesOf(entry);
    if (!entry.stored && !pending.has(entry)) {
      pending.add(entry);
      series.push({ project_id: project, name: p.name, series_id: entry.id, labels });
    }
    if (us[i] !== lastUs) {
      lastUs = us[i]!;
      lastTs = microsToCh(lastUs);
    }
    samples[i] = { project_id: project, name: p.name, series_id: entry.id, ts: lastTs, value: p.value };
  }
  return {
    samples,
    series,
    markStored: () => {
      for (const e of pending) e.stored = true;
    },
  };
}
