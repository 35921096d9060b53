import type { MetricLimits } from '@spanhouse/config';
import { formatPromFloat, METRIC_LIMITS, METRIC_TIME_RANGE_US, nanosToMicros } from '@spanhouse/schema';
import { STALE_NAN } from '@spanhouse/store';
import type { KnownSeries } from '../metrics/known-series.ts';
import { PointWriter, type SeriesRef } from '../metrics/point-writer.ts';
import type { MetricPoints } from '../metrics/store.ts';
import { toNanos } from '../otlp/times.ts';
import { type AttrValue, keyValues } from '../otlp/values.ts';
import { bucketSeries } from './buckets.ts';
import { type ExpResolution, expBuckets, expResolution } from './exponential.ts';
import {
  double,
  type ExpHistogramPointLike,
  type HistogramPointLike,
  int64Number,
  type MetricLike,
  type MetricsRequestLike,
  type NumberPointLike,
  type SummaryPointLike,
  temporality,
} from './like.ts';

const CUMULATIVE = 2;
/** DataPointFlags.NO_RECORDED_VALUE: the point says its series has no value now (stored as stale). */
const NO_RECORDED_VALUE = 1;

export type MappedMetrics = {
  points: MetricPoints;
  accepted: number;
  rejected: string[];
  /** Names of the attributes whose values were cut to the label value limit (cutLabelValue), once each. */
  cutAttributes: string[];
  /** Exponential histogram points stored at a lower scale than sent (expResolution). */
  reducedHistograms: number;
};

/** One output series of a data point: a name suffix, extra labels, a value. */
type Emitted = [suffix: string, extra: Record<string, string> | undefined, value: number];

/**
 * Maps an OTLP metrics export to metric points, as Prometheus' OTLP receiver and VictoriaMetrics
 * map it: names as sent; resource attributes then point attributes as labels (a point attribute
 * wins); gauges and cumulative sums as their values; histograms as `<name>_bucket{le}` (cumulative,
 * `+Inf` = count), `<name>_sum`, `<name>_count`; exponential histograms the same way, with the
 * bounds of their exponential buckets as `le` (negative buckets, the zero bucket at its threshold,
 * positive buckets); summaries as `<name>{quantile}`, `<name>_sum`, `<name>_count`. A point flagged
 * "no recorded value" ends its series with a staleness marker. Delta temporality is refused (a
 * receiver cannot turn deltas into totals without keeping every series' running sum), like any
 * point without a time or past the limits: each such point is counted and its reason listed.
 * A histogram point becomes at most `limits.histogramBuckets` buckets: an exponential one with more
 * is stored at a lower scale, an explicit-bounds histogram or summary with more is refused; the
 * points that would take the request past its samples or series are refused (pastLimits).
 */
export function mapMetricsExport(
  req: MetricsRequestLike,
  known: KnownSeries,
  project: string,
  limits: MetricLimits,
): MappedMetrics {
  const out = new PointWriter(known, project, 1024);
  const rejected: string[] = [];
  const cut = new Set<string>();
  let accepted = 0;
  let reducedHistograms = 0;
  for (const rm of req.resourceMetrics ?? []) {
    const resource = keyValues(rm.resource?.attributes);
    for (const sm of rm.scopeMetrics ?? []) {
      for (const m of sm.metrics ?? []) {
        const name = m.name ?? '';
        for (const { point, emitted, reason, reduced } of pointsOf(m, limits.histogramBuckets)) {
          const problem = reason ?? check(name);
          const labels = problem ? undefined : labelsOf(resource, point.attributes, cut);
          const us = nanosToMicros(toNanos(point.timeUnixNano) ?? 0n);
          const why =
            problem ??
            (typeof labels === 'string' ? labels : undefined) ??
            (us <= 0 || us < METRIC_TIME_RANGE_US.min || us > METRIC_TIME_RANGE_US.max
              ? 'time_unix_nano missing or outside 1970-01-01..2199-12-31'
              : undefined);
          if (why !== undefined) {
            rejected.push(`${shownName(name)}: ${why}`);
            continue;
          }
          const values = emitted();
          const past = pastLimits(out, values, name, labels as Record<string, string>, limits);
          if (typeof past === 'string') {
            rejected.push(`${shownName(name)}: ${past}`);
            continue;
          }
          const noValue = ((point.flags ?? 0) & NO_RECORDED_VALUE) !== 0;
          for (let i = 0; i < values.length; i++) {
            out.point(out.use(past[i]!), us, noValue ? STALE_NAN : values[i]![2]);
          }
          accepted++;
          if (reduced) reducedHistograms++;
        }
      }
    }
  }
  return { points: out.result(), accepted, rejected, cutAttributes: [...cut], reducedHistograms };
}

