import { ProjectParams } from '@spanhouse/db';
import { badRequest, validate } from '@spanhouse/http';
import { IsoDateTime, isoToMicros } from '@spanhouse/schema';
import * as v from 'valibot';
import { type Column, type ColumnTable, columnOf, conditionSql, FilterError } from '../filter/columns.ts';
import { Condition, MAX_CONDITIONS } from '../filter/conditions.ts';
import { One } from '../query-params.ts';
import { rowColumn, type View } from './view-model.ts';
import { VIEWS } from './views.ts';

/*
 * The `query` parameter of GET /api/public/metrics: Langfuse's Metrics API v1 query object, as JSON
 * (docs/langfuse.md). Checked here against the view's dimensions and measures, so that what the
 * view does not have is a 400 naming it before any read.
 */

export const AGGREGATIONS = [
  'sum',
  'avg',
  'count',
  'max',
  'min',
  'p50',
  'p75',
  'p90',
  'p95',
  'p99',
  'uniq',
  'histogram',
] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];
export const GRANULARITIES = ['auto', 'minute', 'hour', 'day', 'week', 'month'] as const;
export type Granularity = Exclude<(typeof GRANULARITIES)[number], 'auto'>;

/** A histogram's bins without `config.bins`, and the bound on it: Langfuse's. */
export const DEFAULT_BINS = 10;
export const MAX_BINS = 100;

/** Rows an answer holds at most, and without `config.row_limit`: Langfuse's bound on row_limit. */
export const MAX_ROWS = 1000;
/** Past this many characters the parameter is refused: a query of every dimension and metric fits well within it. */
export const MAX_QUERY_CHARS = 100_000;

const Name = v.pipe(v.string('must be a string'), v.minLength(1, 'must not be empty'), v.maxLength(256));

const QueryObject = v.object({
  view: Name,
  dimensions: v.optional(v.array(v.object({ field: Name }), 'must be an array of {field}'), []),
  metrics: v.pipe(
    v.array(v.object({ measure: Name, aggregation: Name }), 'must be an array of {measure, aggregation}'),
    v.minLength(1, 'must name at least one metric'),
  ),
  filters: v.optional(
    v.pipe(
      v.array(Condition, 'must be an array of {column, operator, value, type, key?}'),
      v.maxLength(MAX_CONDITIONS, `must have at most ${MAX_CONDITIONS} conditions`),
    ),
    [],
  ),
  timeDimension: v.nullish(
    v.object({ granularity: v.picklist(GRANULARITIES, `must be one of ${GRANULARITIES.join(', ')}`) }),
  ),
  fromTimestamp: IsoDateTime,
  toTimestamp: IsoDateTime,
  orderBy: v.nullish(v.array(v.object({ field: Name, direction: v.picklist(['asc', 'desc'], 'must be asc or desc') }))),
  config: v.optional(
    v.object({
      bins: v.optional(
        v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(1), v.maxValue(MAX_BINS)),
      ),
      row_limit: v.optional(
        v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(1), v.maxValue(MAX_ROWS)),
      ),
    }),
  ),
});

export type MetricSpec = { measure: string; aggregation: Aggregation; alias: string; usd: boolean };

/** A query checked against its view. */
export type MetricsQuery = {
  viewName: string;
  view: View;
  /** The dimensions' names, in the order asked. */
  dimensions: string[];
  metrics: MetricSpec[];
  /** The filters, each with the view's column it names. */
  filters: [Column, Condition][];
  granularity?: Granularity;
  fromUs: number;
  toUs: number;
  /** ORDER BY items over the answer's column names; empty: Langfuse's default order. */
  orderBy: { field: string; direction: 'asc' | 'desc' }[];
  rowLimit: number;
  /** The bins of every `histogram` metric. */
  bins: number;
};

/** The time dimension's name in each answer row, as Langfuse names it. */
export const TIME_DIMENSION = 'time_dimension';

const US_PER_HOUR = 3_600_000_000;

/**
 * Buckets a time dimension may have over its window: the answer fills every empty one, and the
 * engine makes all of them before the row limit applies (a minute over a century is 68 million
 * rows, seconds of CPU and hundreds of MB for one request).
 */
export const MAX_BUCKETS = 10_000;

/** A bucket's length in µs (a month as its average, for the bound only). */
const BUCKET_US: Record<Granularity, number> = {
  minute: 60_000_000,
  hour: US_PER_HOUR,
  day: 24 * US_PER_HOUR,
  week: 7 * 24 * US_PER_HOUR,
  month: 730 * US_PER_HOUR,
};

/** Langfuse's `auto`: about fifty buckets over the window. */
function autoGranularity(fromUs: number, toUs: number): Granularity {
  const hours = (toUs - fromUs) / US_PER_HOUR;
  if (hours < 2) return 'minute';
  if (hours < 72) return 'hour';
  if (hours < 1440) return 'day';
  if (hours < 8760) return 'week';
  return 'month';
}

