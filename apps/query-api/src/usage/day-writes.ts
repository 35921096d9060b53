import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import { datesOfTracesWrittenOnSql, dayWriteCountsSql } from '@spanhouse/store';

/** Pieces written per UTC date of their timestamp (clickhouse/0011); each count only ever grows. */
export type DayWrites = { byDate: Map<string, number>; total: number };

/** Every date's count of the project's trace pieces written. One small read: a row per date. */
export async function readDayWrites(db: Db, project: string, signal?: AbortSignal): Promise<DayWrites> {
  const p = new ProjectParams(project);
  const rows = await queryRows(db, {
    sql: dayWriteCountsSql(p),
    params: p.params,
    tag: 'daily.writes',
    signal,
    map: (r) => [String(r.date), Number(r.n)] as const,
  });
  return { byDate: new Map(rows), total: rows.reduce((n, [, c]) => n + c, 0) };
}

/**
 * The days whose report a piece written on one of `dates` can have changed: every date any piece
 * of those pieces' traces carried. That covers the trace's day before the write (the earliest of
 * its pieces' dates) and after it (the new piece's date, if earlier).
 */
export function daysTouchedBy(db: Db, project: string, dates: string[], signal?: AbortSignal): Promise<string[]> {
  const p = new ProjectParams(project);
  return queryRows(db, {
    sql: datesOfTracesWrittenOnSql(dates, p),
    params: p.params,
    tag: 'daily.touched',
    signal,
    map: (r) => String(r.date),
  });
}
