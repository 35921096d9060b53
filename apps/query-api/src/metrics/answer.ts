import type { MetricSeries, MetricsQueryResponse } from '@spanhouse/schema';
import type { GroupBuckets } from './bucket-rows.ts';
import type { Group } from './groups.ts';

/** `2026-01-01T00:05:00.000+00:00`: ISO 8601 in UTC with the offset written out (docs/api.md). */
export function isoWithOffset(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, -1)}+00:00`;
}

/**
 * The answer from the kept groups and their bucket rows: groups in order, each with its values
 * oldest first; groups without a point are left out. `truncated` is already true when groups were
 * cut, and becomes true when a group had more buckets than it returns. `latestMs` is the newest
 * point seen by the presence read, if there was one.
 */
export function toAnswer(
  groups: readonly Group[],
  rows: readonly GroupBuckets[],
  cut: { truncated: boolean; latestMs: number | undefined },
): MetricsQueryResponse {
  let { truncated, latestMs } = cut;
  const values: MetricSeries['values'][] = groups.map(() => []);
  const stamps = new Map<number, string>(); // groups share their buckets: format each once
  for (const r of rows) {
    if (r.group < 0 || r.group >= groups.length) continue; // samples of a series outside every group
    if (r.total > r.bucketsSec.length) truncated = true;
    const list = values[r.group]!;
    // Oldest first in the answer; the arrays are newest first.
    for (let i = r.bucketsSec.length - 1; i >= 0; i--) {
      const sec = r.bucketsSec[i]!;
      let timestamp = stamps.get(sec);
      if (timestamp === undefined) {
        timestamp = isoWithOffset(sec * 1000);
        stamps.set(sec, timestamp);
      }
      list.push({ timestamp, value: r.values[i]! });
    }
    latestMs = Math.max(latestMs ?? r.latestMs, r.latestMs);
  }
  const data: MetricSeries[] = [];
  groups.forEach((g, i) => {
    const list = values[i]!;
    if (list.length > 0) data.push({ labels: g.labels, values: list });
  });
  const meta: MetricsQueryResponse['meta'] = { series_count: data.length, truncated };
  if (latestMs !== undefined) meta.latest_ts = isoWithOffset(latestMs);
  return { data, meta };
}
