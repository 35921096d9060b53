import type { ParamBuilder } from '@spanhouse/db';
import { TABLES } from '@spanhouse/db/tables';

/*
 * `trace_day_writes` (clickhouse/0011, SummingMergeTree on (date, id)): per trace id, the dates its
 * pieces carried and how many pieces, filled by a view on `traces`; never written directly.
 */

/** Every date's count of trace pieces written (rows: date, n). */
export const dayWriteCountsSql = () => `SELECT date, sum(rows) AS n FROM ${TABLES.traceDayWrites} GROUP BY date`;

/**
 * Every date any piece of the traces written on one of `dates` carried (rows: date). GLOBAL: on a
 * cluster the ids are gathered once and sent to every shard.
 */
export const datesOfTracesWrittenOnSql = (dates: readonly string[], p: ParamBuilder) => `
  SELECT DISTINCT date FROM ${TABLES.traceDayWrites}
  WHERE id GLOBAL IN (SELECT id FROM ${TABLES.traceDayWrites} WHERE date IN ${p.add(dates, 'Array(Date)')})`;
