import type { ProjectParams } from '@spanhouse/db';
import {
  FIELD_KEYS,
  fieldExpr,
  fromProject,
  OBS_COST,
  OBS_EXPR,
  obsUsageOfKinds,
  TABLES,
  TRACE_EXPR,
} from '@spanhouse/store';
import type { ColumnType } from '../filter/columns.ts';
import { observationIdFormsSql, traceIdFormsSql } from '../otlp-id-forms.ts';

/*
 * The views of Langfuse's Metrics API v1 (GET /api/public/metrics, docs/langfuse.md): for each,
 * one row per trace or observation, its dimensions and measures as named columns, which the query
 * (query.ts) filters, groups and aggregates. Names are Langfuse's (its query data model); latencies
 * are milliseconds there, as here. Every column of a row is `c_<name>`, so that a row column never
 * shadows a stored column of the same name inside the row's own expressions.
 */

export type Dimension = {
  /** The filter's column type (filter/columns.ts). */
  type: ColumnType;
  /** `datetime` columns hold a DateTime64 in UTC. */
  time?: true;
};

export type Measure = {
  /** USD sums are rounded as every cost sum is shown. */
  usd?: true;
};

export type View = {
  dimensions: Record<string, Dimension>;
  measures: Record<string, Measure>;
  /**
   * SQL of the view's rows, each a `c_<name>` column per dimension and measure and `c_time` (the
   * time the window and the time dimension apply to), those of [fromUs, toUs] only. `used` names
   * the dimensions and measures the query reads (asked, filtered on): a view may leave out the
   * others, and what it joins only for them (the score views, as Langfuse's relation tables).
   */
  rows: (p: ProjectParams, fromUs: number, toUs: number, used: ReadonlySet<string>) => string;
};

/** The row column of a dimension, measure or the time. */
export const rowColumn = (name: string) => `c_${name}`;

const text: Dimension = { type: 'string' };
const options: Dimension = { type: 'stringOptions' };
const tags: Dimension = { type: 'arrayOptions' };
const at: Dimension = { type: 'datetime', time: true };

const micros = (p: ProjectParams, us: number) => `fromUnixTimestamp64Micro(${p.add(us, 'Int64')}, 'UTC')`;
const select = (columns: Record<string, string>) =>
  Object.entries(columns)
    .map(([name, sql]) => `${sql} AS ${rowColumn(name)}`)
    .join(',\n        ');

/**
 * SQL: the rows of `rows` (whose `c_id` is a trace or observation id) with `c_<measure>`, the number
 * of scores of each whose timestamp is in the window (their `key` column, in either OTLP form of
 * the id: `forms`), joined as Langfuse joins its scores relation: inner, so a row without such a
 * score is left out of a query that reads the measure.
 */
function withScoreCounts(
  rows: string,
  p: ProjectParams,
  fromUs: number,
  toUs: number,
  scoresOf: { key: string; forms: (id: string) => string; measure: string },
): string {
  const scores = fromProject(TABLES.scores, p, {
    final: true,
    filters: [`timestamp >= ${micros(p, fromUs)}`, `timestamp <= ${micros(p, toUs)}`],
  });
  return `
      SELECT * FROM (${rows}) AS r
      INNER JOIN (
        SELECT arrayJoin(${scoresOf.forms(scoresOf.key)}) AS score_key, uniqExact(id) AS ${rowColumn(scoresOf.measure)}
        ${scores}
        GROUP BY score_key) AS s ON r.${rowColumn('id')} = s.score_key`;
}

/**
 * The traces view's measures of the trace's observations. Langfuse computes them over its
 * observations relation, an inner join: a query that reads one leaves out the traces without
 * observations.
 */
const TRACE_OBSERVATION_MEASURES = [
  'observationsCount',
  'latency',
  'totalTokens',
  'inputTokens',
  'outputTokens',
  'totalCost',
];

