import { TABLES } from '@spanhouse/db';
import type { Ingestor } from '../buffer/ingestor.ts';
import type { IngestDeps } from '../deps.ts';
import { SAMPLE_COLUMNS, type SampleChunk, type SeriesRow } from './rows.ts';

/**
 * The metric points of one request, ready to store: finite samples and non-finite ones
 * (clickhouse/0009) each as TabSeparated bytes, and the series rows not yet known to be stored.
 */
export type MetricPoints = {
  samples: SampleChunk;
  /** Lines of NONFINITE_COLUMNS; absent when the request had none (the batch API refuses them). */
  nonFinite?: SampleChunk;
  series: SeriesRow[];
  /** The earliest point's time in microseconds (Infinity without points): what a write may change. */
  minUs: number;
  /** Called once everything above is committed: those series rows need not be sent again. */
  markStored: () => void;
};

/** Columns of a TabSeparated line of metric_nonfinite_samples, in order. */
export const NONFINITE_COLUMNS: [string, ...string[]] = ['name', 'series_id', 'ts', 'value', 'stale'];

/** The samples tables hold one pre-encoded chunk per request (see SampleChunk). */
export function useMetricEncoders(ingestor: Ingestor): void {
  for (const [table, columns] of [
    [TABLES.metricSamples, SAMPLE_COLUMNS],
    [TABLES.metricNonFinite, NONFINITE_COLUMNS],
  ] as const) {
    ingestor.encodeWith(table, {
      format: 'TabSeparated',
      columns,
      encode: (chunks) => Buffer.concat((chunks as SampleChunk[]).map((c) => c.bytes)),
      countOf: (chunk) => (chunk as SampleChunk).rows,
    });
  }
}

/**
 * The one way metric points are stored, whatever API they came through (the batch JSON, Prometheus
 * remote write, OTLP metrics): one submit of every table's rows, resolved once all are committed
 * (so a request is acknowledged only when its points are durable), then the series marked stored
 * and `metricsWritten` told the earliest time written (the query cache forgets what it changes).
 */
export async function storeMetricPoints(
  deps: Pick<IngestDeps, 'ingestor' | 'metricsWritten'>,
  points: MetricPoints,
): Promise<void> {
  await deps.ingestor.submit({
    [TABLES.metricSeries]: points.series,
    [TABLES.metricSamples]: points.samples.rows > 0 ? [points.samples] : [],
    [TABLES.metricNonFinite]: points.nonFinite && points.nonFinite.rows > 0 ? [points.nonFinite] : [],
  });
  points.markStored();
  // Before the request is acknowledged: a query answered after the acknowledgement must not come
  // from a cached result computed without these points.
  if (points.samples.rows + (points.nonFinite?.rows ?? 0) > 0) deps.metricsWritten?.(points.minUs);
}
