import { type Db, ParamBuilder, queryRows, TABLES } from '@spanhouse/db';
import { type Candidate, type Labels, labelSet, type SeriesInfo } from '../metrics/groups.ts';
import type { MetricLoader } from './series-cache.ts';
import type { SeriesSource } from './series-source.ts';

/** Label sets read per query of labelsOf: at most 64 labels of 1,152 characters each per set. */
export const LABEL_PAGE_SERIES = 64;

/** The conditions of the series table for the metric and a label filter (containment). */
function seriesConditions(name: string, labels: Labels, p: ParamBuilder): { byName: string; all: string } {
  const byName = `name = ${p.add(name, 'String')}`;
  const conditions = [byName];
  for (const [k, v] of Object.entries(labels)) {
    const key = p.add(k, 'String');
    conditions.push(`mapContains(labels, ${key}) AND labels[${key}] = ${p.add(v, 'String')}`);
  }
  return { byName, all: conditions.join(' AND ') };
}

/**
 * The series of a metric whose labels contain every pair of `labels`, as ids (with group_by, with
 * the group's label value: '' for series lacking it), each row also carrying `total`, the number
 * of series of the metric whatever the labels. Label sets stay in ClickHouse.
 */
export function candidatesSql(q: { name: string; labels: Labels; groupBy?: string }, p: ParamBuilder): string {
  const where = seriesConditions(q.name, q.labels, p);
  const value =
    q.groupBy === undefined
      ? ''
      : (() => {
          const key = p.add(q.groupBy, 'String');
          return `, if(mapContains(labels, ${key}), labels[${key}], '') AS value`;
        })();
  // Without a label filter every row is counted anyway: the total is the row count.
  const total =
    where.all === where.byName
      ? 'count() OVER ()'
      : `(SELECT count() FROM ${TABLES.metricSeries} FINAL WHERE ${where.byName})`;
  return `SELECT toString(series_id) AS id${value}, ${total} AS total FROM ${TABLES.metricSeries} FINAL WHERE ${where.all}`;
}

/**
 * The labels of some series of a metric. `series_id` follows `name` in the table's key and the ids
 * go sorted, so a page reads the few granules that hold them; the filter names key columns only,
 * so as PREWHERE it is exact under FINAL and spares reading the labels of other rows.
 */
export function labelsSql(name: string, ids: readonly bigint[], p: ParamBuilder): string {
  return `SELECT toString(series_id) AS id, labels FROM ${TABLES.metricSeries} FINAL
    PREWHERE name = ${p.add(name, 'String')} AND series_id IN ${p.add(ids, 'Array(UInt64)')}`;
}

/** One row of labelsSql (or of the cache's full read) to a series. */
export function toSeriesInfo(r: Record<string, unknown>): SeriesInfo {
  return { id: String(r.id), labels: stringRecord(r.labels) };
}

/** The series table of one metric as a SeriesSource. */
export function sqlSource(db: Db, name: string, signal?: AbortSignal): SeriesSource {
  return {
    async candidates(q) {
      const p = new ParamBuilder();
      let total = 0;
      const series = await queryRows(db, {
        sql: candidatesSql({ name, ...q }, p),
        params: p.params,
        tag: 'metrics.series',
        signal,
        map: (r): Candidate => {
          total = Number(r.total);
          return q.groupBy === undefined ? { id: String(r.id) } : { id: String(r.id), value: String(r.value) };
        },
      });
      return { series, total };
    },
    async labelsOf(ids, page) {
      const sorted = ids.map((id) => BigInt(id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      for (let i = 0; i < sorted.length; i += LABEL_PAGE_SERIES) {
        const p = new ParamBuilder();
        page(
          await queryRows(db, {
            sql: labelsSql(name, sorted.slice(i, i + LABEL_PAGE_SERIES), p),
            params: p.params,
            tag: 'metrics.series.labels',
            signal,
            map: toSeriesInfo,
          }),
        );
      }
    },
  };
}

function stringRecord(x: unknown): Labels {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) throw new Error('labels: expected a map');
  return labelSet(Object.entries(x).map(([k, v]) => [k, String(v)] as const));
}

/** What the series cache reads of a metric: its size, then all its series (series-cache.ts). */
export function metricLoader(db: Db, name: string, signal?: AbortSignal): MetricLoader {
  const byName = (p: ParamBuilder) => `FROM ${TABLES.metricSeries} FINAL WHERE name = ${p.add(name, 'String')}`;
  return {
    async size() {
      const p = new ParamBuilder();
      const [size] = await queryRows(db, {
        sql: `SELECT count() AS n, sum(arraySum(arrayMap(x -> length(x), mapKeys(labels))) + arraySum(arrayMap(x -> length(x), mapValues(labels)))) AS bytes ${byName(p)}`,
        params: p.params,
        tag: 'metrics.series.size',
        signal,
        map: (r) => ({ series: Number(r.n), labelBytes: Number(r.bytes) }),
      });
      return size ?? { series: 0, labelBytes: 0 };
    },
    async all() {
      const p = new ParamBuilder();
      return queryRows(db, {
        sql: `SELECT toString(series_id) AS id, labels ${byName(p)}`,
        params: p.params,
        tag: 'metrics.series',
        signal,
        map: toSeriesInfo,
      });
    },
  };
}