/** Traces: one row per merged trace whose timestamp is in the window. */
const TRACES: View = {
  dimensions: {
    id: text,
    name: options,
    tags,
    userId: text,
    sessionId: text,
    release: text,
    version: text,
    environment: options,
    timestampMonth: text,
    timestamp: at,
  },
  measures: {
    count: {},
    observationsCount: {},
    scoresCount: {},
    uniqueUserIds: {},
    uniqueSessionIds: {},
    latency: {},
    totalTokens: {},
    inputTokens: {},
    outputTokens: {},
    totalCost: { usd: true },
  },
  rows: (p, fromUs, toUs, used) => {
    const traces = `
      SELECT ${select({
        id: 'id',
        name: TRACE_EXPR.name,
        tags: 'tags',
        userId: TRACE_EXPR.userId,
        sessionId: TRACE_EXPR.sessionId,
        release: TRACE_EXPR.release,
        version: TRACE_EXPR.version,
        environment: TRACE_EXPR.environment,
        timestampMonth: `formatDateTime(timestamp, '%Y-%m', 'UTC')`,
        timestamp: 'timestamp',
        time: 'timestamp',
        count: '1',
        observationsCount: 'length(obs_ids)',
        // Langfuse takes uniq(user_id) per trace before the metric's aggregation: 1 with a user, else 0.
        uniqueUserIds: `${TRACE_EXPR.userId} != ''`,
        uniqueSessionIds: `${TRACE_EXPR.sessionId} != ''`,
        latency: `${TRACE_EXPR.latency} * 1000`,
        totalTokens: TRACE_EXPR.usageTotal,
        inputTokens: TRACE_EXPR.usageInput,
        outputTokens: TRACE_EXPR.usageOutput,
        totalCost: TRACE_EXPR.totalCost,
      })}
      ${fromProject(TABLES.traces, p, {
        final: true,
        filters: [
          `timestamp >= ${micros(p, fromUs)}`,
          `timestamp <= ${micros(p, toUs)}`,
          ...(TRACE_OBSERVATION_MEASURES.some((m) => used.has(m)) ? ['notEmpty(obs_ids)'] : []),
        ],
      })}`;
    if (!used.has('scoresCount')) return traces;
    return withScoreCounts(traces, p, fromUs, toUs, {
      key: 'trace_id',
      forms: traceIdFormsSql,
      measure: 'scoresCount',
    });
  },
};

/** The observations view's dimensions of the observation's trace. */
const OBSERVATION_TRACE_DIMENSIONS: Record<string, Dimension> = {
  traceName: options,
  userId: text,
  sessionId: text,
  traceRelease: text,
  traceVersion: text,
  tags,
};

/**
 * Observations: one row per merged observation whose start is in the window, with its trace's
 * fields (joined by trace id). A query that reads a field of the trace joins it as Langfuse joins its
 * traces relation: inner, with the trace's timestamp in the window, so it leaves out the
 * observations whose trace is outside the window or was never sent. The environment is the observation's, else its trace's, as the
 * observation lists show it (`default` for an observation whose trace was never sent).
 */
const OBSERVATIONS: View = {
  dimensions: {
    id: text,
    traceId: text,
    parentObservationId: text,
    type: options,
    name: options,
    level: options,
    version: text,
    environment: options,
    providedModelName: options,
    promptName: text,
    promptVersion: text,
    startTimeMonth: text,
    startTime: at,
    ...OBSERVATION_TRACE_DIMENSIONS,
  },
  measures: {
    count: {},
    latency: {},
    totalTokens: {},
    inputTokens: {},
    outputTokens: {},
    totalCost: { usd: true },
    countScores: {},
  },
  rows: (p, fromUs, toUs, used) => {
    const start = OBS_EXPR.start;
    const readsTrace = Object.keys(OBSERVATION_TRACE_DIMENSIONS).some((d) => used.has(d));
    const observations = `
        SELECT trace_id, ${select({
          id: 'id',
          traceId: 'trace_id',
          parentObservationId: OBS_EXPR.parentId,
          type: OBS_EXPR.type,
          name: OBS_EXPR.name,
          level: `if(${fieldExpr(FIELD_KEYS.level)} = '', 'DEFAULT', ${fieldExpr(FIELD_KEYS.level)})`,
          version: fieldExpr(FIELD_KEYS.version),
          ownEnvironment: OBS_EXPR.environment,
          providedModelName: OBS_EXPR.model,
          promptName: fieldExpr(FIELD_KEYS.promptName),
          promptVersion: fieldExpr(FIELD_KEYS.promptVersion),
          time: `fromUnixTimestamp64Micro(${start}, 'UTC')`,
          count: '1',
          latency: `if(${OBS_EXPR.endOrNull} IS NULL, NULL, (${OBS_EXPR.end} - ${start}) / 1000)`,
          totalTokens: `if(mapContains(${OBS_EXPR.usage}, 'total'), ${OBS_EXPR.usage}['total'], arraySum(mapValues(${OBS_EXPR.usage})))`,
          inputTokens: obsUsageOfKinds('input'),
          outputTokens: obsUsageOfKinds('output'),
          totalCost: OBS_COST,
        })}
        ${fromProject(TABLES.observationPieces, p, { final: true })}
        AND ${start} >= ${p.add(fromUs, 'Int64')} AND ${start} <= ${p.add(toUs, 'Int64')}`;
    const traces = `
        SELECT id AS trace_id, ${select({
          traceName: TRACE_EXPR.name,
          userId: TRACE_EXPR.userId,
          sessionId: TRACE_EXPR.sessionId,
          traceRelease: TRACE_EXPR.release,
          traceVersion: TRACE_EXPR.version,
          traceEnvironment: TRACE_EXPR.environment,
          tags: 'tags',
        })}
        ${fromProject(TABLES.traces, p, {
          final: true,
          filters: readsTrace ? [`timestamp >= ${micros(p, fromUs)}`, `timestamp <= ${micros(p, toUs)}`] : [],
        })}`;
    const rows = `
      SELECT *,
        multiIf(${rowColumn('ownEnvironment')} != '', ${rowColumn('ownEnvironment')},
          ${rowColumn('traceEnvironment')} != '', ${rowColumn('traceEnvironment')}, 'default') AS ${rowColumn('environment')},
        formatDateTime(${rowColumn('time')}, '%Y-%m', 'UTC') AS ${rowColumn('startTimeMonth')},
        ${rowColumn('time')} AS ${rowColumn('startTime')}
      FROM (${observations}) AS o
      ${readsTrace ? 'INNER' : 'LEFT'} JOIN (${traces}) AS t USING trace_id`;
    if (!used.has('countScores')) return rows;
    const scoresOf = { key: 'observation_id', forms: observationIdFormsSql, measure: 'countScores' };
    return withScoreCounts(rows, p, fromUs, toUs, scoresOf);
  },
};

