import { SampleLines, type SeriesRow, seriesPrefix } from '@spanhouse/store';
import type { KnownSeries, SeriesEntry } from './known-series.ts';
import type { MetricPoints } from './store.ts';

/** A series being written: its row prefix (seriesPrefix: project, name and id in RowBinary). */
export type SeriesHandle = { prefix: Buffer };

/**
 * Writes the points of one request as RowBinary rows for the metric tables, for every ingest
 * path that has points as (series, time, value): finite values to metric_samples, staleness
 * markers, NaN and infinities to metric_nonfinite_samples (clickhouse/0009). Series ids come from
 * the known series shared by every metrics route, so a series has one id whatever API wrote it.
 * Every point is of `project`.
 */
export class PointWriter {
  private readonly lines: SampleLines;
  private readonly series: SeriesRow[] = [];
  private readonly pending = new Set<SeriesEntry>();
  private minUs = Number.POSITIVE_INFINITY;

  constructor(
    private readonly known: KnownSeries,
    private readonly project: string,
    expectedPoints: number,
  ) {
    this.lines = new SampleLines(expectedPoints);
  }

  /** The series of a name and labels (labels already checked against the limits). */
  seriesOf(name: string, labels: Record<string, string>): SeriesHandle {
    const entry = this.known.lookup(this.project, name, labels);
    if (!entry.stored && !this.pending.has(entry)) {
      this.pending.add(entry);
      this.series.push({ project_id: this.project, name, series_id: entry.id, labels });
    }
    return { prefix: seriesPrefix(this.project, name, entry.id) };
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
