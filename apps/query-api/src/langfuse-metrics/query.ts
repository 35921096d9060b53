import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import { roundCostSum } from '../cost-sum.ts';
import { conditionSql } from '../filter/columns.ts';
import { type Aggregation, type Granularity, type MetricsQuery, TIME_DIMENSION } from './params.ts';
import { rowColumn } from './view-model.ts';

/*
 * Runs a Metrics API v1 query (params.ts) as one read: the view's rows in the window, filtered,
 * grouped by the dimensions (and the time bucket), each metric an aggregate of its measure, as
 * Langfuse's query builder answers it: a metric is `<aggregation>_<measure>`, the time bucket
 * `time_dimension`; without orderBy, time ascending with the window's empty buckets filled with
 * zeros, else the first metric descending.
 */

const AGGREGATE: Record<Aggregation, (x: string, bins: string) => string> = {
  sum: (x) => `sum(${x})`,
  avg: (x) => `avg(${x})`,
  count: (x) => `count(${x})`,
  max: (x) => `max(${x})`,
  min: (x) => `min(${x})`,
  uniq: (x) => `uniq(${x})`,
  // Exact, interpolated between the two nearest values: deterministic, as every percentile here.
  p50: (x) => `quantileExactInclusive(0.5)(${x})`,
  p75: (x) => `quantileExactInclusive(0.75)(${x})`,
  p90: (x) => `quantileExactInclusive(0.9)(${x})`,
  p95: (x) => `quantileExactInclusive(0.95)(${x})`,
  p99: (x) => `quantileExactInclusive(0.99)(${x})`,
  // ClickHouse's adaptive histogram, as Langfuse takes it: at most `bins` bins of [lower, upper, height].
  histogram: (x, bins) => `histogram(${bins})(toFloat64(${x}))`,
};

/**
 * The bucket of a time, as Langfuse's query builder takes it: a DateTime for minutes and hours, a
 * Date for days, weeks (from Monday) and months, all in UTC.
 */
const BUCKET: Record<Granularity, { of: (t: string) => string; step: string }> = {
  minute: { of: (t) => `toStartOfMinute(toDateTime(${t}, 'UTC'))`, step: 'INTERVAL 1 MINUTE' },
  hour: { of: (t) => `toStartOfHour(toDateTime(${t}, 'UTC'))`, step: 'INTERVAL 1 HOUR' },
  day: { of: (t) => `toDate(${t}, 'UTC')`, step: 'INTERVAL 1 DAY' },
  week: { of: (t) => `toMonday(${t}, 'UTC')`, step: 'INTERVAL 1 WEEK' },
  month: { of: (t) => `toStartOfMonth(${t}, 'UTC')`, step: 'INTERVAL 1 MONTH' },
};

/** SQL identifiers of the answer: Langfuse's names, quoted (they are checked names, never input text). */
const ident = (name: string) => `\`${name}\``;

/** The read's SQL and parameters (exported for its snapshot test). */
export function metricsSql(project: string, q: MetricsQuery): { sql: string; params: Record<string, unknown> } {
  const p = new ProjectParams(project);
  const select: string[] = [];
  const groupBy: string[] = [];
  const bucket = q.granularity ? BUCKET[q.granularity] : undefined;
  if (bucket) {
    select.push(`${bucket.of(rowColumn('time'))} AS ${TIME_DIMENSION}`);
    groupBy.push(TIME_DIMENSION);
  }
  for (const d of q.dimensions) {
    select.push(`${rowColumn(d)} AS ${ident(d)}`);
    groupBy.push(ident(d));
  }
  for (const m of q.metrics) {
    const bins = m.aggregation === 'histogram' ? p.add(q.bins, 'UInt32') : '';
    select.push(`${AGGREGATE[m.aggregation](rowColumn(m.measure), bins)} AS ${ident(m.alias)}`);
  }

  const used = new Set([
    ...q.dimensions,
    ...q.metrics.map((m) => m.measure),
    ...q.filters.map(([column]) => column.id),
  ]);
  const rows = q.view.rows(p, q.fromUs, q.toUs, used);
  const where = q.filters.map(([column, c]) => conditionSql(column, c, p).sql);
  let orderBy: string;
  if (q.orderBy.length > 0) {
    orderBy = q.orderBy.map((o) => `${ident(o.field)} ${o.direction.toUpperCase()}`).join(', ');
  } else if (bucket) {
    const edge = (us: number) => bucket.of(`fromUnixTimestamp64Micro(${p.add(us, 'Int64')}, 'UTC')`);
    orderBy = `${TIME_DIMENSION} ASC WITH FILL FROM ${edge(q.fromUs)} TO ${edge(q.toUs)} STEP ${bucket.step}`;
  } else {
    orderBy = `${ident(q.metrics[0]!.alias)} DESC`;
  }
  // Ties (and the dimensions under a time order) in a stable order, so that pages repeat.
  const ties = groupBy.filter((g) => !q.orderBy.some((o) => ident(o.field) === g || o.field === g));
  const sql = `
    SELECT ${select.join(',\n      ')}
    FROM (${rows})
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ${groupBy.length ? `GROUP BY ${groupBy.join(', ')}` : ''}
    ORDER BY ${[orderBy, ...(bucket && q.orderBy.length === 0 ? [] : ties)].join(', ')}
    LIMIT ${p.add(q.rowLimit, 'UInt32')}`;
  return { sql, params: p.params };
}

/** A number of the engine's JSON (64-bit integers come quoted), null kept. */
const numberOf = (x: unknown) => (x === null || x === undefined ? null : Number(x));

/** A histogram of the engine's JSON (an array of [lower, upper, height]) with its numbers as numbers. */
const histogramOf = (x: unknown) => (Array.isArray(x) ? x.map((bin) => (bin as unknown[]).map(Number)) : []);

/** A bucket as Langfuse answers it: a date (`2026-03-01`) for days and longer, else an ISO time in UTC. */
const bucketText = (x: unknown) => {
  const s = String(x);
  return s.length === 10 ? s : `${s.replace(' ', 'T')}Z`;
};

/** GET /api/public/metrics: the rows of a query, each its dimensions and metrics by name. */
export async function runLangfuseMetrics(
  db: Db,
  project: string,
  q: MetricsQuery,
  signal?: AbortSignal,
): Promise<{ data: Record<string, unknown>[] }> {
  const { sql, params } = metricsSql(project, q);
  const data = await queryRows(db, {
    sql,
    params,
    tag: `langfuse_metrics.${q.viewName}`,
    signal,
    map: (r) => {
      const out: Record<string, unknown> = {};
      if (q.granularity) out[TIME_DIMENSION] = bucketText(r[TIME_DIMENSION]);
      for (const d of q.dimensions) out[d] = r[d];
      for (const m of q.metrics) {
        if (m.aggregation === 'histogram') {
          out[m.alias] = histogramOf(r[m.alias]);
          continue;
        }
        const n = numberOf(r[m.alias]);
        out[m.alias] = m.usd && n !== null ? roundCostSum(n) : n;
      }
      return out;
    },
  });
  return { data };
}
