import type { MetricLimits } from '@spanhouse/config';
import { badRequest, jsonItems } from '@spanhouse/http';
import { METRIC_LIMITS } from '@spanhouse/schema';
import { BatchLimits } from './batch-limits.ts';

/**
 * JSON values (jsonItems) one point of a batch takes at most: its object and its labels', the
 * commas between its four fields and after it, and one comma per label past the first.
 */
const ITEMS_PER_POINT = 2 + 3 + 1 + (METRIC_LIMITS.labelsMax - 1);

/**
 * The body as parsed JSON (when the scanner fell back), with readJson's messages but without its
 * nesting-depth scan. That scan (as costly as JSON.parse on a 5000-point batch) protects code that
 * recurses into arbitrary JSON; nothing on this path does: V8's JSON.parse is iterative, the
 * decoder reads fixed fields, and both it and the schema refuse a nested value where a string or
 * number belongs without descending into it; unknown fields are never visited.
 *
 * What it does bound, before the parse, is the values the text holds: no more than the samples
 * limit's points at ITEMS_PER_POINT each, so a batch within the limits always passes, while a gzip
 * body of kilobytes inflated to millions of empty objects (`{},` is 3 bytes and an object once
 * parsed) is a 400 before JSON.parse makes them; and once parsed, a batch of more points than the
 * limit is refused before any point is checked, as the scanner refuses it.
 */
export function parseMetricsBody(text: string, limits: MetricLimits): unknown {
  const maxItems = limits.samplesPerRequest * ITEMS_PER_POINT;
  if (jsonItems(text, maxItems) > maxItems) {
    throw badRequest(
      `metrics: request body holds more than ${maxItems} JSON values (${ITEMS_PER_POINT} per point of METRICS_MAX_SAMPLES_PER_REQUEST); send smaller batches`,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    throw badRequest(`request body is not valid JSON: ${(err as Error).message}`);
  }
  const points = (body as { metrics?: unknown } | null)?.metrics;
  if (Array.isArray(points)) new BatchLimits(limits).points(points.length);
  return body;
}
