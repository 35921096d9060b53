import { type Db, ParamBuilder, queryCompact } from '@spanhouse/db';
import { seriesCondition } from './filters.ts';
import type { GroupIndex } from './groups.ts';
import { minuteRowsLatestSql } from './minute-rows.ts';
import type { MetricsQuery } from './params.ts';
import type { PresencePlan } from './plan.ts';
import { metricsReadSettings } from './read-settings.ts';
import { samplesLatestSql } from './samples.ts';
import type { QueryWindow } from './window.ts';

/**
 * The presence read: which groups have points in the window, and the newest of them, a light pass
 * over timestamps only. The series cut (past the series limit) keeps the first groups that have
 * points, so groups with none in the window never take a place in the answer.
 */
export function presenceRead(
  q: Pick<MetricsQuery, 'name'>,
  w: QueryWindow,
  ids: readonly bigint[] | undefined,
  plan: PresencePlan,
) {
  const p = new ParamBuilder();
  const series = seriesCondition(q.name, ids, p);
  const sql =
    plan.source === 'minute-rows' && w.minutes !== undefined
      ? minuteRowsLatestSql({ ...w, minutes: w.minutes }, series, p)
      : samplesLatestSql(w, series, p);
  return { sql, params: p.params, settings: metricsReadSettings(plan.oneThread) };
}

/** Per group index, the newest point in the window (ms), for the groups that have any. */
export async function readPresence(
  db: Db,
  r: {
    q: MetricsQuery;
    window: QueryWindow;
    index: GroupIndex;
    ids: readonly bigint[] | undefined;
    plan: PresencePlan;
  },
  signal?: AbortSignal,
): Promise<Map<number, number>> {
  const rows = await queryCompact(db, {
    ...presenceRead(r.q, r.window, r.ids, r.plan),
    tag: 'metrics.presence',
    signal,
    map: ([id, latest]) => [r.index.groupOfId.get(String(id)), Number(latest)] as const,
  });
  const latest = new Map<number, number>();
  for (const [g, ms] of rows) if (g !== undefined) latest.set(g, Math.max(latest.get(g) ?? ms, ms));
  return latest;
}
