import { type Db, queryRows, TABLES } from '@spanhouse/db';

/** Every stored metric name, sorted (byte order of UTF-8, i.e. code-point order). */
export async function metricNames(db: Db, signal?: AbortSignal): Promise<string[]> {
  return queryRows(db, {
    sql: `SELECT DISTINCT name FROM ${TABLES.metricSeries} ORDER BY name`,
    tag: 'metrics.names',
    signal,
    map: (r) => String(r.name),
  });
}
