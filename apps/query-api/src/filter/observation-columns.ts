import { FIELD_KEYS, fieldExpr, inTracesWhere, OBS_EXPR, observationsMatching } from '@spanhouse/store';
import { type Column, type ColumnTable, column, conditionSql, custom, value } from './columns.ts';
import { TRACE_FILTER_COLUMNS } from './trace-columns.ts';

/*
 * The observation lists' filter columns (v1 and v2): Langfuse's observations table ids and display
 * names, over a merged observation_pieces_v2 row; the trace's properties (user, session, trace
 * name, tags, trace environment) through the set of the project's traces that have them.
 */

const usage = (key: string) => `${OBS_EXPR.usage}['${key}']`;
const latency = `if(${OBS_EXPR.endGiven}, (${OBS_EXPR.end} - ${OBS_EXPR.start}) / 1e6, 0)`;
/**
 * Calculated cost as the views show it (observations/output.ts): the stored cost details (sent, or
 * computed per kind at write) when there are any, input and output the sums of the kinds whose name
 * contains "input" and "output" (ASCII case-insensitive, as kindSums); else usage at the model's prices.
 */
const cost = (part: 'input' | 'output' | 'total') => {
  const provided =
    part === 'total'
      ? `if(mapContains(${OBS_EXPR.cost}, 'total'), ${OBS_EXPR.cost}['total'], arraySum(mapValues(${OBS_EXPR.cost})))`
      : `arraySum(mapValues(mapFilter((k, v) -> positionCaseInsensitive(k, '${part}') > 0, ${OBS_EXPR.cost})))`;
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
const ofTrace = (traceColumnId: string, id: string, name: string, replaces?: string[]): Column => {
  const traceColumn = TRACE_FILTER_COLUMNS.columns.find((c) => c.id === traceColumnId)!;
  const where = custom((c, p) => inTracesWhere([conditionSql(traceColumn, c, p).sql], p));
  return column(id, name, traceColumn.type, where, replaces ? { replaces } : {});
};

/**
 * The environment as the output shows it: the observation's own, else its trace's (`default` when
 * neither has one). A condition holds for an observation with an environment of its own by that
 * value, and for one without by its trace's.
 */
const environmentColumn = (): Column => {
  const own = column('environment', 'Environment', 'stringOptions', value(OBS_EXPR.environment));
  const traceColumn = TRACE_FILTER_COLUMNS.columns.find((c) => c.id === 'environment')!;
  const where = custom((c, p) => {
    const byTrace = inTracesWhere([conditionSql(traceColumn, c, p).sql], p);
    return `if(${OBS_EXPR.environment} != '', ${conditionSql(own, c, p).sql}, ${byTrace})`;
  });
  return column('environment', 'Environment', 'stringOptions', where, { replaces: ['environment'] });
};

/** Observation text: its own pieces' indexes hold a superset (name, input, output, metadata). */
const narrow = observationsMatching;

export const OBSERVATION_FILTER_COLUMNS: ColumnTable = {
  what: 'observation',
  columns: [
    column('id', 'ID', 'string', value('id')),
    column('traceId', 'Trace ID', 'string', value('trace_id'), { replaces: ['traceId'] }),
    column('name', 'Name', 'stringOptions', value(OBS_EXPR.name), { replaces: ['name'] }),
    column('type', 'Type', 'stringOptions', value(OBS_EXPR.type), { replaces: ['type'] }),
    column('parentObservationId', 'Parent Observation ID', 'string', value(OBS_EXPR.parentId), {
      replaces: ['parentObservationId'],
    }),
    column('isRootObservation', 'Is Root Observation', 'boolean', value(`${OBS_EXPR.parentId} = ''`), {
      replaces: ['isRootObservation'],
    }),
    column('startTime', 'Start Time', 'datetime', value(OBS_EXPR.start, 'micros'), {
      replaces: ['fromStartTime', 'toStartTime'],
    }),
    column('endTime', 'End Time', 'datetime', value(OBS_EXPR.endOrNull, 'micros')),
    column('level', 'Level', 'stringOptions', value(`if(${level} = '', 'DEFAULT', ${level})`), { replaces: ['level'] }),
    column('statusMessage', 'Status Message', 'string', value(fieldExpr(FIELD_KEYS.statusMessage))),
    column('version', 'Version', 'string', value(fieldExpr(FIELD_KEYS.version)), { replaces: ['version'] }),
    environmentColumn(),
    column('model', 'Model', 'stringOptions', value(OBS_EXPR.model), { aliases: ['providedModelName'] }),
    column('promptName', 'Prompt Name', 'stringOptions', value(fieldExpr(FIELD_KEYS.promptName))),
    column('promptVersion', 'Prompt Version', 'number', value(`toInt64OrNull(${fieldExpr(FIELD_KEYS.promptVersion)})`)),
    column('metadata', 'Metadata', 'stringObject', { kind: 'map', expr: OBS_EXPR.metadata, narrow }),
    column('input', 'Input', 'string', { kind: 'text', expr: OBS_EXPR.input, narrow }),
    column('output', 'Output', 'string', { kind: 'text', expr: OBS_EXPR.output, narrow }),
    column('latency', 'Latency (s)', 'number', value(latency)),
    column(
      'timeToFirstToken',
      'Time To First Token (s)',
      'number',
      value(`(toInt64OrNull(${completionStart}) - ${OBS_EXPR.start}) / 1e6`),
    ),
    column(
      'tokensPerSecond',
      'Tokens per second',
      'number',
      value(`if(${latency} > 0, ${usage('output')} / ${latency}, NULL)`),
    ),
    column('inputTokens', 'Input Tokens', 'number', value(usage('input'))),
    column('outputTokens', 'Output Tokens', 'number', value(usage('output'))),
    column('totalTokens', 'Total Tokens', 'number', value(usage('total')), { aliases: ['tokens', 'Tokens'] }),
    column('inputCost', 'Input Cost ($)', 'number', value(cost('input'))),
    column('outputCost', 'Output Cost ($)', 'number', value(cost('output'))),
    column('totalCost', 'Total Cost ($)', 'number', value(cost('total'))),
    ofTrace('userId', 'userId', 'User ID', ['userId']),
    ofTrace('sessionId', 'sessionId', 'Session ID', ['sessionId']),
    ofTrace('name', 'traceName', 'Trace Name'),
    ofTrace('environment', 'traceEnvironment', 'Trace Environment'),
    { ...ofTrace('tags', 'tags', 'Tags'), aliases: ['traceTags', 'Trace Tags'] },
  ],
  refused: [{ id: 'modelId', name: 'Model ID', reason: 'spanhouse has no model registry (filter on model instead)' }],
};