/**
 * The series of a point's values, or why they would take the request past its limits: the samples
 * (MetricLimits.samplesPerRequest) and the distinct series (seriesPerRequest) one request may write.
 * A point is stored whole or refused whole; points before it keep their place.
 */
function pastLimits(
  out: PointWriter,
  values: Emitted[],
  name: string,
  labels: Record<string, string>,
  limits: MetricLimits,
): SeriesRef[] | string {
  if (out.count + values.length > limits.samplesPerRequest) {
    return `past the request's limit of ${limits.samplesPerRequest} samples (METRICS_MAX_SAMPLES_PER_REQUEST); send smaller batches`;
  }
  const refs = values.map(([suffix, extra]) => out.lookup(name + suffix, extra ? { ...labels, ...extra } : labels));
  if (out.seriesCount + out.unused(refs) > limits.seriesPerRequest) {
    return `past the request's limit of ${limits.seriesPerRequest} series (METRICS_MAX_SERIES_PER_REQUEST); send smaller batches`;
  }
  return refs;
}

/** A data point, what it becomes (`emitted`, called once it is accepted), or why it is refused. */
type PointOut = { point: NumberPointLike; emitted: () => Emitted[]; reason?: string; reduced?: boolean };

/** `buckets`: the histogram bucket limit (MetricLimits.histogramBuckets). */
function* pointsOf(m: MetricLike, buckets: number): Generator<PointOut> {
  const value = (p: NumberPointLike) =>
    p.asInt !== null && p.asInt !== undefined ? int64Number(p.asInt) : double(p.asDouble);
  if (m.gauge) for (const p of m.gauge.dataPoints ?? []) yield { point: p, emitted: () => [['', undefined, value(p)]] };
  else if (m.sum) {
    const reason = temporalityProblem(m.sum.aggregationTemporality);
    for (const p of m.sum.dataPoints ?? []) yield { point: p, reason, emitted: () => [['', undefined, value(p)]] };
  } else if (m.histogram) {
    const reason = temporalityProblem(m.histogram.aggregationTemporality);
    for (const p of m.histogram.dataPoints ?? [])
      yield { point: p, reason: reason ?? boundsProblem(p, buckets), emitted: () => histogram(p) };
  } else if (m.exponentialHistogram) {
    const reason = temporalityProblem(m.exponentialHistogram.aggregationTemporality);
    for (const p of m.exponentialHistogram.dataPoints ?? []) {
      const resolution = reason ?? expResolution(p, buckets);
      yield typeof resolution === 'string'
        ? { point: p, reason: resolution, emitted: () => [] }
        : { point: p, reduced: resolution.steps > 0, emitted: () => expHistogram(p, resolution) };
    }
  } else if (m.summary) {
    for (const p of m.summary.dataPoints ?? []) {
      const quantiles = p.quantileValues?.length ?? 0;
      const reason =
        quantiles > buckets
          ? `summary with ${quantiles} quantiles, more than ${buckets} (METRICS_HISTOGRAM_BUCKET_LIMIT)`
          : undefined;
      yield { point: p, reason, emitted: () => summary(p) };
    }
  }
}

function temporalityProblem(t: number | string | null | undefined): string | undefined {
  const n = temporality(t);
  if (n === CUMULATIVE) return undefined;
  return n === 1
    ? 'delta temporality is not supported; configure the exporter for cumulative temporality'
    : 'aggregation temporality unspecified';
}

/**
 * Why an explicit-bounds histogram cannot be stored: counts that do not match its bounds, or more
 * bounds than `limit`. Explicit bounds are the user's choice (dashboards select them by `le`), so
 * they are refused rather than merged.
 */
