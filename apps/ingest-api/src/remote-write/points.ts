import type { MetricLimits } from '@spanhouse/config';
import { badRequest } from '@spanhouse/http';
import { METRIC_LIMITS, METRIC_TIME_RANGE_US } from '@spanhouse/schema';
import type { KnownSeries } from '../metrics/known-series.ts';
import { PointWriter } from '../metrics/point-writer.ts';
import type { MetricPoints } from '../metrics/store.ts';
import type { WriteRequestCounts } from './counts.ts';
import type { TimeSeries, WriteRequest } from './generated/remote-decode.ts';

/**
 * Maps a WriteRequest to the rows of the metric tables. `__name__` is the metric name, every other
 * label a label (labels with an empty value are dropped: Prometheus treats them as absent), so the
 * series id is the one the batch API gives the same name and labels. Finite values go to the
 * samples; staleness markers, NaN and infinities to metric_nonfinite_samples. A series without
 * `__name__`, with a duplicate or empty label name, past the metric limits, or a sample outside
 * the storable time range is a 400 naming it, and nothing of the request is stored.
 * Native histograms are not stored; a request holding nothing else is a 400 that says so.
 * A request of more samples or series than `limits` allow is a 400 too, before any of it is
 * mapped: remote write has no partial success, and a sender splits its batches by its own
 * settings (Prometheus' max_samples_per_send).
 */
export function remoteWritePoints(
  req: WriteRequest,
  known: KnownSeries,
  project: string,
  limits: MetricLimits,
): MetricPoints {
  let sampleCount = 0;
  let seriesCount = 0;
  let histograms = 0;
  for (const ts of req.timeseries) {
    sampleCount += ts.samples.length;
    if (ts.samples.length > 0) seriesCount++;
    histograms += ts.histograms.length;
  }
  if (sampleCount === 0 && histograms > 0) {
    throw badRequest(`native histograms are not supported (${histograms} sent); send classic histograms`);
  }
  refuseOversized({ samples: sampleCount, series: seriesCount }, limits);
  const out = new PointWriter(known, project, sampleCount);
  /** Timestamps already checked against the stored range (a request's samples share few). */
  const checked = new Set<number>();
  req.timeseries.forEach((ts, i) => {
    if (ts.samples.length === 0) return;
    const { name, labels } = seriesOf(ts, i);
    const series = out.seriesOf(name, labels);
    for (const s of ts.samples) {
      const ms = s.timestamp;
      if (!checked.has(ms)) {
        const us = ms * 1000;
        if (!Number.isInteger(ms) || us < METRIC_TIME_RANGE_US.min || us > METRIC_TIME_RANGE_US.max) {
          throw badRequest(`timeseries.${i}: sample timestamp ${ms} ms is outside 1970-01-01..2199-12-31`);
        }
        checked.add(ms);
      }
      out.point(series, ms * 1000, s.value);
    }
  });
  return out.result();
}

/**
 * A 400 for a request of more samples or series than one request may store. A series sent twice in
 * one request counts twice: the bound holds before any label is read.
 */
export function refuseOversized(counts: WriteRequestCounts, limits: MetricLimits): void {
  if (counts.samples > limits.samplesPerRequest) {
    throw badRequest(
      `request holds ${counts.samples} samples, more than ${limits.samplesPerRequest} (METRICS_MAX_SAMPLES_PER_REQUEST); send smaller batches (max_samples_per_send)`,
    );
  }
  if (counts.series > limits.seriesPerRequest) {
    throw badRequest(
      `request holds ${counts.series} series, more than ${limits.seriesPerRequest} (METRICS_MAX_SERIES_PER_REQUEST); send smaller batches (max_samples_per_send)`,
    );
  }
}

/** The metric name and labels of a series, checked against the limits of every metric point. */
function seriesOf(ts: TimeSeries, i: number): { name: string; labels: Record<string, string> } {
  let name: string | undefined;
  // Label names are the sender's: without a prototype, `__proto__` is a label like any other.
  const labels: Record<string, string> = Object.create(null);
  let count = 0;
  for (const { name: key, value } of ts.labels) {
    if (key === '') throw badRequest(`timeseries.${i}: a label has an empty name`);
    if (key === '__name__') {
      if (name !== undefined) throw badRequest(`timeseries.${i}: label __name__ appears twice`);
      name = value;
      continue;
    }
    if (Object.hasOwn(labels, key)) throw badRequest(`timeseries.${i}: label ${key} appears twice`);
    if (value === '') continue;
    if (key.length > METRIC_LIMITS.labelKeyMax) {
      throw badRequest(`timeseries.${i}: label name longer than ${METRIC_LIMITS.labelKeyMax} characters`);
    }
    if (value.length > METRIC_LIMITS.labelValueMax) {
      throw badRequest(`timeseries.${i}: value of label ${key} longer than ${METRIC_LIMITS.labelValueMax} characters`);
    }
    labels[key] = value;
    count++;
  }
  if (name === undefined || name === '') throw badRequest(`timeseries.${i}: no __name__ label (the metric name)`);
  if (name.length > METRIC_LIMITS.nameMax) {
    throw badRequest(`timeseries.${i}: metric name longer than ${METRIC_LIMITS.nameMax} characters`);
  }
  if (count > METRIC_LIMITS.labelsMax) throw badRequest(`timeseries.${i}: more than ${METRIC_LIMITS.labelsMax} labels`);
  return { name, labels };
}
