import { WireReader } from '../protobuf/wire-reader.ts';
import type { MetricsRequestLike } from './like.ts';

/**
 * What an ExportMetricsServiceRequest holds, as far as its size goes: its data points, and the
 * values they carry besides (bucket counts, explicit bounds, quantiles, exemplars).
 */
export type MetricsRequestCounts = { points: number; values: number };

/** A field's tag: its number and wire type (0 varint, 1 fixed64, 2 length-delimited). */
const tag = (field: number, wire: number) => (field << 3) | wire;
const LEN = 2;

/** The exemplars field of each kind of data point (a summary point has none). */
const EXEMPLARS = { number: tag(5, LEN), histogram: tag(8, LEN), exponential: tag(11, LEN), summary: -1 } as const;

/** Metric's data kinds (gauge, sum, histogram, exponential_histogram, summary): the tag and the point kind. */
const KINDS = new Map<number, 'number' | 'histogram' | 'exponential' | 'summary'>([
  [tag(5, LEN), 'number'],
  [tag(7, LEN), 'number'],
  [tag(9, LEN), 'histogram'],
  [tag(10, LEN), 'exponential'],
  [tag(11, LEN), 'summary'],
]);

/**
 * Counts the data points and histogram values of a protobuf request without decoding it: every
 * field is stepped over by its length, and a packed list is counted from its bytes (fixed64 and
 * doubles 8 bytes each, varints by their last bytes), so nothing is allocated whatever the bytes
 * say. A gzip body of a few kilobytes can inflate to millions of bucket counts, each an object
 * once decoded: the request is judged on these counts first. Undefined for bytes that are not a
 * request, for the decoder to refuse with its own words.
 */
export function countMetricsBytes(body: Buffer): MetricsRequestCounts | undefined {
  const r = new WireReader(body);
  const counts = { points: 0, values: 0 };
  try {
    // ExportMetricsServiceRequest.resource_metrics > ResourceMetrics.scope_metrics > ScopeMetrics.metrics
    within(r, tag(1, LEN), () =>
      within(r, tag(2, LEN), () =>
        within(r, tag(2, LEN), () => {
          metric(r, counts);
        }),
      ),
    );
  } catch {
    return undefined;
  }
  return counts;
}

/** Calls `read` inside each sub-message of field tag `want` of the message being read; skips the rest. */
function within(r: WireReader, want: number, read: () => void): void {
  while (r.pos < r.len) {
    const t = r.tag();
    if (t !== want) {
      r.skipType(t & 7, 0, t >>> 3);
      continue;
    }
    const outer = r.enter(r.size());
    read();
    r.leave(outer);
  }
}

function metric(r: WireReader, counts: MetricsRequestCounts): void {
  while (r.pos < r.len) {
    const t = r.tag();
    const kind = KINDS.get(t);
    if (kind === undefined) {
      r.skipType(t & 7, 0, t >>> 3);
      continue;
    }
    const outer = r.enter(r.size());
    // Gauge, Sum, Histogram, ExponentialHistogram and Summary all hold data_points as field 1.
    within(r, tag(1, LEN), () => {
      counts.points++;
      counts.values += pointValues(r, kind);
    });
    r.leave(outer);
  }
}

/** The bucket counts, bounds, quantiles and exemplars of one data point. */
function pointValues(r: WireReader, kind: 'number' | 'histogram' | 'exponential' | 'summary'): number {
  let n = 0;
  while (r.pos < r.len) {
    const t = r.tag();
    if (t === EXEMPLARS[kind]) {
      n++;
      r.skipType(LEN, 0, t >>> 3);
    } else if (kind === 'histogram' && (t === tag(6, LEN) || t === tag(7, LEN))) {
      // Packed bucket_counts (fixed64) and explicit_bounds (double).
      const size = r.size();
      stepOver(r, size);
      n += Math.ceil(size / 8);
    } else if (kind === 'histogram' && (t === tag(6, 1) || t === tag(7, 1))) {
      n++;
      r.skipType(1, 0, t >>> 3);
    } else if (kind === 'summary' && t === tag(6, LEN)) {
      n++;
      r.skipType(LEN, 0, 6);
    } else if (kind === 'exponential' && (t === tag(8, LEN) || t === tag(9, LEN))) {
      const outer = r.enter(r.size());
      n += bucketCounts(r);
      r.leave(outer);
    } else r.skipType(t & 7, 0, t >>> 3);
  }
  return n;
}

/** ExponentialHistogramDataPoint.Buckets.bucket_counts (field 2, uint64): packed varints or one by one. */
function bucketCounts(r: WireReader): number {
  let n = 0;
  while (r.pos < r.len) {
    const t = r.tag();
    if (t === tag(2, LEN)) {
      const size = r.size();
      const start = r.pos;
      stepOver(r, size);
      // A varint ends at its first byte below 0x80.
      for (let i = start; i < start + size; i++) if (r.buf[i]! < 0x80) n++;
    } else {
      if (t === tag(2, 0)) n++;
      r.skipType(t & 7, 0, t >>> 3);
    }
  }
  return n;
}

/** Steps over `size` bytes of field data, which must lie within the message being read. */
function stepOver(r: WireReader, size: number): void {
  if (r.pos + size > r.len) throw new RangeError('index out of range');
  r.pos += size;
}

/** The same counts of a decoded request (OTLP/JSON, whose parse has already made every value). */
export function countMetricsRequest(req: MetricsRequestLike): MetricsRequestCounts {
  const counts = { points: 0, values: 0 };
  for (const rm of req.resourceMetrics ?? []) {
    for (const sm of rm.scopeMetrics ?? []) {
      for (const m of sm.metrics ?? []) {
        for (const data of [m.gauge, m.sum]) {
          for (const p of data?.dataPoints ?? []) {
            counts.points++;
            counts.values += p.exemplars?.length ?? 0;
          }
        }
        for (const p of m.histogram?.dataPoints ?? []) {
          counts.points++;
          counts.values += (p.bucketCounts?.length ?? 0) + (p.explicitBounds?.length ?? 0) + (p.exemplars?.length ?? 0);
        }
        for (const p of m.exponentialHistogram?.dataPoints ?? []) {
          counts.points++;
          counts.values +=
            (p.positive?.bucketCounts?.length ?? 0) +
            (p.negative?.bucketCounts?.length ?? 0) +
            (p.exemplars?.length ?? 0);
        }
        for (const p of m.summary?.dataPoints ?? []) {
          counts.points++;
          counts.values += p.quantileValues?.length ?? 0;
        }
      }
    }
  }
  return counts;
}
