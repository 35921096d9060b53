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
import { observationIdFormsSql, traceIdFormsSql } from '../otlp-id-forms.ts';
import { SCORES_BOOLEAN, SCORES_CATEGORICAL, SCORES_NUMERIC } from './score-views.ts';
import { at, type Dimension, micros, options, rowColumn, select, tags, text, type View } from './view-model.ts';

/*
 * The views of Langfuse's Metrics API v1 (GET /api/public/metrics, docs/langfuse.md): traces and
 * observations here, the score views in score-views.ts, each as view-model.ts describes a view.
 * Names are Langfuse's (its query data model); latencies are milliseconds there, as here.
 */

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
 * observations relation, an inner join with the observation's start in the window: a query that
 * reads one leaves out the traces without such observations.
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
    // The trace's observations that start in the window (Langfuse's time filter on its
    // observations relation), by id: the measures of its observations are over these.
    const observations = rowColumn('windowObservations');
    const start = (k: string) => `obs_start[${k}].2`;
    const inWindow = `arrayFilter(k -> ${start('k')} >= ${p.add(fromUs, 'Int64')} AND ${start('k')} <= ${p.add(toUs, 'Int64')}, obs_ids)`;
    const over = (perObservation: string) => `arraySum(arrayMap(k -> ${perObservation}, ${observations}))`;
    const end = `greatest(${start('k')}, if(mapContains(obs_end, k), obs_end[k].2, ${start('k')}))`;
    const traces = `
      SELECT ${inWindow} AS ${observations}, ${select({
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
        observationsCount: `length(${observations})`,
        // Langfuse takes uniq(user_id) per trace before the metric's aggregation: 1 with a user, else 0.
        uniqueUserIds: `${TRACE_EXPR.userId} != ''`,
        uniqueSessionIds: `${TRACE_EXPR.sessionId} != ''`,
        // First start to last end (an observation without an end ends at its start), in ms.
        latency: `if(empty(${observations}), 0, (arrayMax(arrayMap(k -> ${end}, ${observations}))
          - arrayMin(arrayMap(k -> ${start('k')}, ${observations}))) / 1000)`,
        totalTokens: over(TRACE_EXPR.obsUsageTotal),
        inputTokens: over(TRACE_EXPR.obsUsageInput),
        outputTokens: over(TRACE_EXPR.obsUsageOutput),
        totalCost: over(TRACE_EXPR.obsCost),
      })}
      ${fromProject(TABLES.traces, p, {
        final: true,
        filters: [
          `timestamp >= ${micros(p, fromUs)}`,
          `timestamp <= ${micros(p, toUs)}`,
          ...(TRACE_OBSERVATION_MEASURES.some((m) => used.has(m)) ? [`notEmpty(${observations})`] : []),
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

/** The views this service answers: all of Langfuse's v1 views. */
export const VIEWS: Record<string, View> = {
  traces: TRACES,
  observations: OBSERVATIONS,
  'scores-numeric': SCORES_NUMERIC,
  'scores-categorical': SCORES_CATEGORICAL,
  'scores-boolean': SCORES_BOOLEAN,
};
