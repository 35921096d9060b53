import { badRequest, validate } from '@spanhouse/http';
import { isoToMicros, METRIC_LIMITS, METRIC_TIME_RANGE_US, MetricsBatchRequest } from '@spanhouse/schema';

/** One valid metric point, ready for row building. */
export type MetricPoint = {
  name: string;
  labels: Record<string, string>;
  value: number;
  /** Microseconds since the epoch. */
  us: number;
};

/**
 * Decodes a POST /v1/metrics/batch body. The rules are MetricsBatchRequest's (packages/schema);
 * this loop checks them by hand because it runs once per point on the hottest path (a schema
 * library costs several times more per point). Whenever any point fails, the body is handed to
 * the schema, which words the 400 (`metrics.3.value: must be a finite number`); so both paths
 * refuse the same bodies with the same messages, and a refused batch stores nothing.
 */
export function decodeMetricsBatch(body: unknown): MetricPoint[] {
  const points = tryDecode(body);
  if (points) return points;
  validate(MetricsBatchRequest, body);
  // The schema accepted what the loop refused: a bug in one of them, reported rather than hidden.
  throw badRequest('metrics: invalid batch');
}

/** The points, or undefined when anything is invalid (the caller then asks the schema why). */
function tryDecode(body: unknown): MetricPoint[] | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const list = (body as { metrics?: unknown }).metrics;
  if (!Array.isArray(list)) return undefined;
  const out: MetricPoint[] = new Array(list.length);
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
    if (typeof timestamp !== 'string') return undefined;
    if (timestamp !== lastTs) {
      const us = isoToMicros(timestamp);
      if (us === null || us < METRIC_TIME_RANGE_US.min || us > METRIC_TIME_RANGE_US.max) return undefined;
      lastTs = timestamp;
      lastUs = us;
    }
    let checked: Record<string, string>;
    if (labels === undefined) checked = {};
    else if (!validLabels(labels)) return undefined;
    else checked = labels;
    out[i] = { name, labels: checked, value, us: lastUs };
  }
  return out;
}

function validLabels(labels: unknown): labels is Record<string, string> {
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
