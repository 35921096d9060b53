import type { MetricLimits } from '@spanhouse/config';
import { isoToMicros, METRIC_LIMITS, METRIC_TIME_RANGE_US } from '@spanhouse/schema';
import { type EncodedRows, nextVersion, RowBytes, type SeriesRow } from '@spanhouse/store';
import { BatchLimits } from './batch-limits.ts';
import { validLabels } from './decode.ts';
import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  equalBytes,
  FALLBACK,
  Fallback,
  JsonBytes,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  sameBytes,
} from './json-bytes.ts';
import type { KnownSeries, SeriesEntry } from './known-series.ts';

/** What a scanned body gives: its samples as RowBinary rows (or TabSeparated lines, as `encoding` says) and the series not yet stored. */
export type ScannedBatch = { samples: EncodedRows; series: SeriesRow[]; minUs: number; markStored: () => void };

/** The point keys, told apart by their lengths (4, 6, 5, 9), then checked byte by byte. */
const KEYS = ['', 'name', 'labels', 'value', 'timestamp'].map((k) => Buffer.from(k));
const NAME = 1;
const LABELS = 2;
const VALUE = 3;
const TIMESTAMP = 4;
const KEY_BY_LENGTH = [0, 0, 0, 0, NAME, VALUE, LABELS, 0, 0, TIMESTAMP];
const METRICS = Buffer.from('metrics');

/**
 * The fast path of POST /v1/metrics/batch: reads the body's bytes straight into RowBinary sample
 * rows (METRIC_SAMPLES_ENCODING), without decoding the body into a string, without JSON.parse and without an
 * object per point (docs/decisions/0008-metrics-batch-scanner.md).
 *
 * It reads a strict subset of JSON: `{"metrics":[...]}` whose points have only the keys name,
 * labels, value and timestamp (any order, whitespace anywhere JSON allows it), strings without
 * escape sequences, labels as an object of strings, and every value valid. For anything else
 * (escapes, other keys, null, a duplicate key, any invalid value, an empty list, bytes that are
 * not UTF-8) it returns undefined and the caller takes the JSON.parse path, which accepts the
 * body or words the 400. So the subset need only be a subset: whatever it accepts, JSON.parse +
 * decodeMetricsBatch accept with the same values (a property test checks that both give the same
 * rows).
 *
 * Series are looked up by their labels' raw text (one Map lookup instead of one per label), so a
 * label set is parsed and checked once, when first seen.
 */
export function scanMetricsBatch(
  body: Buffer,
  known: KnownSeries,
  project: string,
  limits: MetricLimits,
): ScannedBatch | undefined {
  try {
    return new Scanner(body, known, project, new BatchLimits(limits)).batch();
  } catch (err) {
    if (err instanceof Fallback) return undefined;
    throw err;
  }
}

class Scanner extends JsonBytes {
  /** The previous point's name and timestamp (byte ranges and what they stand for). */
  private nameAt = [0, 0];
  private name = '';
  private tsAt = [0, 0];
  private tsUs = 0;
  private minUs = Number.POSITIVE_INFINITY;
  private readonly out: RowBytes;
  private rows = 0;
  private readonly series: SeriesRow[] = [];
  private readonly pending = new Set<SeriesEntry>();
  /** The project as a RowBinary String, the start of every row. */
  private readonly projectField: Buffer;
  /** When the request was accepted: every row's `written_us` (metric-samples.ts). */
  private readonly writtenUs = nextVersion();

  constructor(
    b: Buffer,
    private readonly known: KnownSeries,
    private readonly project: string,
    private readonly limits: BatchLimits,
  ) {
    super(b);
    const field = new RowBytes(0);
    field.string(project);
    this.projectField = Buffer.from(field.bytes());
    // A row (~48 bytes) is shorter than the point it comes from (~100 bytes as JSON).
    this.out = new RowBytes(Math.ceil(b.length * 0.5));
  }

  batch(): ScannedBatch {
    this.expect(OPEN_BRACE);
    const [start, end] = this.stringAt();
    if (!equalBytes(this.b, start, end, METRICS)) throw FALLBACK;
    this.expect(COLON);
    this.expect(OPEN_BRACKET);
    this.ws();
    if (this.b[this.i] === CLOSE_BRACKET) throw FALLBACK; // no points: the schema path says what that means
    for (;;) {
      this.point();
      this.ws();
      const c = this.b[this.i++];
      if (c === CLOSE_BRACKET) break;
      if (c !== COMMA) throw FALLBACK;
    }
    this.expect(CLOSE_BRACE);
    this.ws();
    if (this.i !== this.b.length) throw FALLBACK;
    const pending = this.pending;
    return {
      samples: { bytes: this.out.bytes(), rows: this.rows },
      series: this.series,
      minUs: this.minUs,
      markStored: () => {
        for (const e of pending) e.stored = true;
      },
    };
  }

