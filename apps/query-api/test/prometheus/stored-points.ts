import type { Db } from '@spanhouse/db';
import { microsToCh } from '@spanhouse/schema';
import { encodeSeriesTsv, NONFINITE_COLUMNS, SAMPLE_COLUMNS, SERIES_COLUMNS, TABLES } from '@spanhouse/store';

/** A point: time in milliseconds, value. */
export type Point = [number, number];

/** Series and points of the default project written straight into the metric tables of `db`. */
export function storedPoints(db: Db) {
  return {
    async insertSeries(rows: [string, string, Record<string, string>][]) {
      await db.insertText({
        table: TABLES.metricSeries,
        columns: SERIES_COLUMNS,
        format: 'TabSeparated',
        text: encodeSeriesTsv(
          rows.map(([name, id, labels]) => ({ project_id: 'spanhouse', name, series_id: id, labels })),
        ),
      });
    },

    /** One insert (one part) of finite points, and the non-finite ones (staleness markers flagged). */
    async insertPoints(name: string, id: string, points: Point[], stale: number[] = []) {
      const ts = (t: number) => microsToCh(t * 1000);
      const finite = points.filter(([, v]) => Number.isFinite(v));
      const other = points.filter(([, v]) => !Number.isFinite(v)).map(([t, v]): [number, number, number] => [t, v, 0]);
      for (const t of stale) other.push([t, Number.NaN, 1]);
      if (finite.length > 0)
        await db.insertText({
          table: TABLES.metricSamples,
          columns: SAMPLE_COLUMNS,
          format: 'TabSeparated',
          text: finite.map(([t, v]) => `spanhouse\t${name}\t${id}\t${ts(t)}\t${v}\t0\n`).join(''),
        });
      if (other.length > 0)
        await db.insertText({
          table: TABLES.metricNonFinite,
          columns: NONFINITE_COLUMNS,
          format: 'TabSeparated',
          text: other
            .map(
              ([t, v, s]) =>
                `spanhouse\t${name}\t${id}\t${ts(t)}\t${Number.isNaN(v) ? 'nan' : v > 0 ? 'inf' : '-inf'}\t${s}\t0\n`,
            )
            .join(''),
        });
    },
  };
}
