import { TABLES } from '@spanhouse/db';
import type { Context } from 'hono';
import type { IngestDeps } from '../deps.ts';
import type { EncodedRows, Receipt, TableRows } from '../log-sink/ingestor.ts';
import { storeRows } from '../routes/store.ts';
import { encodeSeriesTsv, type SeriesRow } from './rows.ts';

/**
 * The metric points of one request, ready to store: finite samples and non-finite ones
 * (clickhouse/0009) each as TabSeparated bytes, and the series rows not yet known to be stored.
 */
export type MetricPoints = {
  samples: EncodedRows;
  /** Lines of NONFINITE_COLUMNS; absent when the request had none (the batch API refuses them). */
  nonFinite?: EncodedRows;
  series: SeriesRow[];
  /** The earliest point's time in microseconds (Infinity without points): what a write may change. */
  minUs: number;
  /** Called once everything above is durable: those series rows need not be sent again. */
  markStored: () => void;
};

/** A request's points as the ingestor takes them, one chunk per table. */
export function metricTableRows(points: MetricPoints): TableRows {
  return {
    [TABLES.metricSeries]: { bytes: encodeSeriesTsv(points.series), rows: points.series.length },
    [TABLES.metricSamples]: points.samples,
    [TABLES.metricNonFinite]: points.nonFinite,
  };
}

/**
 * The one way metric points are stored, whatever API they came through (the batch JSON, Prometheus
 * remote write, OTLP metrics): one record of every table's rows, acknowledged once durable, then
 * the series marked stored. Once the rows are committed (readable), `metricsWritten` is told the
 * earliest time written, so the query cache forgets the steps they change: told earlier, a query
 * in between would cache steps computed without them.
 */
export function storeMetricPoints(c: Context, deps: IngestDeps, points: MetricPoints): Promise<void> {
  return storeMetricPointsWith((rows) => storeRows(c, deps, rows), deps, points);
}

/** storeMetricPoints through any transport's store step (`store`: HTTP's storeRows, gRPC's commitRows). */
export async function storeMetricPointsWith(
  store: (rows: TableRows) => Promise<Receipt | undefined>,
  deps: IngestDeps,
  points: MetricPoints,
): Promise<void> {
  const receipt = await store(metricTableRows(points));
  points.markStored();
  const written = deps.metricsWritten;
  if (receipt && written && points.samples.rows + (points.nonFinite?.rows ?? 0) > 0) {
    const tell = () => written(points.minUs);
    deps.ingestor.waitCommitted(receipt, Number.POSITIVE_INFINITY).then(tell, tell);
  }
}
