import { FIELD_KEYS, fieldExpr, inTracesWhere, OBS_EXPR, observationsMatching } from '@spanhouse/store';
import { type Column, type ColumnTable, conditionSql } from './columns.ts';
import { TRACE_FILTER_COLUMNS } from './trace-columns.ts';

/*
 * The observation lists' filter columns (v1 and v2): Langfuse's observations table ids and display
 * names, over a merged observation_pieces_v2 row; the trace's properties (user, session, trace
 * name, tags, trace environment) through the set of the project's traces that have them.
 */

const usage = (key: string) => `${OBS_EXPR.usage}['${key}']`;
const latency = `if(${OBS_EXPR.endGiven}, (${OBS_EXPR.end} - ${OBS_EXPR.start}) / 1e6, 0)`;
/** Calculated cost: the provided cost details when any were sent, else usage at the model's prices (observations/output.ts). */
const cost = (part: 'input' | 'output' | 'total') => {
  const provided =
    part === 'total'
      ? `if(mapContains(${OBS_EXPR.cost}, 'total'), ${OBS_EXPR.cost}['total'], arraySum(mapValues(${OBS_EXPR.cost})))`
      : `${OBS_EXPR.cost}['${part}']`;
  const computed = {
    input: `${usage('input')} * ${OBS_EXPR.inputPrice}`,
    output: `${usage('output')} * ${OBS_EXPR.outputPrice}`,
    total: `${usage('input')} * ${OBS_EXPR.inputPrice} + ${usage('output')} * ${OBS_EXPR.outputPrice}`,
  }[part];
  return `if(empty(${OBS_EXPR.cost}), ${computed}, ${provided})`;
};
const completionStart = fieldExpr(FIELD_KEYS.completionStart);
const level = fieldExpr(FIELD_KEYS.level);

/** A condition on the observation's trace, as a trace list column would read it. */
const ofTrace = (traceColumn: string, id: string, name: string, replaces?: string[]): Column => {
  const column = TRACE_FILTER_COLUMNS.columns.find((c) => c.id === traceColumn)!;
  return {
    id,
    name,
    type: column.type,
    sql: { kind: 'custom', where: (c, p) => inTracesWhere([conditionSql(column, c, p).sql], p) },
    ...(replaces ? { replaces } : {}),
  };
};

/** Observation text: its own pieces' indexes hold a superset (name, input, output, metadata). */
const narrow = observationsMatching;

