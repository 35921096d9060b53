import type { Labels, SeriesInfo } from './groups.ts';

/**
 * The stored series of each metric name, held by a process that is the only writer of its
 * database (embedded chDB binds the data folder to one process) and told of every write to the
 * series table (`invalidate`, called after each flush of it). Each metrics query then skips its
 * series lookup, a chDB round trip that costs more than a small query's whole read
 * (docs/decisions/0005-metrics-read-strategies.md).
 *
 * Never stale: a lookup that overlaps an invalidation answers its own query but is not kept
 * (the generation check), so a series committed before an ingest request was acknowledged is in
 * every answer given after it. Bounded: a metric with more than `maxPerName` series is not held
 * (its queries filter labels in SQL, which is cheaper than scanning that many here), and the
 * cache holds at most `maxSeries` series in all.
 */
export class MetricSeriesCache {
  private byName = new Map<string, SeriesInfo[]>();
  /** Names found to have more than `maxPerName` series: looked up in SQL. */
  private tooMany = new Set<string>();
  private held = 0;
  private generation = 0;

  constructor(
    private readonly maxPerName = 10_000,
    private readonly maxSeries = 100_000,
  ) {}

  /** Forgets everything: the series table was written to (or a write may have reached it). */
  invalidate(): void {
    this.generation++;
    this.byName = new Map();
    this.held = 0;
  }

  /**
   * The series of `name` whose labels contain every pair of `labels`, and how many series the
   * name has in all. `loadAll` reads every series of the name, at most `maxPerName + 1` of them;
   * undefined means "use SQL instead".
   */
  async find(
    name: string,
    labels: Labels,
    loadAll: (limit: number) => Promise<SeriesInfo[]>,
  ): Promise<{ series: SeriesInfo[]; total: number } | undefined> {
    if (this.tooMany.has(name)) return undefined;
    let all = this.byName.get(name);
    if (!all) {
      const generation = this.generation;
      all = await loadAll(this.maxPerName + 1);
      if (all.length > this.maxPerName) {
        this.tooMany.add(name);
        return undefined;
      }
      if (generation === this.generation && this.held + all.length <= this.maxSeries) {
        this.byName.set(name, all);
        this.held += all.length;
      }
    }
    return { series: matching(all, labels), total: all.length };
  }
}

/** The series whose labels contain every pair of `labels` (the label filter of docs/api.md). */
export function matching(series: SeriesInfo[], labels: Labels): SeriesInfo[] {
  const pairs = Object.entries(labels);
  if (pairs.length === 0) return series;
  return series.filter((s) => pairs.every(([k, v]) => Object.hasOwn(s.labels, k) && s.labels[k] === v));
}