/** The score views' dimensions from the score's trace (joined by its id). */
const SCORE_TRACE_DIMENSIONS: Record<string, Dimension> = {
  traceName: options,
  tags,
  userId: text,
  sessionId: text,
  traceRelease: text,
  traceVersion: text,
};

/** The score views' dimensions from the score's observation (joined by its id). */
const SCORE_OBSERVATION_DIMENSIONS: Record<string, Dimension> = {
  observationName: options,
  observationModelName: options,
  observationPromptName: text,
  observationPromptVersion: text,
};

const SCORE_RELATED_DIMENSIONS = { ...SCORE_TRACE_DIMENSIONS, ...SCORE_OBSERVATION_DIMENSIONS };

/** The score views' dimensions from the score itself. */
const SCORE_DIMENSIONS: Record<string, Dimension> = {
  id: text,
  environment: options,
  name: options,
  evaluatorId: text,
  source: options,
  dataType: options,
  traceId: text,
  configId: text,
  timestampMonth: text,
  timestampDay: text,
  observationId: text,
};

/** Langfuse's evaluator of an evaluation's score: its metadata's `evaluator_id`, else `job_configuration_id`. */
const EVALUATOR_ID = `if(JSONExtractString(metadata, 'evaluator_id') != '', JSONExtractString(metadata, 'evaluator_id'),
          JSONExtractString(metadata, 'job_configuration_id'))`;

/**
 * A score view: one row per score of the given data types whose timestamp is in the window, and,
 * when the query reads a field of its trace or observation, with that trace's or observation's
 * fields, joined as Langfuse's v1 score views join their relation tables: an inner join with the
 * trace's timestamp (the observation's start) in the window too, so such a query leaves out the
 * scores without one, or whose trace or observation is outside the window or was never sent. An id
 * matches in either OTLP form (a score of the current SDK names its trace and observation in hex,
 * which the OTLP mapping stored as UUIDs); the trace and observation sides list every form of
 * their ids, and an ANY join takes one row, so a score counts once even if both forms were stored.
 * `own` adds the view's value columns.
 */
