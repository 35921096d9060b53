import { badRequest, validate } from '@spanhouse/http';
import {
  isoToMicros,
  METRIC_LIMITS,
  METRIC_TIME_RANGE_US,
  type MetricPointInput,
  MetricsBatchRequest,
} from '@spanhouse/schema';

/** The valid points of a batch, as sent, with their timestamps in microseconds. */
export type DecodedBatch = {
  /** The points as parsed; `labels` may be absent (no labels). */
  points: readonly (Omit<MetricPointInput, 'labels'> & { labels?: Record<string, string> })[];
  /** Microseconds since the epoch of points[i].timestamp. */
  us: Float64Array;
};

/**
 * Decodes a POST /v1/metrics/batch body. The rules are MetricsBatchRequest's (packages/schema);
 * this loop checks them by hand because it runs once per point on the hottest path (a schema
 * library costs several times more per point) and keeps the parsed objects instead of copying
 * them. Whenever any point fails, the body is handed to the schema, which words the 400
 * (`metrics.3.value: must be a finite number`); both paths refuse the same bodies with the same
 * messages, and a refused batch stores nothing.
 */
export function decodeMetricsBatch(body: unknown): DecodedBatch {
  const decoded = tryDecode(body);
  if (decoded) return decoded;
  validate(MetricsBatchRequest, body);
  // The schema accepted what the loop refused: a bug in one of them, reported rather than hidden.
  throw badRequest('metrics: invalid batch');
}

/** The batch, or undefined when anything is invalid (the caller then asks the schema why). */
function tryDecode(body: unknown): DecodedBatch | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const list = (body as { metrics?: unknown }).metrics;
  if (!Array.isArray(list)) return undefined;
  const us = new Float64Array(list.length);
  // Batches usually carry many points per timestamp (every series at one instant), so the last
  // parsed timestamp is remembered.
  let lastTs = '';
  let lastUs = 0;
  for (let i = 0; i < list.length; i++) {
    const p = list[i];
    if (typeof p !== 'object' || p === null || Array.isArray(p)) return undefined;
    const { name, labels, value, timestamp } = p as Record<string, unknown>;
    if (typeof name !== 'string' || name.length === 0 || name.length > METRIC_LIMITS.nameMax) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
    if (labels !== undefined && !validLabels(labels)) return undefined;
    if (timestamp !== lastTs) {
      if (typeof timestamp !== 'string') return undefined;
      const t = isoToMicros(timestamp);
      if (t === null || t < METRIC_TIME_RANGE_US.min || t > METRIC_TIME_RANGE_US.max) return undefined;
      lastTs = timestamp;
      lastUs = t;
    }
    us[i] = lastUs;
  }
  // Every element was checked above to have exactly this shape.
  return { points: list as DecodedBatch['points'], us };
}

export function validLabels(labels: unknown): labels is Record<string, string> {
  if (typeof labels !== 'object' || labels === null || Array.isArray(labels)) return false;
  let n = 0;
  for (const key in labels) {
    if (key.length === 0 || key.length > METRIC_LIMITS.labelKeyMax) return false;
    const v = (labels as Record<string, unknown>)[key];
    if (typeof v !== 'string' || v.length > METRIC_LIMITS.labelValueMax) return false;
    n++;
  }
  return n <= METRIC_LIMITS.labelsMax;
}
