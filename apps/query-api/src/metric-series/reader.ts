import { type Db, type ParamBuilder, ProjectParams, queryRows } from '@spanhouse/db';
import { METRIC_LABEL_LIMITS } from '@spanhouse/schema';
import { fromProject, seriesWithPointsCondition, TABLES } from '@spanhouse/store';
import { type Labels, prometheusLabels, storedLabels } from './labels.ts';
import { literalAlternatives } from './literal-alternatives.ts';
import { seriesWithPointsIn, type TimeRange } from './points-in-range.ts';
import type { MetricLoader } from './series-cache.ts';
import type { Candidate, SeriesInfo, SeriesSource } from './series-source.ts';

/*
 * Every read of the series table (metric_series: a row per series, its name and labels), for the
 * native metrics API (the series of a query, their labels, the metric names, the label
 * suggestions) and for PromQL and the Prometheus HTTP API (series by matchers, label names and
 * values), each of one project (every read starts with fromProject). Each view of an empty label
 * value is labels.ts's rule.
 */

/** The series table of the project `p` reads (FINAL folds re-sent series rows). */
const series = (p: ProjectParams, opts: { final?: boolean; prewhere?: boolean } = { final: true }) =>
  fromProject(TABLES.metricSeries, p, opts);

/** Label sets read per query of labelsOf: at most 64 labels of 1,152 characters each per set. */
export const LABEL_PAGE_SERIES = 64;

