import { memorySource, type SeriesInfo, type SeriesSource } from './series-source.ts';

/** How the cache reads a metric: its size first, then every series when it fits. */
export type MetricLoader = {
  /** The number of series of the metric and the UTF-8 bytes of their label keys and values. */
  size(): Promise<{ series: number; labelBytes: number }>;
  all(): Promise<SeriesInfo[]>;
};

/** Bytes a series takes in memory besides its labels' characters (objects, id, map entry). */
const SERIES_OVERHEAD_BYTES = 200;
/** In memory a label takes at most two bytes per UTF-8 byte (JavaScript strings are UTF-16). */
const bytesOf = (series: number, labelBytes: number) => series * SERIES_OVERHEAD_BYTES + 2 * labelBytes;

/**
 * The stored series of small metrics (per project and name), held by a process that is the only writer of its database
 * (embedded chDB binds the data folder to one process) and told of every write to the series
 * table (`invalidate`, called after each flush of it). A query of a held metric then finds its
 * series in memory instead of a chDB round trip that costs more than a small query's whole read
 * (docs/decisions/0005-metrics-read-strategies.md).
 *
 * Never stale: a read that overlaps an invalidation answers its own query but is not kept (the
 * generation check), so a series committed before an ingest request was acknowledged is in every
 * answer given after it. Bounded in bytes: a metric is held only when it has at most `maxPerName`
 * series whose labels take at most `maxBytesPerName`, and all held metrics at most `maxBytes`;
 * other metrics are read from the series table, a page at a time (reader.ts).
 */
export class MetricSeriesCache {
  private byName = new Map<string, { source: SeriesSource; bytes: number }>();
  /** Names found too large to hold: read from the series table (a metric's series only grow). */
  private tooLarge = new Set<string>();
  private held = 0;
  private generation = 0;

  constructor(private readonly limits = { maxPerName: 10_000, maxBytesPerName: 4 * 2 ** 20, maxBytes: 32 * 2 ** 20 }) {}

  /** Forgets everything: the series table was written to (or a write may have reached it). */
  invalidate(): void {
    this.generation++;
    this.byName = new Map();
    this.held = 0;
  }

  /** Bytes held for all metrics (an estimate: see bytesOf). */
  get heldBytes(): number {
    return this.held;
  }

  /** The series of the project's metric `name` from memory, or undefined: read them from the series table. */
  async source(project: string, name: string, load: MetricLoader): Promise<SeriesSource | undefined> {
    // A project id holds no newline (it comes from the key ring): the pair is one key.
    const key = `${project}\n${name}`;
    if (this.tooLarge.has(key)) return undefined;
    const held = this.byName.get(key);
    if (held) return held.source;
    const generation = this.generation;
    const size = await load.size();
    const bytes = bytesOf(size.series, size.labelBytes);
    if (size.series > this.limits.maxPerName || bytes > this.limits.maxBytesPerName) {
      this.tooLarge.add(key);
      return undefined;
    }
    const source = memorySource(await load.all());
    if (generation === this.generation && this.held + bytes <= this.limits.maxBytes) {
      this.byName.set(key, { source, bytes });
      this.held += bytes;
    }
    return source;
  }
}
