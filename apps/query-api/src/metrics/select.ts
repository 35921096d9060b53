import type { Db } from '@spanhouse/db';
import type { SeriesSource } from '../metric-series/series-source.ts';
import { compareKeys, type Group, groupsBySeries, groupsByValue } from './groups.ts';
import type { MetricsQuery } from './params.ts';
import { planPresence, readIds } from './plan.ts';
import { readPresence } from './presence.ts';
import { firstByLabels, orderMembers } from './series-order.ts';
import type { QueryWindow } from './window.ts';

/** The output series a query returns, before any bucket is read. */
export type Selection = {
  /** At most the series limit, in label order. */
  groups: Group[];
  /** Groups with points in the window were cut. */
  truncated: boolean;
  /** The newest point in the window, when the presence read saw it. */
  latestMs: number | undefined;
  /** Series matching the query, and series of the metric: the size of the reads to plan. */
  seriesFound: number;
  metricSeries: number;
};

/**
 * The output series of `q` (docs/api.md, metrics query): the matching series from `source` as
 * ids, grouped (group_by) or one per series; past the series limit, only those with points in the
 * window (presence) and of those the first by labels. Label sets are read only for the series
 * returned without group_by, and for the members of groups whose order breaks ties of `last`.
 */
export async function selectGroups(
  db: Db,
  project: string,
  q: MetricsQuery,
  r: { window: QueryWindow; source: SeriesSource; limit: number },
  signal?: AbortSignal,
): Promise<Selection> {
  const { series: found, total } = await r.source.candidates({ labels: q.labels, groupBy: q.groupBy });
  const hasLabelFilter = Object.keys(q.labels).length > 0;
  const presence = async (ids: string[]) => {
    const plan = planPresence({ seriesRead: ids.length, metricSeries: total, window: r.window });
    const bigIds = ids.map((id) => BigInt(id));
    return readPresence(
      db,
      project,
      { q, window: r.window, ids: readIds(hasLabelFilter, bigIds, ids.length), plan },
      signal,
    );
  };
  const result = (groups: Group[], truncated: boolean, latestMs?: number): Selection => ({
    groups,
    truncated,
    latestMs,
    seriesFound: found.length,
    metricSeries: total,
  });
  const newest = (latest: Map<string, number>, ids: Iterable<string>) => {
    let ms: number | undefined;
    for (const id of ids) {
      const t = latest.get(id);
      if (t !== undefined) ms = Math.max(ms ?? t, t);
    }
    return ms;
  };

  if (q.groupBy === undefined) {
    let ids = found.map((c) => c.id);
    let truncated = false;
    let latestMs: number | undefined;
    if (ids.length > r.limit) {
      const latest = await presence(ids);
      ids = ids.filter((id) => latest.has(id));
      truncated = ids.length > r.limit;
      latestMs = newest(latest, ids);
    }
    const labelled = await firstByLabels(r.source, ids, Math.min(ids.length, r.limit));
    return result(groupsBySeries(labelled), truncated, latestMs);
  }

  let groups = groupsByValue(found, q.groupBy).sort((a, b) => compareKeys(a.key, b.key));
  let truncated = false;
  let latestMs: number | undefined;
  if (groups.length > r.limit) {
    const latest = await presence(found.map((c) => c.id));
    const present = groups.filter((g) => g.members.some((id) => latest.has(id)));
    truncated = present.length > r.limit;
    latestMs = newest(
      latest,
      present.flatMap((g) => g.members),
    );
    groups = present.slice(0, r.limit);
  }
  if (q.agg === 'last') await orderMembers(r.source, groups);
  return result(groups, truncated, latestMs);
}