/** An issue of the query object as a 400's message: where it is (`query.filters[0].operator`) and what. */
function issueMessage(issue: v.BaseIssue<unknown>): string {
  let where = 'query';
  for (const item of issue.path ?? []) where += typeof item.key === 'number' ? `[${item.key}]` : `.${String(item.key)}`;
  if (!issue.path?.length && issue.kind === 'schema' && issue.type === 'object')
    return `${where} must be a JSON object`;
  const missing = issue.type === 'object' && issue.received === 'undefined';
  return `${where}: ${missing ? 'is required' : issue.message}`;
}

const oneOf = (what: string, name: string, known: Iterable<string>) =>
  badRequest(`query: unknown ${what} "${name}"; one of ${[...known].join(', ')}`);

/** The `query` parameter as a checked query, or a 400 naming what is wrong. */
export function parseMetricsQuery(raw: unknown): MetricsQuery {
  if (raw === undefined) throw badRequest('query is required: the query object as JSON');
  const text = validate(v.pipe(One('query'), v.maxLength(MAX_QUERY_CHARS)), raw, 'query');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest('query must be JSON: {view, metrics, fromTimestamp, toTimestamp, dimensions?, filters?, ...}');
  }
  const parsed = v.safeParse(QueryObject, json);
  if (!parsed.success) throw badRequest(issueMessage(parsed.issues[0]));
  const q = parsed.output;
  const view = Object.hasOwn(VIEWS, q.view) ? VIEWS[q.view] : undefined;
  if (!view) throw badRequest(`query.view "${q.view}" is not one of ${Object.keys(VIEWS).join(', ')}`);
  for (const { field } of q.dimensions) {
    if (!Object.hasOwn(view.dimensions, field)) throw oneOf(`dimension`, field, Object.keys(view.dimensions));
  }
  const asked = q.metrics.filter(
    (m, i) => q.metrics.findIndex((n) => n.measure === m.measure && n.aggregation === m.aggregation) === i,
  );
  const metrics = asked.map(({ measure, aggregation }): MetricSpec => {
    if (!Object.hasOwn(view.measures, measure)) throw oneOf('measure', measure, Object.keys(view.measures));
    if (!(AGGREGATIONS as readonly string[]).includes(aggregation)) {
      throw badRequest(`query: unknown aggregation "${aggregation}"; one of ${AGGREGATIONS.join(', ')}`);
    }
    return {
      measure,
      aggregation: aggregation as Aggregation,
      alias: `${aggregation}_${measure}`,
      usd: view.measures[measure]!.usd === true && !['count', 'uniq', 'histogram'].includes(aggregation),
    };
  });
  const fromUs = isoToMicros(q.fromTimestamp)!;
  const toUs = isoToMicros(q.toTimestamp)!;
  if (fromUs >= toUs) throw badRequest('query: fromTimestamp must be before toTimestamp');
  const granularity = q.timeDimension
    ? q.timeDimension.granularity === 'auto'
      ? autoGranularity(fromUs, toUs)
      : q.timeDimension.granularity
    : undefined;
  if (granularity) {
    const buckets = Math.ceil((toUs - fromUs) / BUCKET_US[granularity]);
    if (buckets > MAX_BUCKETS) {
      throw badRequest(
        `query.timeDimension: the window holds about ${buckets} ${granularity} buckets, more than ${MAX_BUCKETS}; choose a coarser granularity or a shorter window`,
      );
    }
  }

  const table: ColumnTable = {
    what: `${q.view} view`,
    columns: Object.entries(view.dimensions).map(([id, d]) => ({
      id,
      name: id,
      type: d.type,
      sql:
        d.type === 'arrayOptions'
          ? { kind: 'array', expr: rowColumn(id) }
          : { kind: 'value', expr: rowColumn(id), ...(d.time ? { time: 'datetime' as const } : {}) },
    })),
    refused: [],
  };
  let filters: [Column, Condition][];
  try {
    filters = q.filters.map((c, i) => [columnOf(table, c, `query.filters[${i}]`), c]);
    // Compiled once now so that a condition that cannot become SQL is this request's 400.
    for (const [column, c] of filters) conditionSql(column, c, new ProjectParams('filter-check'));
  } catch (err) {
    if (err instanceof FilterError) throw badRequest(err.message);
    throw err;
  }

  const dimensions = [...new Set(q.dimensions.map((d) => d.field))];
  const answerColumns = new Set([
    ...dimensions,
    ...metrics.map((m) => m.alias),
    ...(granularity ? [TIME_DIMENSION] : []),
  ]);
  for (const { field } of q.orderBy ?? []) {
    if (!answerColumns.has(field)) {
      throw badRequest(`query.orderBy: field "${field}" is not in the answer; one of ${[...answerColumns].join(', ')}`);
    }
  }
  return {
    viewName: q.view,
    view,
    dimensions,
    metrics,
    filters,
    ...(granularity ? { granularity } : {}),
    fromUs,
    toUs,
    orderBy: q.orderBy ?? [],
    rowLimit: q.config?.row_limit ?? MAX_ROWS,
    bins: q.config?.bins ?? DEFAULT_BINS,
  };
}
