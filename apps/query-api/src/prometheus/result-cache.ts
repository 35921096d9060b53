import { labelsKey } from './engine/values.ts';
import type { Grid } from './samples-sql.ts';
import { compareLabels, type Labels } from './series-lookup.ts';

export type SeriesPoints = { metric: Labels; points: [number, number][] };

/** Steps of a cached answer: series by labels, points in time order, every grid step in [fromMs, toMs]. */
type Entry = {
  stepMs: number;
  fromMs: number;
  toMs: number;
  offsetMinMs: number;
  /** Whether the query reads series derived from the traces (the LLM series). */
  readsTraces: boolean;
  series: SeriesPoints[];
  bytes: number;
};

/** Writes remembered for computations still running (see `written`). */
const LOG_MAX = 4096;

/**
 * The dashboard-refresh cache of query_range answers, as VictoriaMetrics' rollup cache and the
 * Mimir/Cortex query frontend do it: per project, query, step and grid phase, the answers of the steps
 * already computed are kept, and a refresh whose window slid computes only the steps past them.
 *
 * Correct under late points without an out-of-order allowance: every metrics write tells the cache
 * its earliest point time after its rows are committed, i.e. readable (`written`, through the write
 * notices: ingest-api metrics/store.ts), and each entry forgets the steps that point can change: a
 * step at t reads points up to t - offset, so a point at p changes steps t >= p + offset (the
 * query's smallest offset; negative offsets look ahead). An answer stored before the notice is cut
 * by it; one whose computation overlapped the notice is cut as it is stored (the log of writes);
 * one computed after the notice read the committed points. So no step computed without a
 * committed point outlives that write's notice. The LLM series are read from the traces, so
 * writes of observation pieces and trace deletions tell the cache too (`tracesWritten`), and cut
 * only the entries of queries that read those series: trace writes leave answers over stored
 * metrics alone. The cache is only for the process that sees every write: the all-in-one process
 * on embedded chDB.
 * Queries with `@` are not cached (their steps depend on the grid's ends). Bounded in bytes (LRU).
 */
export class PromResultCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private generation = 0;
  /** (generation after the write, earliest ms written, whether only trace-reading entries care). */
  private readonly log: { generation: number; ms: number; traces: boolean }[] = [];

  constructor(readonly maxBytes = 64 * 1024 * 1024) {}

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** A write committed points from `minUs` on: cached steps they can change are dropped. */
  written(minUs: number): void {
    this.note(minUs, false);
  }

  /**
   * A write changed what the series derived from the traces hold from `minUs` on (observation
   * pieces from their earliest start, a deletion from 0): the steps it can change are dropped from
   * the answers of queries that read those series.
   */
  tracesWritten(minUs: number): void {
    this.note(minUs, true);
  }

  private note(minUs: number, traces: boolean): void {
    const ms = Math.floor(minUs / 1000);
    this.generation++;
    this.log.push({ generation: this.generation, ms, traces });
    if (this.log.length > LOG_MAX) this.log.shift();
    for (const [key, e] of this.entries) if (!traces || e.readsTraces) this.cut(key, e, ms + e.offsetMinMs);
  }

  /**
   * The answer of `query` over `grid`: cached steps from an earlier answer of the same query,
   * step and phase, and `compute` for the steps past them (or for everything). `readsTraces`: the
   * query selects series derived from the traces, so trace writes cut its answer.
   */
  async range(
    project: string,
    query: string,
    grid: Grid,
    offsetMinMs: number,
    compute: (g: Grid) => Promise<SeriesPoints[]>,
    readsTraces = false,
  ): Promise<SeriesPoints[]> {
    const { startMs, stepMs } = grid;
    const endMs = startMs + (grid.steps - 1) * stepMs;
    const key = `${project}\n${stepMs}\n${((startMs % stepMs) + stepMs) % stepMs}\n${query}`;
    const since = this.generation;
    const hit = this.entries.get(key);
    let result: SeriesPoints[];
    if (hit && hit.fromMs <= startMs && hit.toMs + stepMs >= startMs) {
      const cachedEnd = Math.min(hit.toMs, endMs);
      const tailStart = Math.max(cachedEnd + stepMs, startMs);
      const tail =
        tailStart <= endMs
          ? await compute({ startMs: tailStart, stepMs, steps: Math.floor((endMs - tailStart) / stepMs) + 1 })
          : [];
      result = merge(hit.series, startMs, cachedEnd, tail);
    } else {
      result = await compute(grid);
    }
    this.store(
      key,
      { stepMs, fromMs: startMs, toMs: endMs, offsetMinMs, readsTraces, series: result, bytes: sizeOf(result) },
      since,
    );
    return result;
  }

  private store(key: string, e: Entry, since: number): void {
    // Writes that happened while this was computed may be missing from it.
    if (this.log.length > 0 && this.log[0]!.generation > since + 1 && since < this.generation) return;
    let cutoff = Number.POSITIVE_INFINITY;
    for (const w of this.log) {
      if (w.generation > since && (!w.traces || e.readsTraces)) cutoff = Math.min(cutoff, w.ms + e.offsetMinMs);
    }
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    if (e.bytes > this.maxBytes / 4) return;
    this.entries.set(key, e);
    this.bytes += e.bytes;
    if (cutoff !== Number.POSITIVE_INFINITY) this.cut(key, e, cutoff);
    for (const [k, victim] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= victim.bytes;
    }
  }

  /** Keeps only the steps before `cutoffMs`; drops the entry when none is left. */
  private cut(key: string, e: Entry, cutoffMs: number): void {
    if (cutoffMs > e.toMs) return;
    const last = e.fromMs + Math.floor((cutoffMs - 1 - e.fromMs) / e.stepMs) * e.stepMs;
    this.bytes -= e.bytes;
    if (cutoffMs <= e.fromMs || last < e.fromMs) {
      this.entries.delete(key);
      return;
    }
    e.toMs = last;
    e.series = e.series
      .map((s) => ({ metric: s.metric, points: s.points.filter(([t]) => t <= last) }))
      .filter((s) => s.points.length > 0);
    e.bytes = sizeOf(e.series);
    this.bytes += e.bytes;
  }
}

/**
 * Cached points in [fromMs, toMs] and the computed tail, series by labels: by the label set, not
 * its objects' key order (the tail may come from another path, ClickHouse's or the service's).
 */
function merge(cached: SeriesPoints[], fromMs: number, toMs: number, tail: SeriesPoints[]): SeriesPoints[] {
  const byKey = new Map<string, SeriesPoints>();
  for (const s of cached) {
    const points = s.points.filter(([t]) => t >= fromMs && t <= toMs);
    if (points.length > 0) byKey.set(labelsKey(s.metric), { metric: s.metric, points });
  }
  for (const s of tail) {
    const key = labelsKey(s.metric);
    const have = byKey.get(key);
    if (have) have.points = have.points.concat(s.points);
    else byKey.set(key, s);
  }
  return [...byKey.values()].sort((a, b) => compareLabels(a.metric, b.metric));
}

/** Approximate memory of an answer: 32 bytes per point, the labels' text twice. */
function sizeOf(series: SeriesPoints[]): number {
  let bytes = 0;
  for (const s of series) bytes += 64 + 2 * JSON.stringify(s.metric).length + 32 * s.points.length;
  return bytes;
}
