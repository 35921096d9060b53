import { TRACE_EXPR, tracesMatching } from '@spanhouse/store';
import { TRACE_AGGREGATES } from './aggregates.ts';
import type { ColumnTable } from './columns.ts';

/*
 * The trace list's filter columns: Langfuse's (ids and display names of its traces table), over a
 * merged traces_v2 row, and input and output, which Langfuse's trace list does not offer but its
 * observation list does (docs/langfuse.md).
 */

/** Trace text: the trace documents' index (trace_search_v2) holds a superset, the trace's and its observations' text. */
const narrow = (terms: Parameters<typeof tracesMatching>[1], p: Parameters<typeof tracesMatching>[2]) =>
  tracesMatching('id', terms, p);

export const TRACE_FILTER_COLUMNS: ColumnTable = {
  what: 'trace',
  columns: [
    { id: 'id', name: 'ID', aliases: ['traceId', 'Trace ID'], type: 'string', sql: { kind: 'value', expr: 'id' } },
    {
      id: 'name',
      name: 'Name',
      aliases: ['traceName', 'Trace Name'],
      type: 'stringOptions',
      sql: { kind: 'value', expr: TRACE_EXPR.name },
      replaces: ['name'],
    },
    {
      id: 'timestamp',
      name: 'Timestamp',
      type: 'datetime',
      sql: { kind: 'value', expr: 'timestamp', time: 'datetime' },
      replaces: ['fromTimestamp', 'toTimestamp'],
    },
    {
      id: 'userId',
      name: 'User ID',
      type: 'string',
      sql: { kind: 'value', expr: TRACE_EXPR.userId },
      replaces: ['userId'],
    },
    {
      id: 'sessionId',
      name: 'Session ID',
      type: 'string',
      sql: { kind: 'value', expr: TRACE_EXPR.sessionId },
      replaces: ['sessionId'],
    },
    {
      id: 'version',
      name: 'Version',
      type: 'string',
      sql: { kind: 'value', expr: TRACE_EXPR.version },
      replaces: ['version'],
    },
    {
      id: 'release',
      name: 'Release',
      type: 'string',
      sql: { kind: 'value', expr: TRACE_EXPR.release },
      replaces: ['release'],
    },
    {
      id: 'environment',
      name: 'Environment',
      type: 'stringOptions',
      sql: { kind: 'value', expr: TRACE_EXPR.environment },
      replaces: ['environment'],
    },
    {
      id: 'tags',
      name: 'Tags',
      aliases: ['traceTags', 'Trace Tags'],
      type: 'arrayOptions',
      sql: { kind: 'array', expr: 'tags' },
      replaces: ['tags'],
    },
    { id: 'metadata', name: 'Metadata', type: 'stringObject', sql: { kind: 'map', expr: TRACE_EXPR.metadata, narrow } },
    { id: 'input', name: 'Input', type: 'string', sql: { kind: 'text', expr: TRACE_EXPR.input, narrow } },
    { id: 'output', name: 'Output', type: 'string', sql: { kind: 'text', expr: TRACE_EXPR.output, narrow } },
    { id: 'latency', name: 'Latency (s)', type: 'number', sql: { kind: 'value', expr: TRACE_EXPR.latency } },
    { id: 'totalCost', name: 'Total Cost ($)', type: 'number', sql: { kind: 'value', expr: TRACE_EXPR.totalCost } },
    { id: 'inputTokens', name: 'Input Tokens', type: 'number', sql: { kind: 'value', expr: TRACE_EXPR.usageInput } },
    { id: 'outputTokens', name: 'Output Tokens', type: 'number', sql: { kind: 'value', expr: TRACE_EXPR.usageOutput } },
    {
      id: 'totalTokens',
      name: 'Total Tokens',
      aliases: ['tokens', 'Tokens'],
      type: 'number',
      sql: { kind: 'value', expr: TRACE_EXPR.usageTotal },
    },
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
