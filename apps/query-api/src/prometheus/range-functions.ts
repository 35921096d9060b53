import type { ParamBuilder } from '@spanhouse/db';
import { unsupported } from './errors.ts';
import { extremeFold, kahanFold, kahanInc, kahanMeanFold, kahanResult, quantileOf } from './sql-parts.ts';

/** The range-vector functions evaluated (the `*_over_time` family, rate and its relatives). */
export const RANGE_FUNCTIONS = new Set([
  'rate',
  'increase',
  'delta',
  'irate',
  'idelta',
  'changes',
  'resets',
  'avg_over_time',
  'sum_over_time',
  'min_over_time',
  'max_over_time',
  'count_over_time',
  'last_over_time',
  'present_over_time',
  'quantile_over_time',
  'stddev_over_time',
  'stdvar_over_time',
]);

/**
 * Each point with the one before it, as two arrays walked together: (vs[i-1], vs[i]) for i >= 2. A
 * lambda over indexes that reads `vs` would capture the array, and ClickHouse copies a captured
 * array for every element (a window of 720 points: 518,000 copies).
 */
const PAIRS = 'arrayPopBack(vs), arrayPopFront(vs)';

/** Functions that keep the metric name (Prometheus 2.x drops it for every other function). */
export const KEEPS_NAME = new Set(['last_over_time']);

export type RangeCall = {
  func: string;
  rangeMs: number;
  offsetMs: number;
  /** quantile_over_time's q (checked by the caller to be in [0, 1]). */
  q?: number;
};

/**
 * The SELECT list and filter that turn rows (sid, k, ts, vs) into (id, k, v) for one function,
 * replaying Prometheus 2.42's promql/functions.go operation by operation (see sql-parts.ts).
 * `tk` is the SQL of the step's time in ms. Rows whose function has no value (rate over fewer
 * than two points) are filtered out by `where`.
 */
export function rangeFunctionSql(call: RangeCall, tk: string, p: ParamBuilder): { value: string; where: string } {
  const n = 'length(vs)';
  switch (call.func) {
    case 'count_over_time':
      return { value: `toFloat64(${n})`, where: '1' };
    case 'present_over_time':
      return { value: 'toFloat64(1)', where: '1' };
    case 'last_over_time':
      return { value: 'vs[-1]', where: '1' };
    case 'sum_over_time':
      return { value: kahanResult(kahanFold('vs'), 'ks'), where: '1' };
    case 'avg_over_time':
      return { value: kahanResult(kahanMeanFold('vs'), 'km'), where: '1' };
    case 'max_over_time':
      return { value: extremeFold('vs', '>', 'vs[1]'), where: '1' };
    case 'min_over_time':
      return { value: extremeFold('vs', '<', 'vs[1]'), where: '1' };
    case 'quantile_over_time':
      return { value: quantileOf(p.add(call.q ?? 0, 'Float64'), 'vs', 'qot'), where: '1' };
    case 'stddev_over_time':
    case 'stdvar_over_time': {
      const variance = `((${varianceFold('vs')} AS sv).4 + sv.5) / sv.1`;
      return { value: call.func === 'stddev_over_time' ? `sqrt(${variance})` : variance, where: '1' };
    }
    case 'changes':
      return {
        value: `toFloat64(arrayCount((a, b) -> NOT (b = a OR (isNaN(a) AND isNaN(b))), ${PAIRS}))`,
        where: '1',
      };
    case 'resets':
      return { value: `toFloat64(arrayCount((a, b) -> b < a, ${PAIRS}))`, where: '1' };
    case 'irate':
    case 'idelta': {
      const rate = call.func === 'irate';
      const diff = rate ? 'if(vs[-1] < vs[-2], vs[-1], vs[-1] - vs[-2])' : '(vs[-1] - vs[-2])';
      return {
        value: rate ? `${diff} / ((ts[-1] - ts[-2]) / 1000)` : diff,
        where: `${n} >= 2 AND ts[-1] != ts[-2]`,
      };
    }
    case 'rate':
    case 'increase':
    case 'delta':
      return { value: extrapolatedRate(call, tk, p), where: `${n} >= 2` };
    default:
      throw unsupported(`function ${call.func}`);
  }
}