export const OBSERVATION_FILTER_COLUMNS: ColumnTable = {
  what: 'observation',
  columns: [
    { id: 'id', name: 'ID', type: 'string', sql: { kind: 'value', expr: 'id' } },
    {
      id: 'traceId',
      name: 'Trace ID',
      type: 'string',
      sql: { kind: 'value', expr: 'trace_id' },
      replaces: ['traceId'],
    },
    {
      id: 'name',
      name: 'Name',
      type: 'stringOptions',
      sql: { kind: 'value', expr: OBS_EXPR.name },
      replaces: ['name'],
    },
    {
      id: 'type',
      name: 'Type',
      type: 'stringOptions',
      sql: { kind: 'value', expr: OBS_EXPR.type },
      replaces: ['type'],
    },
    {
      id: 'parentObservationId',
      name: 'Parent Observation ID',
      type: 'string',
      sql: { kind: 'value', expr: OBS_EXPR.parentId },
      replaces: ['parentObservationId'],
    },
    {
      id: 'isRootObservation',
      name: 'Is Root Observation',
      type: 'boolean',
      sql: { kind: 'value', expr: `${OBS_EXPR.parentId} = ''` },
      replaces: ['isRootObservation'],
    },
    {
      id: 'startTime',
      name: 'Start Time',
      type: 'datetime',
      sql: { kind: 'value', expr: OBS_EXPR.start, time: 'micros' },
      replaces: ['fromStartTime', 'toStartTime'],
    },
    {
      id: 'endTime',
      name: 'End Time',
      type: 'datetime',
      sql: { kind: 'value', expr: OBS_EXPR.endOrNull, time: 'micros' },
    },
    {
      id: 'level',
      name: 'Level',
      type: 'stringOptions',
      sql: { kind: 'value', expr: `if(${level} = '', 'DEFAULT', ${level})` },
      replaces: ['level'],
    },
    {
      id: 'statusMessage',
      name: 'Status Message',
      type: 'string',
      sql: { kind: 'value', expr: fieldExpr(FIELD_KEYS.statusMessage) },
    },
    {
      id: 'version',
      name: 'Version',
      type: 'string',
      sql: { kind: 'value', expr: fieldExpr(FIELD_KEYS.version) },
      replaces: ['version'],
    },
    {
      id: 'environment',
      name: 'Environment',
      type: 'stringOptions',
      sql: { kind: 'value', expr: OBS_EXPR.environment },
      replaces: ['environment'],
    },
    {
      id: 'model',
      name: 'Model',
      aliases: ['providedModelName'],
      type: 'stringOptions',
      sql: { kind: 'value', expr: OBS_EXPR.model },
    },
    {
      id: 'promptName',
      name: 'Prompt Name',
      type: 'stringOptions',
      sql: { kind: 'value', expr: fieldExpr(FIELD_KEYS.promptName) },
    },
    {
      id: 'promptVersion',
      name: 'Prompt Version',
      type: 'number',
      sql: { kind: 'value', expr: `toInt64OrNull(${fieldExpr(FIELD_KEYS.promptVersion)})` },
    },
    { id: 'metadata', name: 'Metadata', type: 'stringObject', sql: { kind: 'map', expr: OBS_EXPR.metadata, narrow } },
    { id: 'input', name: 'Input', type: 'string', sql: { kind: 'text', expr: OBS_EXPR.input, narrow } },
    { id: 'output', name: 'Output', type: 'string', sql: { kind: 'text', expr: OBS_EXPR.output, narrow } },
    { id: 'latency', name: 'Latency (s)', type: 'number', sql: { kind: 'value', expr: latency } },
    {
      id: 'timeToFirstToken',
      name: 'Time To First Token (s)',
      type: 'number',
      sql: { kind: 'value', expr: `(toInt64OrNull(${completionStart}) - ${OBS_EXPR.start}) / 1e6` },
    },
    {
      id: 'tokensPerSecond',
      name: 'Tokens per second',
      type: 'number',
      sql: { kind: 'value', expr: `if(${latency} > 0, ${usage('output')} / ${latency}, NULL)` },
    },
    { id: 'inputTokens', name: 'Input Tokens', type: 'number', sql: { kind: 'value', expr: usage('input') } },
    { id: 'outputTokens', name: 'Output Tokens', type: 'number', sql: { kind: 'value', expr: usage('output') } },
    {
      id: 'totalTokens',
      name: 'Total Tokens',
      aliases: ['tokens', 'Tokens'],
      type: 'number',
      sql: { kind: 'value', expr: usage('total') },
    },
    { id: 'inputCost', name: 'Input Cost ($)', type: 'number', sql: { kind: 'value', expr: cost('input') } },
    { id: 'outputCost', name: 'Output Cost ($)', type: 'number', sql: { kind: 'value', expr: cost('output') } },
    { id: 'totalCost', name: 'Total Cost ($)', type: 'number', sql: { kind: 'value', expr: cost('total') } },
    ofTrace('userId', 'userId', 'User ID', ['userId']),
    ofTrace('sessionId', 'sessionId', 'Session ID', ['sessionId']),
    ofTrace('name', 'traceName', 'Trace Name'),
    ofTrace('environment', 'traceEnvironment', 'Trace Environment'),
    { ...ofTrace('tags', 'tags', 'Tags'), aliases: ['traceTags', 'Trace Tags'] },
  ],
  refused: [{ id: 'modelId', name: 'Model ID', reason: 'spanhouse has no model registry (filter on model instead)' }],
};
