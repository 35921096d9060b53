import { type Db, ProjectParams, queryRowBinary } from '@spanhouse/db';
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
 * (series without points left out): one read, the points coming back as RowBinary arrays (8 bytes a
 * number instead of decimal text).
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
  const shift = p.add(1_048_576, 'Int64');
  // Times go as 4-byte offsets from fromMs (a quarter less to copy) when the range allows.
  const wide = toMs - fromMs >= 2 ** 32;
  // Points in (t, part) order as one Int64 key, copies of one millisecond reduced to the last
  // (see samples-sql.ts pointsSql): the same ordering as the range reader of the SQL planner.
  const sql = `
    SELECT sid, ${wide ? 'arrayMap(x -> toFloat64(x), ts)' : `arrayMap(x -> toUInt32(x - ${p.add(fromMs, 'Int64')}), ts)`}, vs, st FROM (
      SELECT sid,
             arraySort(groupArray(t * ${shift} + pi) AS keys) AS sk,
             arraySort((v, key) -> key, groupArray(v), keys) AS sv,
             arraySort((s, key) -> key, groupArray(stale), keys) AS ss,
             arrayMap(x -> intDiv(x, ${shift}), sk) AS sts,
             arrayPushBack(arrayPopFront(sts), toInt64(-1)) AS nt,
             arrayFilter((x, n) -> n != x, sts, nt) AS ts,
             arrayFilter((x, t0, n) -> n != t0, sv, sts, nt) AS vs,
             arrayFilter((x, t0, n) -> n != t0, ss, sts, nt) AS st
      FROM (${pointsSql(series, fromMs, toMs, p)}) GROUP BY sid
    )`;
  const bytes = await queryRowBinary(db, {
    sql,
    params: p.params,
    tag: 'prometheus.points',
    signal,
    settings: { do_not_merge_across_partitions_select_final: 1, priority: readPriority(found.length, toMs - fromMs) },
  });
  // In the order of the series lookup's answer, whatever order the points came back in.
  const index = new Map(found.map((s, i) => [s.id, i]));
  const bySeries: (RawSeries | undefined)[] = found.map(() => undefined);
  for (const row of decodeRows(bytes, wide ? undefined : fromMs)) {
    const i = index.get(row.sid);
    if (i !== undefined) bySeries[i] = { metric: found[i]!.labels, ts: row.ts, vs: row.vs, stale: row.stale };
  }
  return bySeries.filter((s) => s !== undefined);
}

/**
 * Rows (sid UInt64, ts Array(UInt32) as ms after `fromMs`, or Array(Float64) of ms without it,
 * vs Array(Float64), st Array(UInt8)) of RowBinary.
 */
function* decodeRows(
  buf: Buffer,
  fromMs: number | undefined,
): Generator<{ sid: string; ts: Float64Array; vs: Float64Array; stale: Uint8Array | undefined }> {
  let at = 0;
  const varint = () => {
    let n = 0;
    let shift = 0;
    for (;;) {
      const b = buf[at++]!;
      n += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return n;
      shift += 7;
    }
  };
  while (at < buf.length) {
    const sid = buf.readBigUInt64LE(at).toString();
    at += 8;
    const floats = () => {
      const n = varint();
      // Copied into an aligned buffer: a Float64Array view needs an offset that is a multiple of 8.
      const out = new Float64Array(n);
      new Uint8Array(out.buffer).set(buf.subarray(at, at + 8 * n));
      at += 8 * n;
      return out;
    };
    let ts: Float64Array;
    if (fromMs === undefined) ts = floats();
    else {
      const n = varint();
      // Through an aligned copy, as floats(): indexing a Uint32Array is several times faster than readUInt32LE.
      const offsets = new Uint32Array(n);
      new Uint8Array(offsets.buffer).set(buf.subarray(at, at + 4 * n));
      at += 4 * n;
      ts = new Float64Array(n);
      for (let i = 0; i < n; i++) ts[i] = fromMs + offsets[i]!;
    }
    const vs = floats();
    const k = varint();
    let stale: Uint8Array | undefined;
    for (let i = 0; i < k; i++) {
      if (buf[at + i] !== 0) {
        stale = new Uint8Array(buf.subarray(at, at + k));
        break;
      }
    }
    at += k;
    yield { sid, ts, vs, stale };
  }
}
