import { badRequest, validate } from '@spanhouse/http';
import { isoToMicros, type MetricAgg, type MetricStep, MetricsQueryParams } from '@spanhouse/schema';
import { type Labels, labelSet } from '../metric-series/labels.ts';

/** A validated metrics query: what every later step works from. */
export type MetricsQuery = {
  name: string;
  /** Inclusive bounds, microseconds since the epoch. */
  fromUs: number;
  toUs: number;
  /** Containment filter: a series matches when its labels include every pair. */
  labels: Labels;
  step: MetricStep;
  agg: MetricAgg;
  groupBy?: string;
};

const HOUR_US = 3_600e6;

/**
 * Query string to MetricsQuery. Defaults (docs/api.md): `to` = now, `from` = one hour
 * before `to` (so without either, the last hour ending now; with only `to`, the hour before it),
 * step 1m, agg avg. Every refusal is a 400 naming the parameter.
 */
export function parseMetricsQuery(raw: Record<string, string | string[]>, nowUs: number): MetricsQuery {
  const p = validate(MetricsQueryParams, raw);
  const toUs = p.to === undefined ? nowUs : micros(p.to, 'to');
  const fromUs = p.from === undefined ? toUs - HOUR_US : micros(p.from, 'from');
  if (fromUs > toUs) throw badRequest('from: must not be after to');
  const q: MetricsQuery = {
    name: p.name,
    fromUs,
    toUs,
    labels: parseLabelFilter(p.labels),
    step: p.step,
    agg: p.agg,
  };
  if (p.group_by !== undefined) q.groupBy = p.group_by;
  return q;
}

function micros(iso: string, field: string): number {
  const us = isoToMicros(iso);
  if (us === null) throw badRequest(`${field}: not a valid date-time`);
  return us;
}

/** `labels` is a URL-encoded JSON object of string values: `{"host":"a","region":"eu"}`. */
export function parseLabelFilter(text: string | undefined): Labels {
  if (text === undefined) return labelSet([]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('labels: must be a JSON object such as {"host":"a"}; this is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest('labels: must be a JSON object such as {"host":"a"}');
  }
  // JSON.parse makes every key an own property, `__proto__` included; Object.entries keeps it.
  const entries = Object.entries(parsed);
  for (const [key, value] of entries) {
    if (typeof value !== 'string') throw badRequest(`labels: the value of ${JSON.stringify(key)} must be a string`);
  }
  return labelSet(entries as [string, string][]);
}
