import { TABLES } from '@spanhouse/db/tables';
import { latest } from './versioned.ts';

/*
 * `metric_minute_rollups_v2` (clickhouse/0005, 0006, 0021): filled by a materialized view from
 * metric_samples, never written directly. Per series and minute: the point count (`rows`), sum,
 * min, max, the last value with its time (`last`, a (time, value) tuple merged by max, as the
 * versioned fields are), its time alone (`last_ts`) and the set of seconds that held points.
 */
export const METRIC_MINUTES = {
  table: TABLES.metricMinutes,
  /** The columns a bucket read takes, under the names it uses. */
  select: `series_id, minute, rows AS r, seconds AS sec, sum AS s, min AS mn, max AS mx, ${latest('last')} AS lv, last_ts AS lt`,
} as const;
