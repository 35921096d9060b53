import { type Db, ProjectParams, queryCompact } from '@spanhouse/db';
import { seriesCondition } from './filters.ts';
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
  project: string,
  q: Pick<MetricsQuery, 'name'>,
  w: QueryWindow,
  ids: readonly bigint[] | undefined,
  plan: PresencePlan,
) {
  const p = new ProjectParams(project);
  const series = seriesCondition(q.name, ids, p);
  const sql =
    plan.source === 'minute-rows' && w.minutes !== undefined
      ? minuteRowsLatestSql({ ...w, minutes: w.minutes }, series, p)
      : samplesLatestSql(w, series, p);
  return { sql, params: p.params, settings: metricsReadSettings(plan.oneThread) };
}

/**
 * Per series id, its newest point in the window (ms), for the series that have any (`ids`
 * undefined: every series of the metric, orphan samples included: callers keep the ids they know).
 */
export async function readPresence(
  db: Db,
  project: string,
  r: { q: MetricsQuery; window: QueryWindow; ids: readonly bigint[] | undefined; plan: PresencePlan },
  signal?: AbortSignal,
): Promise<Map<string, number>> {
  const rows = await queryCompact(db, {
    ...presenceRead(project, r.q, r.window, r.ids, r.plan),
    tag: 'metrics.presence',
    signal,
    map: ([id, latest]) => [String(id), Number(latest)] as const,
  });
  return new Map(rows);
}
