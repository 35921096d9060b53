import {
  array,
  enumValue,
  fail,
  isInt64Number,
  isObj,
  keyValues,
  object,
  string,
  unixNano,
} from '../otlp/json-shape.ts';
import type { MetricsRequestLike } from './like.ts';

/*
 * Shape check of an OTLP/JSON ExportMetricsServiceRequest, as the trace endpoint checks its
 * requests (otlp/json-shape.ts, whose checks of strings, times and attributes it reuses): every
 * field the mapping reads has its JSON type, or the request is a 400 naming the field. Unknown
 * fields are ignored.
 */

const INT64_RE = /^-?\d{1,20}$/;
const absentOr = (v: unknown) => v === undefined || v === null;

function int64(value: unknown, path: string): void {
  if (absentOr(value) || (typeof value === 'string' ? INT64_RE.test(value) : isInt64Number(value))) return;
  fail(path, 'an integer (a number or a decimal string)', value);
}

function double(value: unknown, path: string): void {
  if (absentOr(value) || typeof value === 'number') return;
  if (
    typeof value === 'string' &&
    (value === 'NaN' || value === 'Infinity' || value === '-Infinity' || Number.isFinite(Number(value)))
  )
    return;
  fail(path, 'a number', value);
}

function integer(value: unknown, path: string): void {
  if (!absentOr(value) && !Number.isSafeInteger(value)) fail(path, 'an integer', value);
}

function numbers(value: unknown, path: string, each: (v: unknown, p: string) => void): void {
  for (const [i, v] of array(value, path).entries()) each(v, `${path}.${i}`);
}

function point(value: unknown, path: string): void {
  const p = object(value, path);
  if (!p) fail(path, 'an object', value);
  keyValues(p.attributes, `${path}.attributes`);
  unixNano(p.timeUnixNano, `${path}.timeUnixNano`);
  unixNano(p.startTimeUnixNano, `${path}.startTimeUnixNano`);
  double(p.asDouble, `${path}.asDouble`);
  int64(p.asInt, `${path}.asInt`);
  integer(p.flags, `${path}.flags`);
  int64(p.count, `${path}.count`);
  double(p.sum, `${path}.sum`);
  numbers(p.bucketCounts, `${path}.bucketCounts`, int64);
  numbers(p.explicitBounds, `${path}.explicitBounds`, double);
  integer(p.scale, `${path}.scale`);
  int64(p.zeroCount, `${path}.zeroCount`);
  double(p.zeroThreshold, `${path}.zeroThreshold`);
  for (const side of ['positive', 'negative'] as const) {
    const b = object(p[side], `${path}.${side}`);
    if (b) {
      integer(b.offset, `${path}.${side}.offset`);
      numbers(b.bucketCounts, `${path}.${side}.bucketCounts`, int64);
    }
  }
  array(p.quantileValues, `${path}.quantileValues`).forEach((q, i) => {
    const qv = object(q, `${path}.quantileValues.${i}`);
    if (!qv) fail(`${path}.quantileValues.${i}`, 'an object', q);
    double(qv.quantile, `${path}.quantileValues.${i}.quantile`);
    double(qv.value, `${path}.quantileValues.${i}.value`);
  });
}

function metric(value: unknown, path: string): void {
  const m = object(value, path);
  if (!m) fail(path, 'an object', value);
  string(m.name, `${path}.name`);
  for (const kind of ['gauge', 'sum', 'histogram', 'exponentialHistogram', 'summary'] as const) {
    const data = object(m[kind], `${path}.${kind}`);
    if (!data) continue;
    enumValue(data.aggregationTemporality, `${path}.${kind}.aggregationTemporality`);
    for (const [i, p] of array(data.dataPoints, `${path}.${kind}.dataPoints`).entries()) {
      point(p, `${path}.${kind}.dataPoints.${i}`);
    }
  }
}

/** The parsed body as a request, once its shape is right; 400 naming the first wrong field. */
export function checkOtlpMetricsJson(body: unknown): MetricsRequestLike {
  if (!isObj(body)) fail('request body', 'a JSON object (an OTLP ExportMetricsServiceRequest)', body);
  array(body.resourceMetrics, 'resourceMetrics').forEach((rm, r) => {
    const rPath = `resourceMetrics.${r}`;
    const res = object(rm, rPath);
    if (!res) fail(rPath, 'an object', rm);
    const resource = object(res.resource, `${rPath}.resource`);
    if (resource) keyValues(resource.attributes, `${rPath}.resource.attributes`);
    array(res.scopeMetrics, `${rPath}.scopeMetrics`).forEach((sm, s) => {
      const sPath = `${rPath}.scopeMetrics.${s}`;
      const scope = object(sm, sPath);
      if (!scope) fail(sPath, 'an object', sm);
      for (const [i, m] of array(scope.metrics, `${sPath}.metrics`).entries()) metric(m, `${sPath}.metrics.${i}`);
    });
  });
  return body as MetricsRequestLike;
}
