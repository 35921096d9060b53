import { TABLES } from '@spanhouse/db/tables';
import { type EncodedRows, rowBinaryEncoding, type TableEncoding, type TableRows } from './encoded.ts';
import { RowBytes } from './row-binary/row-bytes.ts';
import { nextVersion } from './versioned.ts';

/*
 * `metric_samples_v2` (clickhouse/0002, 0021, ReplacingMergeTree on (project_id, name, series_id,
 * ts): a re-sent point replaces itself) and `metric_nonfinite_samples_v2` (0009: staleness markers,
 * NaN and infinities). Every row carries when its request was accepted (`written_us`, 0063, from
 * nextVersion): a series deletion covers the points written before it (series-deletions.ts).
 * Writers: SampleLines, which writes the rows of both tables in RowBinary for the ingest paths that
 * have points as (series, time, value), and SampleRow with encodeSamplesTsv (TabSeparated, with
 * METRIC_SAMPLES_TSV_ENCODING). The batch scanner (ingest-api metrics/scan.ts) writes the same
 * RowBinary rows straight from the request's bytes (docs/decisions/0008-metrics-batch-scanner.md);
 * its property test holds them to encodeSamplesTsv's.
 */

/** A row of the samples table; `ts` is microsToCh's text. Its `written_us` is its request's (encodeSamplesTsv). */
export type SampleRow = { project_id: string; name: string; series_id: string; ts: string; value: number };

/** Columns of a samples line, in order. */
export const SAMPLE_COLUMNS: [string, ...string[]] = ['project_id', 'name', 'series_id', 'ts', 'value', 'written_us'];

/** Columns of a line of metric_nonfinite_samples, in order. */
export const NONFINITE_COLUMNS: [string, ...string[]] = [
  'project_id',
  'name',
  'series_id',
  'ts',
  'value',
  'stale',
  'written_us',
];

/** Samples as SampleLines writes them (RowBinary), in SAMPLE_COLUMNS' order. */
export const METRIC_SAMPLES_ENCODING: TableEncoding = rowBinaryEncoding([
  ['project_id', 'LowCardinality(String)'],
  ['name', 'LowCardinality(String)'],
  ['series_id', 'UInt64'],
  ['ts', 'DateTime64(6)'],
  ['value', 'Float64'],
  ['written_us', 'UInt64'],
]);
/** Non-finite points as SampleLines writes them (RowBinary), in NONFINITE_COLUMNS' order. */
export const METRIC_NONFINITE_ENCODING: TableEncoding = rowBinaryEncoding([
  ['project_id', 'LowCardinality(String)'],
  ['name', 'LowCardinality(String)'],
  ['series_id', 'UInt64'],
  ['ts', 'DateTime64(6)'],
  ['value', 'Float64'],
  ['stale', 'UInt8'],
  ['written_us', 'UInt64'],
]);
/** Samples as encodeSamplesTsv writes them: rows that name this encoding beside their bytes (EncodedRows). */
export const METRIC_SAMPLES_TSV_ENCODING: TableEncoding = { columns: SAMPLE_COLUMNS, format: 'TabSeparated' };

/** A String field of a samples line: backslash, tab, newline and carriage return escaped. */
export function escapeTsv(s: string): string {
  return /[\\\t\n\r]/.test(s)
    ? s.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : s;
}

/**
 * Sample rows as TabSeparated text, written at `writtenUs` (their request's acceptance). ids and
 * times are digits; `String(value)` is the shortest text that reads back as the same double; names
 * are escaped once per distinct name.
 *
 * Still how the service stores the points of POST /v1/metrics/batch's general path (ingest-api
 * routes/metrics-batch.ts: JSON.parse, taken for the bodies the batch scanner declines), with
 * METRIC_SAMPLES_TSV_ENCODING; every other path writes RowBinary (SampleLines, the scanner). The
 * tests hold the scanner's rows and SampleLines' to what this stores.
 */
export function encodeSamplesTsv(rows: readonly SampleRow[], writtenUs = nextVersion()): string {
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
    parts[i] = `${escaped}\t${r.series_id}\t${r.ts}\t${r.value}\t${writtenUs}\n`;
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

/**
 * A series' row prefix (project, name and series id in RowBinary), made once per series and
 * request; `seriesId` is the id's decimal text.
 */
export function seriesPrefix(project: string, name: string, seriesId: string): Buffer {
  const out = new RowBytes(0);
  out.string(project);
  out.string(name);
  out.uint64Text(seriesId);
  return Buffer.from(out.bytes());
}

/**
 * The rows of one request's points in RowBinary: finite values to metric_samples, staleness
 * markers, NaN and infinities to metric_nonfinite_samples, every one written at `writtenUs` (the
 * request's acceptance).
 */
export class SampleLines {
  private readonly samples: RowBytes;
  private readonly nonFinite = new RowBytes(0);
  private sampleRows = 0;
  private nonFiniteRows = 0;

  constructor(
    expectedPoints: number,
    private readonly writtenUs = nextVersion(),
  ) {
    this.samples = new RowBytes(expectedPoints * 48);
  }

  /** One point at `us` microseconds of the series with row prefix `prefix` (seriesPrefix). */
  point(prefix: Buffer, us: number, v: number): void {
    if (v - v === 0) {
      this.samples.raw(prefix);
      this.samples.int64(us);
      // + 0 turns -0 into 0, as the text these rows were written as before (String(-0) is '0').
      this.samples.float64(v + 0);
      this.samples.uint64(this.writtenUs);
      this.sampleRows++;
    } else {
      this.nonFinite.raw(prefix);
      this.nonFinite.int64(us);
      this.nonFinite.float64(v);
      this.nonFinite.uint8(isStaleNaN(v) ? 1 : 0);
      this.nonFinite.uint64(this.writtenUs);
      this.nonFiniteRows++;
    }
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
