import { TABLES } from '@spanhouse/db/tables';
import type { EncodedRows, TableEncoding, TableRows } from './encoded.ts';
import { LineBytes } from './tsv/line-bytes.ts';

/*
 * `metric_samples_v2` (clickhouse/0002, 0021, ReplacingMergeTree on (project_id, name, series_id,
 * ts): a re-sent point replaces itself) and `metric_nonfinite_samples_v2` (0009: staleness markers,
 * NaN and infinities).
 * Writers: SampleRow with encodeSamplesTsv, and SampleLines, which writes the lines of both tables
 * byte by byte for the ingest paths that have points as (series, time, value). The batch scanner
 * (ingest-api metrics/scan.ts) writes the same sample line straight from the request's bytes
 * (docs/decisions/0008-metrics-batch-scanner.md); its property test holds it to encodeSamplesTsv.
 */

/** A row of the samples table; `ts` is microsToCh's text. */
export type SampleRow = { project_id: string; name: string; series_id: string; ts: string; value: number };

/** Columns of a samples line, in order. */
export const SAMPLE_COLUMNS: [string, ...string[]] = ['project_id', 'name', 'series_id', 'ts', 'value'];

/** Columns of a line of metric_nonfinite_samples, in order. */
export const NONFINITE_COLUMNS: [string, ...string[]] = ['project_id', 'name', 'series_id', 'ts', 'value', 'stale'];

export const METRIC_SAMPLES_ENCODING: TableEncoding = { columns: SAMPLE_COLUMNS, format: 'TabSeparated' };
export const METRIC_NONFINITE_ENCODING: TableEncoding = { columns: NONFINITE_COLUMNS, format: 'TabSeparated' };

/** A String field of a samples line: backslash, tab, newline and carriage return escaped. */
export function escapeTsv(s: string): string {
  return /[\\\t\n\r]/.test(s)
    ? s.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : s;
}

/**
 * Sample rows as TabSeparated text. ids and times are digits; `String(value)` is the shortest text
 * that reads back as the same double; names are escaped once per distinct name.
 */
export function encodeSamplesTsv(rows: readonly SampleRow[]): string {
  const parts: string[] = new Array(rows.length);
  let lastProject: string | undefined;
  let lastName: string | undefined;
  let escaped = '';
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (r.name !== lastName || r.project_id !== lastProject) {
      lastName = r.name;
      lastProject = r.project_id;
      escaped = `${escapeTsv(r.project_id)}\t${escapeTsv(r.name)}`;
    }
    parts[i] = `${escaped}\t${r.series_id}\t${r.ts}\t${r.value}\n`;
  }
  return parts.join('');
}

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

/** A series' line prefix (`project\tname\tid\t`, UTF-8), made once per series and request. */
export const seriesPrefix = (project: string, name: string, seriesId: string) =>
  Buffer.from(`${escapeTsv(project)}\t${escapeTsv(name)}\t${seriesId}\t`);

/**
 * The lines of one request's points: finite values to metric_samples, staleness markers, NaN and
 * infinities to metric_nonfinite_samples.
 */
export class SampleLines {
  private readonly samples: LineBytes;
  private readonly nonFinite = new LineBytes(0);
  private sampleRows = 0;
  private nonFiniteRows = 0;

  constructor(expectedPoints: number) {
    this.samples = new LineBytes(expectedPoints * 48);
  }

  /** One point of the series with line prefix `prefix` (seriesPrefix); `stamp` is microsToCh's text. */
  point(prefix: Buffer, stamp: string, v: number): void {
    const finite = v - v === 0;
    const out = finite ? this.samples : this.nonFinite;
    const text = finite ? String(v) : nonFiniteText(v);
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

  samplesRows(): EncodedRows {
    return { bytes: this.samples.bytes(), rows: this.sampleRows };
  }

  nonFiniteRowsEncoded(): EncodedRows {
    return { bytes: this.nonFinite.bytes(), rows: this.nonFiniteRows };
  }
}

/** Encoded samples (and non-finite points, when any) as the writer takes them. */
export const sampleTables = (samples: EncodedRows, nonFinite?: EncodedRows): TableRows => ({
  [TABLES.metricSamples]: samples,
  [TABLES.metricNonFinite]: nonFinite,
});
