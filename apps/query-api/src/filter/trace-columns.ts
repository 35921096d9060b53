import { fromProject, SUMMARIES_EXACT, SUMMARY_EXPR, TABLES, TRACE_EXPR, tracesMatching } from '@spanhouse/store';
import { TRACE_AGGREGATES } from './aggregates.ts';
import { type ColumnTable, column, custom, FilterError, numberCondition, value, type Where } from './columns.ts';

/*
 * The trace list's filter columns: Langfuse's (ids and display names of its traces table), over a
 * merged traces_v2 row, and input and output, which Langfuse's trace list does not offer but its
 * observation list does (docs/langfuse.md).
 */

/** Trace text: the trace documents' index (trace_search_v3) holds a superset, the trace's and its observations' text. */
const narrow = (terms: Parameters<typeof tracesMatching>[1], p: Parameters<typeof tracesMatching>[2]) =>
  tracesMatching('id', terms, p);

/**
 * A number condition on a trace's latency, cost or usage as the list reports it. The row's
 * summaries are exact for a trace whose observations each came in one piece (clickhouse/0004) and
 * are small columns; the observation maps, which every other trace needs, are the largest columns
 * of the table, too slow to read for every trace (decision 0057 has the figures).
 * So the summaries decide for the exact traces, and the maps are read only for the others: the
 * inexact traces are found from obs_count and obs_keys alone, then read by key.
 */
const metric =
  (field: keyof typeof SUMMARY_EXPR): Where =>
  (c, p) => {
    if (c.type !== 'number') throw new FilterError(`type ${c.type} does not fit a number column`);
    const traces = fromProject(TABLES.traces, p, { final: true });
    const inexact = `SELECT id ${traces} AND NOT (${SUMMARIES_EXACT})`;
    const fromMaps = `SELECT id ${traces} AND id IN (${inexact}) AND ${numberCondition(TRACE_EXPR[field], c.operator, c.value, p)}`;
    return `((${SUMMARIES_EXACT}) AND ${numberCondition(SUMMARY_EXPR[field], c.operator, c.value, p)} OR id IN (${fromMaps}))`;
  };

export const TRACE_FILTER_COLUMNS: ColumnTable = {
  what: 'trace',
  columns: [
    column('id', 'ID', 'string', value('id'), { aliases: ['traceId', 'Trace ID'] }),
    column('name', 'Name', 'stringOptions', value(TRACE_EXPR.name), {
      aliases: ['traceName', 'Trace Name'],
      replaces: ['name'],
    }),
    column('timestamp', 'Timestamp', 'datetime', value('timestamp', 'datetime'), {
      replaces: ['fromTimestamp', 'toTimestamp'],
    }),
    column('userId', 'User ID', 'string', value(TRACE_EXPR.userId), { replaces: ['userId'] }),
    column('sessionId', 'Session ID', 'string', value(TRACE_EXPR.sessionId), { replaces: ['sessionId'] }),
    column('version', 'Version', 'string', value(TRACE_EXPR.version), { replaces: ['version'] }),
    column('release', 'Release', 'string', value(TRACE_EXPR.release), { replaces: ['release'] }),
    column('environment', 'Environment', 'stringOptions', value(TRACE_EXPR.environment), { replaces: ['environment'] }),
    column(
      'tags',
      'Tags',
      'arrayOptions',
      { kind: 'array', expr: 'tags' },
      {
        aliases: ['traceTags', 'Trace Tags'],
        replaces: ['tags'],
      },
    ),
    column('metadata', 'Metadata', 'stringObject', { kind: 'map', expr: TRACE_EXPR.metadata, narrow }),
    column('input', 'Input', 'string', { kind: 'text', expr: TRACE_EXPR.input, narrow }),
    column('output', 'Output', 'string', { kind: 'text', expr: TRACE_EXPR.output, narrow }),
    column('latency', 'Latency (s)', 'number', custom(metric('latency'))),
    column('totalCost', 'Total Cost ($)', 'number', custom(metric('totalCost'))),
    column('inputTokens', 'Input Tokens', 'number', custom(metric('usageInput'))),
    column('outputTokens', 'Output Tokens', 'number', custom(metric('usageOutput'))),
    column('totalTokens', 'Total Tokens', 'number', custom(metric('usageTotal')), { aliases: ['tokens', 'Tokens'] }),
    ...TRACE_AGGREGATES,
  ],
  refused: [
    { id: 'bookmarked', name: '⭐️', reason: 'spanhouse does not store bookmarks' },
    {
      id: 'inputCost',
      name: 'Input Cost ($)',
      reason: 'spanhouse stores a trace cost per observation as one total, not split into input and output',
    },
    {
      id: 'outputCost',
      name: 'Output Cost ($)',
      reason: 'spanhouse stores a trace cost per observation as one total, not split into input and output',
    },
    {
      id: 'evaluatorId',
      name: 'Evaluator ID',
      reason: 'spanhouse runs no evaluators (filter on metadata by key instead)',
    },
    { id: 'ruleId', name: 'Rule ID', reason: 'spanhouse runs no evaluation rules (filter on metadata by key instead)' },
  ],
};