function boundsProblem(p: HistogramPointLike, limit: number): string | undefined {
  const buckets = p.bucketCounts?.length ?? 0;
  const bounds = p.explicitBounds?.length ?? 0;
  if (buckets !== 0 && buckets !== bounds + 1) return `${buckets} bucket counts for ${bounds} bounds`;
  if (bounds > limit)
    return `histogram with ${bounds} explicit bounds, more than ${limit} (METRICS_HISTOGRAM_BUCKET_LIMIT)`;
  return undefined;
}

const countAndSum = (p: { count?: unknown; sum?: unknown }): Emitted[] => {
  const out: Emitted[] = [['_count', undefined, int64Number(p.count as never)]];
  if (p.sum !== null && p.sum !== undefined) out.push(['_sum', undefined, double(p.sum as never)]);
  return out;
};

function histogram(p: HistogramPointLike): Emitted[] {
  const bounds = (p.explicitBounds ?? []).map(double);
  const counts = (p.bucketCounts ?? []).map(int64Number);
  return [
    ...bucketSeries(
      bounds.map((b, i) => [b, counts[i] ?? 0]),
      int64Number(p.count),
    ),
    ...countAndSum(p),
  ];
}

function expHistogram(p: ExpHistogramPointLike, resolution: ExpResolution): Emitted[] {
  return [...bucketSeries(expBuckets(p, resolution), int64Number(p.count)), ...countAndSum(p)];
}

function summary(p: SummaryPointLike): Emitted[] {
  const out: Emitted[] = (p.quantileValues ?? []).map((q) => [
    '',
    { quantile: formatPromFloat(double(q.quantile)) },
    double(q.value),
  ]);
  return [...out, ...countAndSum(p)];
}

/**
 * How a rejection reason names its metric: the name, cut past NAME_SHOWN characters. A reason
 * goes into the reply (five of them at most), which must stay small whatever was sent: the OTLP
 * specification bounds a reply at 4 MiB, and a gRPC client refuses a longer message or trailer.
 */
const NAME_SHOWN = 120;
function shownName(name: string): string {
  if (name === '') return '(no name)';
  return name.length > NAME_SHOWN ? `${name.slice(0, NAME_SHOWN - 1)}…` : name;
}

function check(name: string): string | undefined {
  if (name === '') return 'metric without a name';
  if (name.length > METRIC_LIMITS.nameMax - 7) return `name longer than ${METRIC_LIMITS.nameMax - 7} characters`;
  return undefined;
}

/**
 * A label value past METRIC_LIMITS.labelValueMax cut to it (never inside a surrogate pair). An
 * attribute is the sender's, and a resource's often holds a process' whole command line
 * (`process.command_args`): VictoriaMetrics cuts such values too, rather than refuse every point of
 * the process.
 */
function cutLabelValue(text: string): string {
  const max = METRIC_LIMITS.labelValueMax;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/**
 * Resource then point attributes as string labels, values past the limit cut (their names added to
 * `cut`); a string saying why when they break another limit.
 */
function labelsOf(
  resource: Record<string, AttrValue>,
  attributes: NumberPointLike['attributes'],
  cut: Set<string>,
): Record<string, string> | string {
  const all = { ...resource, ...keyValues(attributes) };
  // Attribute names are the sender's: without a prototype, `__proto__` is a label like any other.
  const labels: Record<string, string> = Object.create(null);
  let n = 0;
  for (const [k, v] of Object.entries(all)) {
    // `__name__` is the metric's name in every Prometheus-style read: the OTLP name is it, as in
    // Prometheus' and VictoriaMetrics' receivers, never an attribute's value.
    if (v === null || k === '' || k === '__name__') continue;
    const text = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
    if (text === '') continue;
    if (k.length > METRIC_LIMITS.labelKeyMax)
      return `attribute name longer than ${METRIC_LIMITS.labelKeyMax} characters`;
    if (text.length > METRIC_LIMITS.labelValueMax) {
      labels[k] = cutLabelValue(text);
      cut.add(k);
    } else labels[k] = text;
    n++;
  }
  // le and quantile are set by the mapping; one label is kept free for them.
  if (n > METRIC_LIMITS.labelsMax - 1) return `more than ${METRIC_LIMITS.labelsMax - 1} attributes`;
  return labels;
}