  private point(): void {
    this.expect(OPEN_BRACE);
    let name = -1;
    let labels: string | undefined;
    let value = -1;
    let valueText: string | undefined;
    let valueEnd = -1;
    let ts = -1;
    let tsEnd = -1;
    for (;;) {
      const [start, end] = this.stringAt();
      const key = keyOf(this.b, start, end);
      this.expect(COLON);
      this.ws();
      if (key === NAME && name < 0) {
        name = this.i;
        this.stringAt();
      } else if (key === LABELS && labels === undefined) labels = this.labels();
      else if (key === VALUE && value < 0) {
        value = this.i;
        valueText = this.number();
        valueEnd = this.i;
      } else if (key === TIMESTAMP && ts < 0) {
        ts = this.i;
        tsEnd = this.stringAt()[1] + 1;
      } else throw FALLBACK;
      this.ws();
      const c = this.b[this.i++];
      if (c === CLOSE_BRACE) break;
      if (c !== COMMA) throw FALLBACK;
    }
    if (name < 0 || value < 0 || ts < 0) throw FALLBACK;
    const nameEnd = this.nameAfter(name);
    const entry = this.entry(this.name, labels ?? '');
    const us = this.tsUsOf(ts, tsEnd);
    const out = this.out;
    out.raw(this.projectField);
    out.stringBytes(this.b, name + 1, nameEnd - 1);
    out.uint64Text(entry.id);
    out.int64(us);
    out.float64(valueText === undefined ? plainNumber(this.b, value, valueEnd) : Number(valueText));
    out.uint64(this.writtenUs);
    this.limits.points(++this.rows);
  }

  /**
   * The end of the name string starting at `start` (its closing quote included), with this.name
   * set to it: usually the previous point's, compared byte by byte rather than decoded again.
   */
  private nameAfter(start: number): number {
    const b = this.b;
    const end = b.indexOf(QUOTE, start + 1) + 1;
    const [ps, pe] = this.nameAt as [number, number];
    if (pe - ps !== end - start || !sameBytes(b, ps, start, end - start)) {
      const name = this.text(start + 1, end - 1);
      if (name.length === 0 || name.length > METRIC_LIMITS.nameMax) throw FALLBACK;
      this.name = name;
      this.nameAt = [start, end];
    }
    return end;
  }

  /** The series of `name` with labels given as raw object text ('' when absent). */
  private entry(name: string, labelsText: string): SeriesEntry {
    let entry = this.known.lookupRaw(this.project, name, labelsText);
    let labels: unknown;
    if (entry === undefined) {
      // First sight of this text: parse and check it once. The text holds only strings without
      // escapes (see labels()), so JSON.parse cannot fail; the checks are decodeMetricsBatch's.
      labels = labelsText === '' ? {} : JSON.parse(labelsText);
      if (!validLabels(labels)) throw FALLBACK;
      entry = this.known.lookup(this.project, name, labels);
      this.known.rememberRaw(this.project, name, labelsText, entry);
    }
    this.limits.seriesOf(entry);
    if (!entry.stored && !this.pending.has(entry)) {
      this.pending.add(entry);
      labels ??= labelsText === '' ? {} : JSON.parse(labelsText);
      this.series.push({
        project_id: this.project,
        name,
        series_id: entry.id,
        labels: labels as Record<string, string>,
      });
    }
    return entry;
  }

  /**
   * The microseconds of the timestamp string at [start, end) (both quotes included); consecutive
   * points usually share one, so the previous one is compared byte by byte and kept.
   */
  private tsUsOf(start: number, end: number): number {
    const [ps, pe] = this.tsAt as [number, number];
    if (pe - ps !== end - start || !sameBytes(this.b, ps, start, end - start)) {
      const us = isoToMicros(this.text(start + 1, end - 1));
      if (us === null || us < METRIC_TIME_RANGE_US.min || us > METRIC_TIME_RANGE_US.max) throw FALLBACK;
      this.tsUs = us;
      if (us < this.minUs) this.minUs = us;
      this.tsAt = [start, end];
    }
    return this.tsUs;
  }

  /** `{}` or `{"k":"v",...}` of plain strings; returns the raw text. */
  private labels(): string {
    const start = this.i;
    this.expect(OPEN_BRACE);
    this.ws();
    if (this.b[this.i] === CLOSE_BRACE) {
      this.i++;
      return '{}';
    }
    for (;;) {
      this.stringAt();
      this.expect(COLON);
      this.ws();
      this.stringAt();
      this.ws();
      const c = this.b[this.i++];
      if (c === CLOSE_BRACE) return this.text(start, this.i);
      if (c !== COMMA) throw FALLBACK;
    }
  }
}

/**
 * The double of a plain JSON number at [start, end) (JsonBytes.number returned undefined for it: at
 * most 15 significant digits, no exponent): its digits as an integer over the power of ten of its
 * fraction, both exact, so the one rounding of the division gives the double JSON.parse gives.
 */
function plainNumber(b: Uint8Array, start: number, end: number): number {
  let i = start;
  const negative = b[i] === 45;
  if (negative) i++;
  let mantissa = 0;
  let fraction = -1;
  for (; i < end; i++) {
    const c = b[i]!;
    if (c === 46) fraction = 0;
    else {
      mantissa = mantissa * 10 + (c - 48);
      if (fraction >= 0) fraction++;
    }
  }
  const value = fraction > 0 ? mantissa / 10 ** fraction : mantissa;
  return negative ? -value : value;
}

/** The point key spelled by the bytes [start, end), or 0. */
function keyOf(b: Uint8Array, start: number, end: number): number {
  const key = KEY_BY_LENGTH[end - start] ?? 0;
  return key !== 0 && equalBytes(b, start, end, KEYS[key]!) ? key : 0;
}