/** stddev_over_time's fold: (count, mean, cMean, aux, cAux), Kahan-compensated. */
function varianceFold(arr: string): string {
  const count = '((acc.1 + 1) AS n)';
  const delta = '((x - (acc.2 + acc.3)) AS d)';
  const [mean, cMean] = kahanInc(`(${delta} / n)`, 'acc.2', 'acc.3', 'm');
  // The new mean is aliased m_t by kahanInc; its compensation gets the alias cm.
  const [aux, cAux] = kahanInc(`(d * (x - (${mean} + (${cMean} AS cm))))`, 'acc.4', 'acc.5', 'a');
  return `arrayFold((acc, x) -> (${count}, m_t, cm, ${aux}, ${cAux}), ${arr}, (toFloat64(0), toFloat64(0), toFloat64(0), toFloat64(0), toFloat64(0)))`;
}

/** Go's Duration.Seconds() of a millisecond duration: whole seconds plus the rest, as Go adds them. */
export function durationSeconds(ms: number): number {
  const sec = Math.trunc(ms / 1000);
  const nsec = (ms - sec * 1000) * 1e6;
  return sec + nsec / 1e9;
}

/** extrapolatedRate of promql/functions.go (rate, increase, delta), step by step. */
function extrapolatedRate(call: RangeCall, tk: string, p: ParamBuilder): string {
  const start = `(${tk} - ${p.add(call.rangeMs + call.offsetMs, 'Int64')})`;
  const end = `(${tk} - ${p.add(call.offsetMs, 'Int64')})`;
  return extrapolatedRateSql(
    call,
    {
      first: ['vs[1]', 'ts[1]'],
      last: ['vs[-1]', 'ts[-1]'],
      count: 'length(vs)',
      corrected: (diff) => `arrayFold((acc, a, b) -> if(b < a, acc + a, acc), ${PAIRS}, ${diff})`,
      start,
      end,
    },
    p,
  );
}

/**
 * The SQL of a range's points that extrapolatedRate reads: its first and last point (value, time
 * in ms), how many points it holds, `last - first` with each counter reset's correction added in
 * order (`corrected` of that difference's SQL), and its bounds (ms).
 */
export type RangeEnds = {
  first: [string, string];
  last: [string, string];
  count: string;
  corrected: (diff: string) => string;
  start: string;
  end: string;
};

/**
 * extrapolatedRate of promql/functions.go (rate, increase, delta) over one range, operation by
 * operation: the extrapolation to the range's bounds unless farther than 1.1 average intervals,
 * and for counters not below zero. Aliases rv, si, ad, ds, de, th, ei (unique within the SELECT).
 */
export function extrapolatedRateSql(call: RangeCall, r: RangeEnds, p: ParamBuilder): string {
  const counter = call.func !== 'delta';
  const [firstV, firstT] = r.first;
  const [lastV, lastT] = r.last;
  const diff = `(${lastV} - ${firstV})`;
  const result = counter ? `(${r.corrected(diff)} AS rv)` : `(${diff} AS rv)`;
  const sampled = `((${lastT} - ${firstT}) / 1000 AS si)`;
  const avg = `(si / (${r.count} - 1) AS ad)`;
  const toStart0 = `((${firstT} - ${r.start}) / 1000)`;
  const toStart = counter
    ? `(if(${result} > 0 AND ${firstV} >= 0 AND ${sampled} * (${firstV} / rv) < ${toStart0}, si * (${firstV} / rv), ${toStart0}) AS ds)`
    : `(${toStart0} AS ds)`;
  const toEnd = `((${r.end} - ${lastT}) / 1000 AS de)`;
  const threshold = `(${avg} * 1.1 AS th)`;
  const interval = `(((${sampled} + if(${toStart} < ${threshold}, ds, ad / 2)) + if(${toEnd} < th, de, ad / 2)) AS ei)`;
  const factor =
    call.func === 'rate'
      ? `(${interval} / si) / ${p.add(durationSeconds(call.rangeMs), 'Float64')}`
      : `${interval} / si`;
  return `${result} * (${factor})`;
}
