import { LineBytes } from '../tsv/line-bytes.ts';
import type { KnownSeries, SeriesEntry } from './known-series.ts';
import { escapeTsv, type SeriesRow } from './rows.ts';
import type { MetricPoints } from './store.ts';

const bits = new Float64Array(1);
const bitsHigh = new Uint32Array(bits.buffer);
/**
 * Prometheus' staleness marker: the NaN with bits 0x7ff0000000000002 (value.StaleNaN), written when
 * a series disappears from a scrape. V8 keeps a NaN's payload through readDoubleLE and copies.
 */
export function isStaleNaN(v: number): boolean {
  if (!Number.isNaN(v)) return false;
  bits[0] = v;
  return bitsHigh[1] === 0x7ff00000 && bitsHigh[0] === 2;
}
export const STALE_NAN = (() => {
  const b = new Uint32Array([2, 0x7ff00000]);
  return new Float64Array(b.buffer)[0]!;
})();

/** ClickHouse's TabSeparated spelling of a non-finite Float64. */
const nonFiniteText = (v: number) => (Number.isNaN(v) ? 'nan' : v > 0 ? 'inf' : '-inf');

/** A series being written: its line prefix (`name\tid\t`, UTF-8). */
export type SeriesHandle = { prefix: Buffer };

/**
 * Writes the points of one request as TabSeparated lines for the metric tables, for every ingest
 * path that has points as (series, time, value): finite values to metric_samples, staleness
 * markers, NaN and infinities to metric_nonfinite_samples (clickhouse/0009). Series ids come from
 * the known series shared by every metrics route, so a series has one id whatever API wrote it.
 */
export class PointWriter {
  private readonly samples: LineBytes;
  private readonly nonFinite = new LineBytes(0);
  private sampleRows = 0;
  private nonFiniteRows = 0;
  private readonly series: SeriesRow[] = [];
  private readonly pending = new Set<SeriesEntry>();
  private minUs = Number.POSITIVE_INFINITY;

  constructor(
    private readonly known: KnownSeries,
    expectedPoints: number,
  ) {
    this.samples = new LineBytes(expectedPoints * 48);
  }

  /** The series of a name and labels (labels already checked against the limits). */
  seriesOf(name: string, labels: Record<string, string>): SeriesHandle {
    const entry = this.known.lookup(name, labels);
    if (!entry.stored && !this.pending.has(entry)) {
      this.pending.add(entry);
      this.series.push({ name, series_id: entry.id, labels });
    }
    return { prefix: Buffer.from(`${escapeTsv(name)}\t${entry.id}\t`) };
  }

  /** One point at `us` microseconds; `stamp` is that time in ClickHouse's DateTime64(6) text (microsToCh). */
  point(s: SeriesHandle, us: number, stamp: string, v: number): void {
    if (us < this.minUs) this.minUs = us;
    const finite = v - v === 0;
    const out = finite ? this.samples : this.nonFinite;
    const text = finite ? String(v) : nonFiniteText(v);
    const prefix = s.prefix;
    out.room(prefix.length + stamp.length + text.length + 4);
    out.copy(prefix, 0, prefix.length);
    out.ascii(stamp);
    out.byte(9);
    out.ascii(text);
    if (finite) this.sampleRows++;
    else {
      out.byte(9);
      out.byte(isStaleNaN(v) ? 49 : 48);
      this.nonFiniteRows++;
    }
    out.byte(10);
  }

  get count(): number {
    return this.sampleRows + this.nonFiniteRows;
  }

  result(): MetricPoints {
    const pending = this.pending;
    return {
      samples: { bytes: this.samples.bytes(), rows: this.sampleRows },
      nonFinite: { bytes: this.nonFinite.bytes(), rows: this.nonFiniteRows },
      series: this.series,
      minUs: this.minUs,
      markStored: () => {
        for (const e of pending) e.stored = true;
      },
    };
  }
}
