import type { ProjectParams } from '@spanhouse/db';
import { allIdForms, observationIdForms, traceIdForms } from '@spanhouse/schema';
import { inTracesWhere, TRACE_EXPR } from '@spanhouse/store';
import type { ScoreListParams } from './params.ts';

/**
 * Conditions of a score list of the project `p` reads (after fromProject) over columns that
 * `scores` and `score_times` share, except those of the JSON filter (`conditions`), which read
 * `scores` only (scoreListPlan); every value a parameter. userId and traceTags are properties of
 * the score's trace.
 */
export function scoreConditions(q: ScoreListParams, p: ProjectParams, opts: { traceScoresOnly: boolean }): string[] {
  const where: string[] = [];
  const eq = (column: string, value: string | undefined) => {
    if (value !== undefined) where.push(`${column} = ${p.add(value, 'String')}`);
  };
  if (q.traceId !== undefined) where.push(`trace_id IN ${p.add(traceIdForms(q.traceId), 'Array(String)')}`);
  eq('name', q.name);
  eq('source', q.source);
  eq('data_type', q.dataType);
  eq('config_id', q.configId);
  eq('queue_id', q.queueId);
  eq('session_id', q.sessionId);
  eq('dataset_run_id', q.datasetRunId);
  if (opts.traceScoresOnly) where.push("trace_id != ''");
  if (q.scoreIds?.length) where.push(`id IN ${p.add(q.scoreIds, 'Array(String)')}`);
  if (q.observationId?.length)
    where.push(`observation_id IN ${p.add(allIdForms(q.observationId, observationIdForms), 'Array(String)')}`);
  if (q.environment?.length) where.push(`environment IN ${p.add(q.environment, 'Array(String)')}`);
  if (q.fromTimestamp !== undefined) {
    where.push(`timestamp >= fromUnixTimestamp64Micro(${p.add(q.fromTimestamp, 'Int64')}, 'UTC')`);
  }
  if (q.toTimestamp !== undefined) {
    where.push(`timestamp < fromUnixTimestamp64Micro(${p.add(q.toTimestamp, 'Int64')}, 'UTC')`);
  }
  // The operator is one of six fixed spellings (ScoreListParams), never free text.
  if (q.operator !== undefined && q.value !== undefined) where.push(`value ${q.operator} ${p.add(q.value, 'Float64')}`);
  const trace: string[] = [];
  if (q.userId !== undefined) trace.push(`${TRACE_EXPR.userId} = ${p.add(q.userId, 'String')}`);
  if (q.traceTags?.length) trace.push(`hasAll(tags, ${p.add(q.traceTags, 'Array(String)')})`);
  if (trace.length) where.push(inTracesWhere(trace, p));
  if (q.conditions) where.push(...q.conditions(p));
  return where;
}
