import type { ProjectParams } from '@spanhouse/db';
import { TABLES } from '@spanhouse/db/tables';
import { fromProject } from './project.ts';

/*
 * `trace_day_writes_v2` (clickhouse/0011, 0021, SummingMergeTree on (project_id, date, id)): per
 * trace of a project, the dates its pieces carried and how many pieces, filled by a view on the
 * traces table; never written directly.
 */

/** Every date's count of the project's trace pieces written (rows: date, n). */
export const dayWriteCountsSql = (p: ProjectParams) =>
  `SELECT date, sum(rows) AS n ${fromProject(TABLES.traceDayWrites, p)} GROUP BY date`;

/**
 * Every date any piece of the project's traces written on one of `dates` carried (rows: date).
 * GLOBAL: on a cluster the ids are gathered once and sent to every shard.
 */
export const datesOfTracesWrittenOnSql = (dates: readonly string[], p: ProjectParams) => `
  SELECT DISTINCT date ${fromProject(TABLES.traceDayWrites, p)}
  AND id GLOBAL IN (SELECT id ${fromProject(TABLES.traceDayWrites, p)} AND date IN ${p.add(dates, 'Array(Date)')})`;
