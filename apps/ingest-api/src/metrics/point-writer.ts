import { SampleLines, type SeriesRow, seriesPrefix } from '@spanhouse/store';
import type { KnownSeries, SeriesEntry } from './known-series.ts';
import type { MetricPoints } from './store.ts';

/** A series being written: its row prefix (seriesPrefix: project, name and id in RowBinary). */
export type SeriesHandle = { prefix: Buffer };

/** A series looked up and not yet written to (PointWriter.use makes it a handle). */
export type SeriesRef = { name: string; labels: Record<string, string>; entry: SeriesEntry };

/**
 * Writes the points of one request as RowBinary rows for the metric tables, for every ingest
 * path that has points as (series, time, value): finite values to metric_samples, staleness
 * markers, NaN and infinities to metric_nonfinite_samples (clickhouse/0009). Series ids come from
 * the known series shared by every metrics route, so a series has one id whatever API wrote it.
 * Every point is of `project`. It counts the distinct series the request writes to, so that a
 * path can hold a request to its series limit (MetricLimits.seriesPerRequest) before writing.
 */
export class PointWriter {
  private readonly lines: SampleLines;
  private readonly series: SeriesRow[] = [];
  /** The series this request writes to; those not yet stored also have a row in `series`. */
  private readonly used = new Set<SeriesEntry>();
  private readonly pending: SeriesEntry[] = [];
  private minUs = Number.POSITIVE_INFINITY;

  constructor(
    private readonly known: KnownSeries,
    private readonly project: string,
    expectedPoints: number,
  ) {
    this.lines = new SampleLines(expectedPoints);
  }

  /** The series of a name and labels (labels already checked against the limits), written to from now on. */
  seriesOf(name: string, labels: Record<string, string>): SeriesHandle {
    return this.use(this.lookup(name, labels));
  }

  /** The series of a name and labels, not yet counted as written to: `unused` and `use` decide. */
  lookup(name: string, labels: Record<string, string>): SeriesRef {
    return { name, labels, entry: this.known.lookup(this.project, name, labels) };
  }

  /** How many of `refs` (distinct series) this request has not written to yet. */
  unused(refs: readonly SeriesRef[]): number {
    let n = 0;
    for (const r of refs) if (!this.used.has(r.entry)) n++;
    return n;
  }

  /** A looked-up series, now counted as written to. */
  use({ name, labels, entry }: SeriesRef): SeriesHandle {
    if (!this.used.has(entry)) {
      this.used.add(entry);
      if (!entry.stored) {
        this.pending.push(entry);
        this.series.push({ project_id: this.project, name, series_id: entry.id, labels });
      }
    }
    return { prefix: seriesPrefix(this.project, name, entry.id) };
  }

  /** Distinct series written to so far (one sent with its labels in two orders counts twice). */
  get seriesCount(): number {
    return this.used.size;
  }

  /** One point at `us` microseconds. */
  point(s: SeriesHandle, us: number, v: number): void {
    if (us < this.minUs) this.minUs = us;
    this.lines.point(s.prefix, us, v);
  }

  get count(): number {
    return this.lines.count;
  }

  result(): MetricPoints {
    const pending = this.pending;
    return {
      samples: this.lines.samplesRows(),
      nonFinite: this.lines.nonFiniteRowsEncoded(),
      series: this.series,
      minUs: this.minUs,
      markStored: () => {
        for (const e of pending) e.stored = true;
      },
    };
  }
}
