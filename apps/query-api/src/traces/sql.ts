import type { ParamBuilder } from '@spanhouse/db';
import type { TraceFilter } from './params.ts';

/** An observation's cost from the trace's field maps (clickhouse/0007): provided, else usage x prices. */
const obsCost = (k: string) =>
  `if(mapContains(obs_cost, ${k}), obs_cost[${k}].2, obs_usage[${k}].2 * obs_model[${k}].3 + obs_usage[${k}].3 * obs_model[${k}].4)`;

/**
 * SQL expressions over a merged `traces` row (FROM traces FINAL). Scalar fields are
 * (version, value) tuples: `.2` is the value. The obs_* maps hold each observation's fields by id
 * (start, end, model with prices, usage, provided cost); an observation without an end counts its
 * start as its end.
 */
export const TRACE_EXPR = {
  name: 'name.2',
  userId: 'user_id.2',
  sessionId: 'session_id.2',
  release: 'release.2',
  version: 'version.2',
  environment: "if(environment.2 = '', 'default', environment.2)",
  latency:
    'if(empty(obs_start), 0, (greatest(arrayMax(arrayMap(s -> s.2, mapValues(obs_start))), ' +
    'if(empty(obs_end), -9223372036854775808, arrayMax(arrayMap(e -> e.2, mapValues(obs_end))))) ' +
    '- arrayMin(arrayMap(s -> s.2, mapValues(obs_start)))) / 1e6)',
  totalCost: `arraySum(arrayMap(k -> ${obsCost('k')}, obs_ids))`,
  /** Per observation (ARRAY JOIN obs_ids AS k): model, usage and cost. */
  obsModel: 'obs_model[k].2',
  obsUsage: 'obs_usage[k]',
  obsCost: obsCost('k'),
  usageInput: 'arraySum(arrayMap(u -> u.2, mapValues(obs_usage)))',
  usageOutput: 'arraySum(arrayMap(u -> u.3, mapValues(obs_usage)))',
  usageTotal: 'arraySum(arrayMap(u -> u.4, mapValues(obs_usage)))',
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