/** The conditions of the series table for the metric and a label filter (containment). */
function seriesConditions(name: string, labels: Labels, p: ProjectParams): { byName: string; all: string } {
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
export function candidatesSql(q: { name: string; labels: Labels; groupBy?: string }, p: ProjectParams): string {
  const where = seriesConditions(q.name, q.labels, p);
  const value =
    q.groupBy === undefined
      ? ''
      : (() => {
          const key = p.add(q.groupBy, 'String');
          return `, if(mapContains(labels, ${key}), labels[${key}], '') AS value`;
        })();
  // Without a label filter every row is counted anyway: the total is the row count.
  const total = where.all === where.byName ? 'count() OVER ()' : `(SELECT count() ${series(p)} AND ${where.byName})`;
  return `SELECT toString(series_id) AS id${value}, ${total} AS total ${series(p)} AND ${where.all}`;
}

/**
 * The labels of some series of a metric. `series_id` follows `name` in the table's key and the ids
 * go sorted, so a page reads the few granules that hold them; the filter names key columns only,
 * so as PREWHERE it is exact under FINAL and spares reading the labels of other rows.
 */
export function labelsSql(name: string, ids: readonly bigint[], p: ProjectParams): string {
  return `SELECT toString(series_id) AS id, labels ${series(p, { final: true, prewhere: true })}
    AND name = ${p.add(name, 'String')} AND series_id IN ${p.add(ids, 'Array(UInt64)')}`;
}

/** One row of labelsSql (or of the cache's full read) to a series, its labels as stored. */
export function toSeriesInfo(r: Record<string, unknown>): SeriesInfo {
  return { id: String(r.id), labels: storedLabels(r.labels) };
}

/** The series table of one metric of a project as a SeriesSource. */
export function sqlSource(db: Db, project: string, name: string, signal?: AbortSignal): SeriesSource {
  return {
    async candidates(q) {
      const p = new ProjectParams(project);
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
        const p = new ProjectParams(project);
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

/** What the series cache reads of a metric of a project: its size, then all its series (series-cache.ts). */
export function metricLoader(db: Db, project: string, name: string, signal?: AbortSignal): MetricLoader {
  const byName = (p: ProjectParams) => `${series(p)} AND name = ${p.add(name, 'String')}`;
  return {
    async size() {
      const p = new ProjectParams(project);
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
      const p = new ProjectParams(project);
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

/**
 * Every stored metric name of a project, sorted (byte order of UTF-8, i.e. code-point order); a
 * metric whose every series has all its points deleted (delete_series) is left out, as the
 * Prometheus API's label values leave it out.
 */
export async function metricNames(db: Db, project: string, signal?: AbortSignal): Promise<string[]> {
  const p = new ProjectParams(project);
  return queryRows(db, {
    sql: `SELECT DISTINCT name ${series(p, {})} AND ${seriesWithPointsCondition()} ORDER BY name`,
    params: p.params,
    tag: 'metrics.names',
    signal,
    map: (r) => String(r.name),
  });
}

/** One (key, value) pair of a metric's stored series, with the counts around it. */
export type LabelPairRow = {
  key: string;
  value: string;
  /** Series with this key and value. */
  series: number;
  /** Series with this key. */
  keySeries: number;
  /** Distinct values of this key. */
  valuesTotal: number;
  /** Distinct keys of the metric. */
  keysTotal: number;
  /** Series of the metric. */
  metricSeries: number;
};

export function fromLabelRow(r: Record<string, unknown>): LabelPairRow {
  return {
    key: String(r.key),
    value: String(r.value),
    series: Number(r.series),
    keySeries: Number(r.key_series),
    valuesTotal: Number(r.values_total),
    keysTotal: Number(r.keys_total),
    metricSeries: Number(r.metric_series),
  };
}

/**
 * The label keys of a metric's stored series with their most common values (by number of
 * series), as stored (the native view): every key and value ever stored for the metric, no time
 * range, but for series whose every point is deleted (delete_series: a series deleted for the
 * values its labels hold must stop being suggested). Keys on the most series are kept when there
 * are more than `limits.keys`; each key keeps its `limits.valuesPerKey` most common values. Also
 * the number of series of the metric.
 */
export async function labelPairs(
  db: Db,
  project: string,
  name: string,
  signal?: AbortSignal,
  limits: { keys: number; valuesPerKey: number } = METRIC_LABEL_LIMITS,
): Promise<{ rows: LabelPairRow[]; metricSeries: number }> {
  const p = new ProjectParams(project);
  const metric = p.add(name, 'String');
  // Window levels: counts per key, then the keys' rank by series, then the number of keys.
  // uniqExact(series_id) counts a series once while its re-sent rows are not merged yet.
  const kept = seriesWithPointsCondition();
  const rows = await queryRows(db, {
    sql: `
      SELECT key, value, series, key_series, values_total, keys_total,
        (SELECT uniqExact(series_id) ${series(p, {})} AND name = ${metric} AND ${kept}) AS metric_series
      FROM (
        SELECT *, max(key_rank) OVER () AS keys_total
        FROM (
          SELECT *, dense_rank() OVER (ORDER BY key_series DESC, key ASC) AS key_rank
          FROM (
            SELECT key, value, series,
              sum(series) OVER (PARTITION BY key) AS key_series,
              count() OVER (PARTITION BY key) AS values_total
            FROM (
              SELECT key, value, uniqExact(series_id) AS series
              ${fromProject(TABLES.metricSeries, p, { arrayJoin: 'mapKeys(labels) AS key, mapValues(labels) AS value' })}
              AND name = ${metric} AND ${kept}
              GROUP BY key, value
            )
          )
        )
      )
      WHERE key_rank <= ${p.add(limits.keys, 'UInt32')}
      ORDER BY key ASC, series DESC, value ASC
      LIMIT ${p.add(limits.valuesPerKey, 'UInt32')} BY key`,
    params: p.params,
    tag: 'metrics.labels',
    signal,
    map: fromLabelRow,
  });
  const cp = new ProjectParams(project);
  const metricSeries =
    rows[0]?.metricSeries ??
    (
      await queryRows(db, {
        sql: `SELECT uniqExact(series_id) AS n ${series(cp, {})} AND name = ${cp.add(name, 'String')} AND ${kept}`,
        params: cp.params,
        tag: 'metrics.labels.count',
        signal,
        map: (r) => Number(r.n),
      })
    )[0] ??
    0;
  return { rows, metricSeries };
}

/** A label matcher of PromQL (`{k="v"}`, `!=`, `=~`, `!~`; `__name__` is the metric name). */
export type LabelMatcher = { name: string; op: '=' | '!=' | '=~' | '!~'; value: string };

/** A stored series as PromQL sees it: its labels without empty values, and `__name__`. */
export type PromSeries = { id: string; name: string; labels: Labels };

/**
 * A matcher's regex for ClickHouse's `match`, as Prometheus compiles it: anchored (`^(?:re)$`),
 * and with `.` not matching a line break, as in Go's regexp, where the engine's default has it
 * match one (`(?-s)`; a `(?s)` in the pattern still turns it on).
 */
export const anchoredRe2 = (re: string) => `(?-s)^(?:${re})$`;

/**
 * The condition of one matcher on the series table. `__name__` is the `name` column; other labels
 * read `labels[k]`, which is '' for a missing key: Prometheus' rule that an empty value means "no
 * such label" (`{k=""}` matches series without k). Regexes are anchored as Prometheus anchors
 * them (anchoredRe2) and run by ClickHouse's `match`, RE2 like Go's regexp (regexSql).
 */
export function matcherSql(m: LabelMatcher, p: ProjectParams): string {
  const column = m.name === '__name__' ? 'name' : `labels[${p.add(m.name, 'String')}]`;
  switch (m.op) {
    case '=':
      return `${column} = ${p.add(m.value, 'String')}`;
    case '!=':
      return `${column} != ${p.add(m.value, 'String')}`;
    case '=~':
    case '!~':
      return regexSql(column, m.op, m.value, p);
  }
}

/**
 * `column` against a regex matcher's pattern, anchored: a set test for an alternation of literals
 * (a Grafana variable's values, literalAlternatives), ClickHouse's `match` otherwise.
 */
export function regexSql(column: string, op: '=~' | '!~', pattern: string, p: ParamBuilder): string {
  const not = op === '!~' ? 'NOT ' : '';
  const literals = literalAlternatives(pattern);
  if (literals) return `${not}${column} IN ${p.add(literals, 'Array(String)')}`;
  return `${not}match(${column}, ${p.add(anchoredRe2(pattern), 'String')})`;
}

/** Selectors ORed into one query of seriesByAnyMatchers: bounds a query's text and parameters. */
export const SELECTORS_PER_QUERY = 50;

/**
 * How a lookup of series is bounded. `limit` and `range` as seriesByAnyMatchers says. `evaluation`:
 * for a read of the series' points, which finds none for a series whose every point is deleted:
 * such series are not left out by the lookup (seriesWithPointsCondition, a read of the points of
 * every deleted series, cost each PromQL selector its time again), as the points read drops them.
 */
export type SeriesLookup = { signal?: AbortSignal; limit?: number; range?: TimeRange; evaluation?: boolean };

/** The stored series of a project matching every matcher, in the PromQL view (prometheusLabels with `__name__`). */
export async function seriesByMatchers(
  db: Db,
  project: string,
  matchers: readonly LabelMatcher[],
  opts: SeriesLookup = {},
): Promise<PromSeries[]> {
  return seriesByAnyMatchers(db, project, [matchers], opts);
}

/**
 * The stored series of a project matching any of the selectors (each a list of matchers, all of
 * which must match), each once, in the PromQL view; with `range`, only those with a point in it
 * (seriesWithPointsIn). Up to SELECTORS_PER_QUERY selectors are read by one query, their
 * conditions ORed: the series endpoint's `match[]` can be hundreds, and a query per selector cost
 * a chDB round trip each (300 took 4.5 s on 3,000 series). Not all in one query: ClickHouse's
 * cost grows faster than the number of ORed terms (300 in one query 2 s, 50 at a time 0.36 s in
 * all).
 */
export async function seriesByAnyMatchers(
  db: Db,
  project: string,
  selectors: readonly (readonly LabelMatcher[])[],
  opts: SeriesLookup = {},
): Promise<PromSeries[]> {
  const byId = new Map<string, PromSeries>();
  const listed = opts.evaluation ? '' : ` AND ${seriesWithPointsCondition()}`;
  for (let i = 0; i < selectors.length; i += SELECTORS_PER_QUERY) {
    const p = new ProjectParams(project);
    const any = selectors
      .slice(i, i + SELECTORS_PER_QUERY)
      .map((matchers) => `(${matchers.length === 0 ? '1' : matchers.map((m) => matcherSql(m, p)).join(' AND ')})`)
      .join(' OR ');
    const inRange = opts.range ? ` AND ${seriesWithPointsIn(opts.range, p)}` : '';
    const limit = opts.limit === undefined ? '' : ` LIMIT ${p.add(opts.limit, 'UInt32')}`;
    const rows = await queryRows(db, {
      sql: `SELECT toString(series_id) AS id, name, labels ${series(p)}${listed} AND (${any})${inRange}${limit}`,
      params: p.params,
      tag: 'prometheus.series',
      signal: opts.signal,
      map: (r): PromSeries => {
        const name = String(r.name);
        const labels = prometheusLabels(r.labels);
        labels.__name__ = name;
        return { id: String(r.id), name, labels };
      },
    });
    for (const r of rows) byId.set(r.id, r);
  }
  return [...byId.values()];
}

/**
 * Every label name of a project's stored series in the PromQL view (a name only ever given "" is
 * absent), sorted; with `range`, of the series with a point in it.
 */
export async function promLabelNames(
  db: Db,
  project: string,
  range: TimeRange | undefined,
  signal?: AbortSignal,
): Promise<string[]> {
  const p = new ProjectParams(project);
  const inRange = range ? ` AND ${seriesWithPointsIn(range, p)}` : '';
  return queryRows(db, {
    sql: `
      SELECT DISTINCT k ${fromProject(TABLES.metricSeries, p, { arrayJoin: 'mapKeys(labels) AS k, mapValues(labels) AS v' })}
      AND v != '' AND ${seriesWithPointsCondition()}${inRange} ORDER BY k`,
    params: p.params,
    tag: 'prometheus.labels',
    signal,
    map: (r) => String(r.k),
  });
}

/**
 * Every value of a label (`__name__`: the metric names) of a project's stored series, "" left
 * out, sorted; with `range`, of the series with a point in it.
 */
export async function promLabelValues(
  db: Db,
  project: string,
  name: string,
  range: TimeRange | undefined,
  signal?: AbortSignal,
): Promise<string[]> {
  const p = new ProjectParams(project);
  const column = name === '__name__' ? 'name' : `labels[${p.add(name, 'String')}]`;
  const inRange = range ? ` AND ${seriesWithPointsIn(range, p)}` : '';
  return queryRows(db, {
    sql: `SELECT DISTINCT ${column} AS v ${series(p, {})} AND v != '' AND ${seriesWithPointsCondition()}${inRange} ORDER BY v`,
    params: p.params,
    tag: 'prometheus.label_values',
    signal,
    map: (r) => String(r.v),
  });
}
