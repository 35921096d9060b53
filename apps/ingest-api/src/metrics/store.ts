import { type EncodedRows, encodeSeries, type SeriesRow, sampleTables, type TableRows } from '@spanhouse/store';
import type { IngestDeps } from '../deps.ts';

/**
 * The metric points of one request, ready to store: finite samples and non-finite ones
 * (clickhouse/0009) each as encoded rows, and the series rows not yet known to be stored.
 */
export type MetricPoints = {
  samples: EncodedRows;
  /** Rows of metric_nonfinite_samples; absent when the request had none (the batch API refuses them). */
  nonFinite?: EncodedRows;
  series: SeriesRow[];
  /** The earliest point's time in microseconds (Infinity without points): what a write may change. */
  minUs: number;
  /** Called once everything above is durable: those series rows need not be sent again. */
  markStored: () => void;
};

/** A request's points as the ingestor takes them, one chunk per table. */
export function metricTableRows(points: MetricPoints): TableRows {
  return { ...encodeSeries(points.series), ...sampleTables(points.samples, points.nonFinite) };
}

/**
 * The one way metric points are stored, whatever API they came through (the batch JSON, Prometheus
 * remote write, OTLP metrics): one record of every table's rows, acknowledged once durable, then
 * the series marked stored. Once the rows are committed (readable), the write notices are told the
 * earliest time written, so the query cache forgets the steps they change: told earlier, a query
 * in between would cache steps computed without them. Throws the log's own errors.
 */
export async function storeMetricPoints(
  deps: Pick<IngestDeps, 'ingestor' | 'writes'>,
  points: MetricPoints,
  opts: { waitForCommit: boolean; onDurable?: () => void },
): Promise<void> {
  const receipt = await deps.ingestor.store(metricTableRows(points), opts);
  points.markStored();
  const writes = deps.writes;
  if (receipt && writes && points.samples.rows + (points.nonFinite?.rows ?? 0) > 0) {
    const tell = () => writes.pointsCommitted(points.minUs);
    deps.ingestor.waitCommitted(receipt, Number.POSITIVE_INFINITY).then(tell, tell);
  }
}
