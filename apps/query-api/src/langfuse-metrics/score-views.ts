import { FIELD_KEYS, fieldExpr, fromProject, OBS_EXPR, TABLES, TRACE_EXPR } from '@spanhouse/store';
import { observationIdFormsSql, traceIdFormsSql } from '../otlp-id-forms.ts';
import { type Dimension, micros, options, select, tags, text, type View } from './view-model.ts';

/*
 * Langfuse's v1 score views of the Metrics API (its query data model's scores-numeric,
 * scores-categorical, scores-boolean): one row per score, with its trace's and observation's
 * fields joined only for a query that reads them.
 */

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
export const SCORES_NUMERIC: View = {
  dimensions: { ...SCORE_RELATED_DIMENSIONS, ...SCORE_DIMENSIONS, value: { type: 'number' } },
  measures: { count: {}, value: {} },
  rows: scoreRows(['NUMERIC', 'BOOLEAN'], { value: 'value' }),
};

/** Categorical scores, counted by their `stringValue`. */
export const SCORES_CATEGORICAL: View = {
  dimensions: { ...SCORE_RELATED_DIMENSIONS, ...SCORE_DIMENSIONS, stringValue: options },
  measures: { count: {} },
  rows: scoreRows(['CATEGORICAL'], { stringValue: 'string_value' }),
};

/** Boolean scores: `booleanValue` true or false, the `value` measure 0 or 1 (its average is the true rate). */
export const SCORES_BOOLEAN: View = {
  dimensions: { ...SCORE_RELATED_DIMENSIONS, ...SCORE_DIMENSIONS, booleanValue: { type: 'boolean' } },
  measures: { count: {}, value: {} },
  rows: scoreRows(['BOOLEAN'], { booleanValue: 'toBool(value)', value: 'value' }),
};
