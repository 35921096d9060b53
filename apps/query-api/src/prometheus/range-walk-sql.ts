import type { ParamBuilder, ProjectParams } from '@spanhouse/db';
import { extrapolatedRateSql, type RangeCall } from './range-functions.ts';
import { type Grid, pointsSql } from './samples-sql.ts';

/**
 * The range functions computed by the walk below: those whose value at a step depends only on the
 * first and last points of its range, their count, and the counter resets between them.
 */
export const WALKED_FUNCTIONS = new Set(['rate', 'increase', 'delta', 'irate', 'idelta']);

/**
 * A range function over overlapping ranges (`rate(x[5m])` at a 30 s step), each series' points
 * walked once along the steps, without copying a point into every range that holds it (the form
 * of rangeArraysSql). Per series, in ClickHouse:
 *
 * - its points in time order, copies of one millisecond reduced to the one stored last, staleness
 *   markers left out (what a range reads in Prometheus);
 * - for each point, the first step whose range end reaches it (`a`), and the first step whose
 *   range start has passed it (`c`); both are non-decreasing along the points, so the number of
 *   points at or before step k's end, and before its start, are step functions of k. Each is
 *   written out for every step by repeating point j's entry (a_j - a_(j-1)) times, one array of
 *   `steps` entries (no search per step, no array captured by a lambda, which ClickHouse would copy
 *   per element);
 * - with the range's first and last point at each step, its count, and the counts of resets
 *   before them, the function's value as Prometheus 2.42's promql/functions.go computes it,
 *   operation by operation (extrapolatedRate's reset correction added one reset at a time, in
 *   order, from the list of the series' resets).
 *
 * Rows: (id, k, v), only at the steps where the function has a value.
 */
export function rangeWalkSql(
  series: { ids: readonly string[]; names: readonly string[] },
  call: RangeCall,
  g: Grid,
  p: ProjectParams,
): string {
  const lastMs = g.startMs + (g.steps - 1) * g.stepMs;
  const source = pointsSql(series, g.startMs - call.offsetMs - call.rangeMs, lastMs - call.offsetMs, p);
  const base = p.add(g.startMs - call.offsetMs, 'Int64');
  const step = p.add(g.stepMs, 'Int64');
  const steps = p.add(g.steps, 'Int64');
  const range = p.add(call.rangeMs, 'Int64');
  const shift = p.add(1_048_576, 'Int64');
  // a: the first step k with t <= base + k * step (its range end); c: the first with
  // t < base + k * step - range (its range start passed). Both clipped to [0, steps].
  const a = `arrayMap(t -> if(t - ${base} <= 0, 0, least(${steps}, intDiv(t - ${base} + ${step} - 1, ${step}))), ts)`;
  const c = `arrayMap(t -> if(t - ${base} + ${range} < 0, 0, least(${steps}, intDiv(t - ${base} + ${range}, ${step}) + 1)), ts)`;
  // How many times entry j (0..n) repeats: the steps whose count of points is j.
  const repeats = (x: string) => `arrayPopFront(arrayDifference(arrayConcat([toInt64(0)], ${x}, [toInt64(${steps})])))`;
  const pad = (x: string, zero: string, front: boolean) =>
    front ? `arrayConcat([${zero}], ${x})` : `arrayConcat(${x}, [${zero}])`;
  // At each step: the range's last point (index, value, time, resets up to it) and the point
  // before it (irate, idelta); and its first point (index, value, time, resets up to it).
  const last = `arrayFlatten(arrayMap((d, j, v, t, r, v0, t0) -> arrayWithConstant(d, (j, v, t, r, v0, t0)),
      ${repeats(a)}, range(toUInt64(length(ts) + 1)), ${pad('vs', 'nan', true)}, ${pad('ts', 'toInt64(0)', true)},
      ${pad('rc', 'toUInt32(0)', true)}, ${pad(pad('arrayPopBack(vs)', 'nan', true), 'nan', true)},
      ${pad(pad('arrayPopBack(ts)', 'toInt64(0)', true), 'toInt64(0)', true)}))`;
  const first = `arrayFlatten(arrayMap((d, j, v, t, r) -> arrayWithConstant(d, (j, v, t, r)),
      ${repeats(c)}, range(toUInt64(length(ts) + 1)), ${pad('vs', 'nan', false)}, ${pad('ts', 'toInt64(0)', false)},
      ${pad('rc', 'toUInt32(0)', false)}))`;
  return `
    SELECT sid AS id, k, ${walkValue(call, `(toInt64(k) * ${step} + ${base})`, range, p)} AS v FROM (
      SELECT sid, rp, ${last} AS hs, ${first} AS ls FROM (
        SELECT sid, ts, vs,
               arrayCumSum(arrayMap((x, y) -> toUInt32(y < x), arrayConcat([vs[1]], arrayPopBack(vs)), vs)) AS rc,
               arrayFilter((x, y) -> y < x, arrayPopBack(vs), arrayPopFront(vs)) AS rp
        FROM (
          SELECT sid,
                 arraySort(groupArray(t * ${shift} + pi) AS keys) AS sk,
                 arraySort((v, key) -> key, groupArray(v), keys) AS sv,
                 arraySort((s, key) -> key, groupArray(stale), keys) AS ss,
                 arrayMap(x -> intDiv(x, ${shift}), sk) AS st,
                 arrayPushBack(arrayPopFront(st), toInt64(-1)) AS nt,
                 arrayFilter((x, s, t0, n) -> n != t0 AND s = 0, st, ss, st, nt) AS ts,
                 arrayFilter((x, s, t0, n) -> n != t0 AND s = 0, sv, ss, st, nt) AS vs
          FROM (${source}) GROUP BY sid
        )
        WHERE length(ts) > 0
      )
    )
    ARRAY JOIN hs AS h, ls AS l, range(toUInt64(length(hs))) AS k
    WHERE h.1 - l.1 >= 2${call.func === 'irate' || call.func === 'idelta' ? ' AND h.3 != h.6' : ''}`;
}

/**
 * The function's value at a step whose range ends at `end`, from its last point `h` (count of
 * points up to it, value, time, resets up to it, the value and time of the point before it) and
 * its first point `l` (index, value, time, resets up to it); `rp` lists the series' values before
 * each reset, in order.
 */
function walkValue(call: RangeCall, end: string, range: string, p: ParamBuilder): string {
  switch (call.func) {
    case 'irate':
      return '(if(h.2 < h.5, h.2, h.2 - h.5) / ((h.3 - h.6) / 1000))';
    case 'idelta':
      return '(h.2 - h.5)';
    default:
      // The reset corrections of the range (resets numbered l.4 + 1 .. h.4), added in order.
      return extrapolatedRateSql(
        call,
        {
          first: ['l.2', 'l.3'],
          last: ['h.2', 'h.3'],
          count: '(h.1 - l.1)',
          corrected: (diff) => `arrayFold((acc, x) -> acc + x, arraySlice(rp, l.4 + 1, h.4 - l.4), ${diff})`,
          start: `(${end} - ${range})`,
          end,
        },
        p,
      );
  }
}
