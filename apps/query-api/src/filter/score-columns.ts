import type { ProjectParams } from '@spanhouse/db';
import { inTracesWhere, TRACE_EXPR } from '@spanhouse/store';
import {
  type ColumnSql,
  type ColumnTable,
  type ColumnType,
  column,
  conditionSql,
  custom,
  FilterError,
  stringCondition,
  value,
} from './columns.ts';
import type { Condition } from './conditions.ts';

/*
 * The score lists' filter columns: Langfuse's (ids and display names of its scores table), over a
 * row of `scores`. userId, traceName and the trace tags are properties of the score's trace, read
 * from the traces table as the simple userId and traceTags parameters are.
 */

/**
 * A score's metadata value under the condition's key as the text Langfuse compares (a JSON string
 * as itself, any other value as its JSON text); a score without the key does not match, as on the
 * trace list. Metadata is stored as one JSON object's text.
 */
function metadataWhere(c: Condition, p: ProjectParams): string {
  if (c.type !== 'stringObject') throw new FilterError(`type ${c.type} does not fit column metadata`);
  if (c.operator === 'matches') throw new FilterError('operator matches is not supported on score metadata');
  const key = p.add(c.key, 'String');
  const raw = `JSONExtractRaw(metadata, ${key})`;
  const text = `if(startsWith(${raw}, '"'), JSONExtractString(metadata, ${key}), ${raw})`;
  return `(JSONHas(metadata, ${key}) AND ${stringCondition(text, c.operator, c.value, p)})`;
}

/** A condition on a property of the score's trace: the scores whose trace matches it. */
const ofTrace = (id: string, type: ColumnType, sql: ColumnSql) =>
  custom((c, p) => inTracesWhere([conditionSql(column(id, id, type, sql), c, p).sql], p));

export const SCORE_FILTER_COLUMNS: ColumnTable = {
  what: 'score',
  columns: [
    column('id', 'ID', 'string', value('id')),
    column('traceId', 'Trace ID', 'string', value('trace_id'), { replaces: ['traceId'] }),
    column('sessionId', 'Session ID', 'string', value('session_id'), { replaces: ['sessionId'] }),
    column('observationId', 'Observation ID', 'string', value('observation_id'), { replaces: ['observationId'] }),
    column('environment', 'Environment', 'stringOptions', value('environment'), { replaces: ['environment'] }),
    column('timestamp', 'Timestamp', 'datetime', value('timestamp', 'datetime'), {
      replaces: ['fromTimestamp', 'toTimestamp'],
    }),
    column('source', 'Source', 'stringOptions', value('source'), { replaces: ['source'] }),
    column('dataType', 'Data Type', 'stringOptions', value('data_type'), { replaces: ['dataType'] }),
    column('name', 'Name', 'stringOptions', value('name'), { replaces: ['name'] }),
    column('value', 'Value', 'number', value('value'), { replaces: ['operator', 'value'] }),
    column('stringValue', 'String Value', 'stringOptions', value('string_value')),
    column('booleanValue', 'Boolean Value', 'stringOptions', value("if(data_type = 'BOOLEAN', string_value, '')")),
    column('metadata', 'Metadata', 'stringObject', custom(metadataWhere)),
    column('userId', 'User ID', 'stringOptions', ofTrace('userId', 'stringOptions', value(TRACE_EXPR.userId)), {
      replaces: ['userId'],
    }),
    column('traceName', 'Trace Name', 'stringOptions', ofTrace('traceName', 'stringOptions', value(TRACE_EXPR.name))),
    column('tags', 'Trace Tags', 'arrayOptions', ofTrace('tags', 'arrayOptions', { kind: 'array', expr: 'tags' }), {
      aliases: ['traceTags'],
      replaces: ['traceTags'],
    }),
  ],
  refused: [
    {
      id: 'evaluatorId',
      name: 'Evaluator ID',
      reason: 'spanhouse runs no evaluators (filter on metadata by key instead)',
    },
  ],
};
