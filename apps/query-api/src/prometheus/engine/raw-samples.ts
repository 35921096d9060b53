import { type Db, decodeNative, ProjectParams, queryBinary } from '@spanhouse/db';
import { readPriority } from '../read-priority.ts';
import { pointsSql } from '../samples-sql.ts';
import type { FoundSeries } from '../series-lookup.ts';
import type { Labels } from './values.ts';

/**
 * The stored points of one series over a time range, in time order, one per millisecond (of
 * re-sent copies the one stored last), staleness markers included and flagged (`stale[i]` = 1).
 */
export type RawSeries = {
  metric: Labels;
  ts: Float64Array;
  vs: Float64Array;
  stale: Uint8Array | undefined;
};

/**
 * The points of series already looked up (of `project`), with `fromMs <= t <= toMs`, in the order of `found`
 * (series without points left out): one read, the rows coming back as they are stored, as Native
 * columns (8 bytes a number instead of decimal text, a column as one run of bytes), put in order
 * and rid of re-sent copies here.
 *
 * Grouping the rows into per-series arrays in ClickHouse (groupArray, arraySort) cost it twice the
 * plain read; rows come out of a part in (series, time) order already, so here the usual case is
 * one copy of each series' run of rows (decisions/0051-promql-native-reads.md).
 */
export async function readPoints(
  db: Db,
  project: string,
  found: readonly FoundSeries[],
  fromMs: number,
  toMs: number,
  signal?: AbortSignal,
): Promise<RawSeries[]> {
  const p = new ProjectParams(project);
  const series = { ids: found.map((s) => s.id), names: [...new Set(found.map((s) => s.name))] };
  // Times go as 4-byte offsets from fromMs (half the bytes) when the range allows.
  const wide = toMs - fromMs >= 2 ** 32;
  const t = wide ? 'toFloat64(t)' : `toUInt32(t - ${p.add(fromMs, 'Int64')})`;
  const sql = `SELECT sid, ${t} AS t, toFloat64(v) AS v, stale, toUInt32(pi) AS pi FROM (${pointsSql(series, fromMs, toMs, p)})`;
  const bytes = await queryBinary(db, {
    sql,
    params: p.params,
    tag: 'prometheus.points',
    signal,
    format: 'Native',
    settings: { do_not_merge_across_partitions_select_final: 1, priority: readPriority(found.length, toMs - fromMs) },
  });
  const { rows, columns } = decodeNative(bytes);
  if (rows === 0) return [];
  const byRow: StoredRows = {
    sid: columns.get('sid') as BigUint64Array,
    t: columns.get('t') as Uint32Array | Float64Array,
    v: columns.get('v') as Float64Array,
    stale: columns.get('stale') as Uint8Array,
    pi: columns.get('pi') as Uint32Array,
  };
  // In the order of the series lookup's answer, whatever order the rows came back in.
  const index = new Map(found.map((s, i) => [s.id, i]));
  const runs: number[][] = found.map(() => []);
  for (const [sid, from, to] of runsOf(byRow.sid)) {
    const i = index.get(sid);
    if (i !== undefined) runs[i]!.push(from, to);
  }
  const out: RawSeries[] = [];
  for (const [i, r] of runs.entries()) {
    if (r.length > 0) out.push({ metric: found[i]!.labels, ...pointsOf(byRow, r, wide ? 0 : fromMs) });
  }
  return out;
}

/** The stored rows as columns: series id, time (ms, or ms after the read's start), value, stale flag, part index. */
type StoredRows = {
  sid: BigUint64Array;
  t: Uint32Array | Float64Array;
  v: Float64Array;
  stale: Uint8Array;
  pi: Uint32Array;
};

/** The runs of rows of one series id: [sid as text, first row, row past the last]. */
function* runsOf(sid: BigUint64Array): Generator<[string, number, number]> {
  // Compared as two 32-bit halves: reading a BigInt per row costs more than the rest of the decode.
  const halves = new Uint32Array(sid.buffer, sid.byteOffset, sid.length * 2);
  let from = 0;
  for (let i = 1; i <= sid.length; i++) {
    if (i < sid.length && halves[2 * i] === halves[2 * from] && halves[2 * i + 1] === halves[2 * from + 1]) continue;
    yield [sid[from]!.toString(), from, i];
    from = i;
  }
}

/**
 * One series' points from its runs of rows (pairs of [first, past the last] in `runs`): in time
 * order, one per millisecond, of copies the one stored last (the highest part index, see
 * samples-sql.ts pointsSql; the non-finite table's rows count as part 0), as the reads of the
 * SQL planner order them.
 */
function pointsOf(
  rows: StoredRows,
  runs: number[],
  t0: number,
): { ts: Float64Array; vs: Float64Array; stale: Uint8Array | undefined } {
  let n = 0;
  for (let r = 0; r < runs.length; r += 2) n += runs[r + 1]! - runs[r]!;
  const order = new Int32Array(n);
  let k = 0;
  for (let r = 0; r < runs.length; r += 2) for (let i = runs[r]!; i < runs[r + 1]!; i++) order[k++] = i;
  const { t, pi } = rows;
  let sorted = true;
  for (let j = 1; j < n; j++) {
    if (t[order[j]!]! <= t[order[j - 1]!]!) {
      sorted = false;
      break;
    }
  }
  let keep = order;
  if (!sorted) {
    // Parts overlap in time (copies, or points written out of order): by (time, part), and of one
    // time the last. Stable, so rows of one part keep their order.
    const all = Array.from(order).sort((a, b) => t[a]! - t[b]! || pi[a]! - pi[b]!);
    const last = all.filter((row, j) => j + 1 === all.length || t[all[j + 1]!]! !== t[row]!);
    keep = Int32Array.from(last);
  }
  const m = keep.length;
  const ts = new Float64Array(m);
  const vs = new Float64Array(m);
  let stale: Uint8Array | undefined;
  for (let j = 0; j < m; j++) {
    const row = keep[j]!;
    ts[j] = t0 + t[row]!;
    vs[j] = rows.v[row]!;
    if (rows.stale[row] !== 0) {
      stale ??= new Uint8Array(m);
      stale[j] = 1;
    }
  }
  return { ts, vs, stale };
}
