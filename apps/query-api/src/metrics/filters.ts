import type { ParamBuilder } from '@spanhouse/db';
import { microsToCh } from '@spanhouse/schema';
import type { TimeSpan } from './window.ts';

/**
 * The series a read covers: the metric's name, and its series ids unless `ids` is undefined,
 * which means every series of the metric (the name alone selects them, sparing a set lookup per
 * row; callers drop rows of ids outside their groups). Shared by the samples and the per-minute
 * rows, which both lead their sort key with (name, series_id), so one fragment (and one copy of
 * the id array in the parameters) serves both halves of a read.
 */
export function seriesCondition(name: string, ids: readonly bigint[] | undefined, p: ParamBuilder): string {
  const byName = `name = ${p.add(name, 'String')}`;
  return ids === undefined ? byName : `${byName} AND series_id IN ${p.add(ids, 'Array(UInt64)')}`;
}

/**
 * The one filter of the samples table: the series, and `ts` within any of `spans` (already clamped
 * to what can be stored: see queryWindow). One span is written as two plain bounds, so the
 * primary key's range analysis applies as directly as it can.
 */
export function samplesWhere(series: string, spans: readonly TimeSpan[], p: ParamBuilder): string {
  const ts = (us: number) => p.add(microsToCh(us), "DateTime64(6, 'UTC')");
  const span = (s: TimeSpan) => `ts >= ${ts(s.fromUs)} AND ts ${s.toExclusive ? '<' : '<='} ${ts(s.toUs)}`;
  if (spans.length === 1) return `${series} AND ${span(spans[0]!)}`;
  return `${series} AND (${spans.map((s) => `(${span(s)})`).join(' OR ')})`;
}