function scoreRows(dataTypes: readonly string[], own: Record<string, string>): View['rows'] {
  return (p, fromUs, toUs, used) => {
    const uses = (dimensions: Record<string, Dimension>) => Object.keys(dimensions).some((d) => used.has(d));
    const window = [`timestamp >= ${micros(p, fromUs)}`, `timestamp <= ${micros(p, toUs)}`];
    const ofDataTypes = `data_type IN (${dataTypes.map((t) => p.add(t, 'String')).join(', ')})`;
    // Only the traces and observations the window's scores name are read (a superset: unmerged rows).
    const named = (forms: string) =>
      `SELECT arrayJoin(${forms}) ${fromProject(TABLES.scores, p, { filters: [...window, ofDataTypes] })}`;
    const scores = `
        SELECT trace_id, observation_id, ${select({
          id: 'id',
          environment: 'environment',
          name: 'name',
          evaluatorId: EVALUATOR_ID,
          source: 'source',
          dataType: 'data_type',
          traceId: 'trace_id',
          configId: 'config_id',
          timestampMonth: `formatDateTime(timestamp, '%Y-%m', 'UTC')`,
          timestampDay: `formatDateTime(timestamp, '%Y-%m-%d', 'UTC')`,
          observationId: 'observation_id',
          time: 'timestamp',
          count: '1',
          ...own,
        })}
        ${fromProject(TABLES.scores, p, { final: true, filters: [...window, ofDataTypes] })}`;
    const traces = `
        SELECT arrayJoin(${traceIdFormsSql('id')}) AS trace_id, ${select({
          traceName: TRACE_EXPR.name,
          tags: 'tags',
          userId: TRACE_EXPR.userId,
          sessionId: TRACE_EXPR.sessionId,
          traceRelease: TRACE_EXPR.release,
          traceVersion: TRACE_EXPR.version,
        })}
        ${fromProject(TABLES.traces, p, {
          final: true,
          filters: [...window, `id IN (${named(traceIdFormsSql('trace_id'))})`],
        })}`;
    const observations = `
        SELECT arrayJoin(${observationIdFormsSql('id')}) AS observation_id, ${select({
          observationName: OBS_EXPR.name,
          observationModelName: OBS_EXPR.model,
          observationPromptName: fieldExpr(FIELD_KEYS.promptName),
          observationPromptVersion: fieldExpr(FIELD_KEYS.promptVersion),
        })}
        ${fromProject(TABLES.observationPieces, p, {
          final: true,
          // By trace first: the table is sorted by trace, so only the scores' traces are read.
          filters: [
            `trace_id IN (${named(traceIdFormsSql('trace_id'))})`,
            `id IN (${named(observationIdFormsSql('observation_id'))})`,
          ],
        })}
        AND ${OBS_EXPR.start} >= ${p.add(fromUs, 'Int64')} AND ${OBS_EXPR.start} <= ${p.add(toUs, 'Int64')}`;
    return `
      SELECT *
      FROM (${scores}) AS s
      ${uses(SCORE_TRACE_DIMENSIONS) ? `INNER ANY JOIN (${traces}) AS t USING trace_id` : ''}
      ${uses(SCORE_OBSERVATION_DIMENSIONS) ? `INNER ANY JOIN (${observations}) AS o USING observation_id` : ''}`;
  };
}

/** Numeric and boolean scores, as Langfuse's `scores-numeric` (a boolean's value is 0 or 1). */
const SCORES_NUMERIC: View = {
  dimensions: { ...SCORE_RELATED_DIMENSIONS, ...SCORE_DIMENSIONS, value: { type: 'number' } },
  measures: { count: {}, value: {} },
  rows: scoreRows(['NUMERIC', 'BOOLEAN'], { value: 'value' }),
};

/** Categorical scores, counted by their `stringValue`. */
const SCORES_CATEGORICAL: View = {
  dimensions: { ...SCORE_RELATED_DIMENSIONS, ...SCORE_DIMENSIONS, stringValue: options },
  measures: { count: {} },
  rows: scoreRows(['CATEGORICAL'], { stringValue: 'string_value' }),
};

/** Boolean scores: `booleanValue` true or false, the `value` measure 0 or 1 (its average is the true rate). */
const SCORES_BOOLEAN: View = {
  dimensions: { ...SCORE_RELATED_DIMENSIONS, ...SCORE_DIMENSIONS, booleanValue: { type: 'boolean' } },
  measures: { count: {}, value: {} },
  rows: scoreRows(['BOOLEAN'], { booleanValue: 'toBool(value)', value: 'value' }),
};

/** The views this service answers: all of Langfuse's v1 views. */
export const VIEWS: Record<string, View> = {
  traces: TRACES,
  observations: OBSERVATIONS,
  'scores-numeric': SCORES_NUMERIC,
  'scores-categorical': SCORES_CATEGORICAL,
  'scores-boolean': SCORES_BOOLEAN,
};
