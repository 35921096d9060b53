import { METRIC_AGGS, METRIC_QUERY_LIMITS, METRIC_STEP_US, METRIC_STEPS, type MetricStep } from '@spanhouse/schema';
import type { Query } from '../api/client.ts';
import { QUICK_RANGES, type RangeKey, resolveRange } from '../lib/time-range.ts';
import { param, type StateOf } from '../lib/url-state.ts';

export const EXPLORER_RANGES: readonly RangeKey[] = [...(Object.keys(QUICK_RANGES) as RangeKey[]), 'custom'];
export const STEP_CHOICES = ['auto', ...METRIC_STEPS] as const;

/** The explorer's URL: metric, label filters (a JSON object, as the API takes them), step, aggregation, group-by, range. */
export const EXPLORER_PARAMS = {
  name: param.text(),
  labels: param.text(),
  step: param.choice(STEP_CHOICES, 'auto'),
  agg: param.choice(METRIC_AGGS, 'avg'),
  group_by: param.text(),
  range: param.choice(EXPLORER_RANGES, '1h'),
  from: param.text(),
  to: param.text(),
};
export type ExplorerState = StateOf<typeof EXPLORER_PARAMS>;

/** The label filter of the URL; anything that is not an object of strings counts as no filter. */
export function parseLabels(text: string | undefined): Record<string, string> {
  if (!text) return {};
  try {
    const o = JSON.parse(text) as unknown;
    if (typeof o !== 'object' || o === null || Array.isArray(o)) return {};
    return Object.fromEntries(Object.entries(o).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

export function encodeLabels(labels: Record<string, string>): string | undefined {
  const entries = Object.entries(labels).filter(([k]) => k);
  return entries.length ? JSON.stringify(Object.fromEntries(entries)) : undefined;
}

/** The finest step that keeps the window within the API's points per series. */
export function autoStep(windowMs: number): MetricStep {
  const fits = METRIC_STEPS.find((s) => windowMs / (METRIC_STEP_US[s] / 1000) <= METRIC_QUERY_LIMITS.points);
  return fits ?? '1d';
}

/** The window of a query that leaves `from` open: the API's default, the hour before `to`. */
const DEFAULT_WINDOW_MS = 3_600_000;

/** GET /api/public/metrics/query parameters; null until a metric is chosen. */
export function explorerQuery(s: ExplorerState, nowMs: number): Query | null {
  if (!s.name) return null;
  const { from, to } = resolveRange(s, nowMs);
  const toMs = to ? Date.parse(to) : nowMs;
  const fromMs = from ? Date.parse(from) : toMs - DEFAULT_WINDOW_MS;
  const labels = encodeLabels(parseLabels(s.labels));
  // A bound that is not a time goes as written, for the API to refuse by name.
  const bound = (ms: number, written: string | undefined) => (Number.isNaN(ms) ? written : new Date(ms).toISOString());
  return {
    name: s.name,
    from: bound(fromMs, from),
    to: bound(toMs, to),
    step: s.step === 'auto' ? autoStep(toMs - fromMs) : s.step,
    agg: s.agg,
    labels,
    group_by: s.group_by,
  };
}
