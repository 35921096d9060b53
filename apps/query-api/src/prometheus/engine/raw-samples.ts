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
  const time = wide ? 'toFloat64(t)' : `toUInt32(t - ${p.add(fromMs, 'Int64')})`;
  const sql = `SELECT sid, ${time} AS t, toFloat64(v) AS v, stale, toUInt32(pi) AS pi FROM (${pointsSql(series, fromMs, toMs, p)})`;
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
  const t = columns.get('t') as Uint32Array | Float64Array;
  const byRow: StoredRows = {
    sid: columns.get('sid') as BigUint64Array,
    ts: t instanceof Float64Array ? t : timesOf(t, fromMs),
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
    if (r.length > 0) out.push({ metric: found[i]!.labels, ...pointsOf(byRow, r) });
  }
  return out;
}

/** Times in ms from offsets after `t0`, in one loop over the whole column. */
function timesOf(offsets: Uint32Array, t0: number): Float64Array {
  const out = new Float64Array(offsets.length);
  for (let i = 0; i < offsets.length; i++) out[i] = t0 + offsets[i]!;
  return out;
}

/** The stored rows as columns: series id, time (ms), value, stale flag, part index. */
type StoredRows = {
  sid: BigUint64Array;
  ts: Float64Array;
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
): { ts: Float64Array; vs: Float64Array; stale: Uint8Array | undefined } {
  const { ts, v, stale, pi } = rows;
  if (runs.length === 2) {
    // One run of rows (one part): copied as they are when in time order, as rows of a part are.
    const [a, b] = runs as [number, number];
    let sorted = true;
    for (let i = a + 1; i < b; i++) {
      if (ts[i]! <= ts[i - 1]!) {
        sorted = false;
        break;
      }
    }
    if (sorted) {
      let anyStale = false;
      for (let i = a; i < b; i++) {
        if (stale[i] !== 0) {
          anyStale = true;
          break;
        }
      }
      return { ts: ts.slice(a, b), vs: v.slice(a, b), stale: anyStale ? staleFlags(stale, a, b) : undefined };
    }
  }
  const order: number[] = [];
  for (let r = 0; r < runs.length; r += 2) for (let i = runs[r]!; i < runs[r + 1]!; i++) order.push(i);
  // Parts overlap in time (copies, or points written out of order), or the run is out of order:
  // by (time, part), and of one time the last. Stable, so rows of one part keep their order.
  order.sort((x, y) => ts[x]! - ts[y]! || pi[x]! - pi[y]!);
  const keep = order.filter((row, j) => j + 1 === order.length || ts[order[j + 1]!]! !== ts[row]!);
  const m = keep.length;
  const outTs = new Float64Array(m);
  const outVs = new Float64Array(m);
  let outStale: Uint8Array | undefined;
  for (let j = 0; j < m; j++) {
    const row = keep[j]!;
    outTs[j] = ts[row]!;
    outVs[j] = v[row]!;
    if (stale[row] !== 0) {
      outStale ??= new Uint8Array(m);
      outStale[j] = 1;
    }
  }
  return { ts: outTs, vs: outVs, stale: outStale };
}

/** The stale flags of rows a..b as 0 or 1. */
function staleFlags(stale: Uint8Array, a: number, b: number): Uint8Array {
  const out = new Uint8Array(b - a);
  for (let i = a; i < b; i++) out[i - a] = stale[i] !== 0 ? 1 : 0;
  return out;
}
