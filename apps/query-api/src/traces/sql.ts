import type { ParamBuilder } from '@spanhouse/db';
import type { TraceFilter } from './params.ts';

/**
 * SQL expressions over a merged `traces` row (FROM traces FINAL). Scalar fields are
 * (version, value) tuples: `.2` is the value. `obs` maps observation id to
 * (version, model, usage_input, usage_output, usage_total, cost, start_us, end_us).
 */
export const TRACE_EXPR = {
  name: 'name.2',
  userId: 'user_id.2',
  sessionId: 'session_id.2',
  release: 'release.2',
  version: 'version.2',
  environment: "if(environment.2 = '', 'default', environment.2)",
  latency:
    'if(length(obs) = 0, 0, (arrayMax(arrayMap(o -> o.8, mapValues(obs))) - arrayMin(arrayMap(o -> o.7, mapValues(obs)))) / 1e6)',
  totalCost: 'arraySum(arrayMap(o -> o.6, mapValues(obs)))',
  usageInput: 'arraySum(arrayMap(o -> o.3, mapValues(obs)))',
  usageOutput: 'arraySum(arrayMap(o -> o.4, mapValues(obs)))',
  usageTotal: 'arraySum(arrayMap(o -> o.5, mapValues(obs)))',
} as const;

/** WHERE conditions for a trace filter; every value goes through a parameter. */
export function traceConditions(f: TraceFilter, p: ParamBuilder): string[] {
  const where: string[] = [];
  const eq = (expr: string, value: string | undefined) => {
    if (value !== undefined) where.push(`${expr} = ${p.add(value, 'String')}`);
  };
  eq(TRACE_EXPR.userId, f.userId);
  eq(TRACE_EXPR.name, f.name);
  eq(TRACE_EXPR.sessionId, f.sessionId);
  eq(TRACE_EXPR.version, f.version);
  eq(TRACE_EXPR.release, f.release);
  if (f.tags?.length) where.push(`hasAll(tags, ${p.add(f.tags, 'Array(String)')})`);
  if (f.environment?.length) where.push(`${TRACE_EXPR.environment} IN ${p.add(f.environment, 'Array(String)')}`);
  if (f.fromTimestamp !== undefined) {
    where.push(`timestamp >= fromUnixTimestamp64Micro(${p.add(f.fromTimestamp, 'Int64')}, 'UTC')`);
  }
  if (f.toTimestamp !== undefined) {
    where.push(`timestamp <= fromUnixTimestamp64Micro(${p.add(f.toTimestamp, 'Int64')}, 'UTC')`);
  }
  return where;
}

export const whereClause = (conds: string[]) => (conds.length ? `WHERE ${conds.join(' AND ')}` : '');
