/*
 * The walks over one series' points along the query's steps: the instant selector's lookback, a
 * range function's sliding window, and the point arrays they read. Synchronous loops over typed
 * arrays (millions of windows a query); the evaluator calls them series by series.
 */
import { LOOKBACK_MS } from '../samples-sql.ts';
import { type OverTimeFunction, prefixCounts, type Window } from './functions-over-time.ts';
import type { RawSeries } from './raw-samples.ts';
import type { Labels, Series } from './values.ts';

/** No scalar arguments at a step (a range function without them). */
const NONE: number[] = [];

/** An instant selector over one series at every step: the newest point within the lookback, unless stale. */
export function lookback(
  s: RawSeries,
  start: number,
  end: number,
  interval: number,
  offset: number,
  check: () => void,
): Series {
  const series: Series = { metric: s.metric, ts: [], vs: [] };
  let i = -1;
  for (let ts = start, n = 0; ts <= end; ts += interval, n++) {
    if ((n & 0xffff) === 0xffff) check();
    const ref = ts - offset;
    while (i + 1 < s.ts.length && s.ts[i + 1]! <= ref) i++;
    if (i < 0 || s.ts[i]! < ref - LOOKBACK_MS || s.stale?.[i]) continue;
    series.ts.push(ts);
    series.vs.push(s.vs[i]!);
  }
  return series;
}

/**
 * A range function over one series' points at every step (synchronous, so that V8 optimizes the
 * loop: millions of windows a query): the window [t - offset - range, t - offset] slides along.
 */
export function overWindows(
  s: { ts: Float64Array; vs: Float64Array },
  metric: Labels,
  f: OverTimeFunction,
  g: { start: number; interval: number; steps: number; offset: number; rangeMs: number },
  atStep: number[][],
  prefix: 'resets' | 'changes' | undefined,
  check: () => void,
): Series {
  // Into scratch arrays of every step, copied out once at the size found (no growing arrays).
  const outTs = scratch(g.steps, 0);
  const outVs = scratch(g.steps, 1);
  let m = 0;
  const w: Window = {
    ts: s.ts,
    vs: s.vs,
    lo: 0,
    hi: -1,
    start: 0,
    end: 0,
    rangeMs: g.rangeMs,
    evalMs: 0,
    resets: prefix === 'resets' ? prefixCounts(s.vs, prefix) : undefined,
    changes: prefix === 'changes' ? prefixCounts(s.vs, prefix) : undefined,
  };
  const scalars = atStep.length > 0;
  const n = s.ts.length;
  let lo = 0;
  let hi = -1;
  for (let step = 0; step < g.steps; step++) {
    if ((step & 0xffff) === 0xffff) check();
    const ts = g.start + step * g.interval;
    const maxt = ts - g.offset;
    const mint = maxt - g.rangeMs;
    while (hi + 1 < n && s.ts[hi + 1]! <= maxt) hi++;
    while (lo < n && s.ts[lo]! < mint) lo++;
    if (lo > hi) continue;
    w.lo = lo;
    w.hi = hi;
    w.start = mint;
    w.end = maxt;
    w.evalMs = ts;
    const v = f(w, scalars ? atStep[step]! : NONE);
    if (v === undefined) continue;
    outTs[m] = ts;
    outVs[m++] = v;
  }
  const series: Series = { metric, ts: new Array<number>(m), vs: new Array<number>(m) };
  for (let j = 0; j < m; j++) {
    series.ts[j] = outTs[j]!;
    series.vs[j] = outVs[j]!;
  }
  return series;
}

/** Scratch arrays of overWindows, reused by every call (the walk is synchronous). */
const SCRATCH: Float64Array[] = [new Float64Array(0), new Float64Array(0)];

function scratch(n: number, which: 0 | 1): Float64Array {
  if (SCRATCH[which]!.length < n) SCRATCH[which] = new Float64Array(n);
  return SCRATCH[which]!;
}

/** A series' points without its staleness markers (what ranges read). */
export function floatPoints(s: { ts: Float64Array; vs: Float64Array; stale?: Uint8Array | undefined }): {
  ts: Float64Array;
  vs: Float64Array;
} {
  const stale = s.stale;
  if (!stale) return s;
  let n = 0;
  for (let i = 0; i < stale.length; i++) if (!stale[i]) n++;
  const ts = new Float64Array(n);
  const vs = new Float64Array(n);
  for (let i = 0, j = 0; i < stale.length; i++) {
    if (stale[i]) continue;
    ts[j] = s.ts[i]!;
    vs[j++] = s.vs[i]!;
  }
  return { ts, vs };
}

/** The index of the last time <= t, or -1. */
export function lastAtOrBefore(ts: ArrayLike<number>, t: number): number {
  let lo = 0;
  let hi = ts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ts[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
