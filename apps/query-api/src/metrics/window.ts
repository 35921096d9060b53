import { METRIC_TIME_RANGE_US } from '@spanhouse/schema';
import type { MetricsQuery } from './params.ts';

export const MINUTE_US = 60e6;

/**
 * The time window of a query as the reads see it: its bounds clamped to what can be stored
 * (no point lies outside them), and its whole minutes [firstMinute, endMinute): the first
 * starting at or after `from`, the last ending by `to`; `minutes` is undefined when there are
 * none. `lengthMinutes` is the unclamped length (a fraction for windows under a minute), the
 * measure of a read's size.
 */
export type QueryWindow = {
  fromUs: number;
  toUs: number;
  minutes: { first: number; end: number } | undefined;
  lengthMinutes: number;
};

export function queryWindow(q: Pick<MetricsQuery, 'fromUs' | 'toUs'>): QueryWindow {
  const fromUs = Math.max(q.fromUs, METRIC_TIME_RANGE_US.min);
  const toUs = Math.min(q.toUs, METRIC_TIME_RANGE_US.max);
  const first = Math.ceil(fromUs / MINUTE_US);
  const end = Math.floor((toUs + 1) / MINUTE_US);
  return {
    fromUs,
    toUs,
    minutes: end > first ? { first, end } : undefined,
    lengthMinutes: (q.toUs - q.fromUs) / MINUTE_US,
  };
}

/** A stretch of time in microseconds: [fromUs, toUs], or [fromUs, toUs) when `toExclusive`. */
export type TimeSpan = { fromUs: number; toUs: number; toExclusive?: boolean };

/**
 * The partial minutes at both ends of a window with whole minutes: [from, first whole minute)
 * and [end of the last whole minute, to]; empty when the window starts and ends on a minute.
 */
export function edgeSpans(w: QueryWindow & { minutes: { first: number; end: number } }): TimeSpan[] {
  const spans: TimeSpan[] = [];
  const firstUs = w.minutes.first * MINUTE_US;
  const endUs = w.minutes.end * MINUTE_US;
  if (w.fromUs < firstUs) spans.push({ fromUs: w.fromUs, toUs: firstUs, toExclusive: true });
  if (endUs <= w.toUs) spans.push({ fromUs: endUs, toUs: w.toUs });
  return spans;
}
