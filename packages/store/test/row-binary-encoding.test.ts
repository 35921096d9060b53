import { type Db, TABLES } from '@spanhouse/db';
import { openTestDb } from '@spanhouse/db/testing';
import { microsToCh, STORED_TIME_RANGE_US } from '@spanhouse/schema';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableEncoding } from '../src/encoded.ts';
import {
  encodeSamplesTsv,
  METRIC_NONFINITE_ENCODING,
  METRIC_SAMPLES_ENCODING,
  SAMPLE_COLUMNS,
  SampleLines,
  type SampleRow,
  STALE_NAN,
  seriesPrefix,
} from '../src/metric-samples.ts';
import {
  encodeObservationsRowBinary,
  encodeObservationsTsv,
  OBSERVATION_COLUMNS,
  OBSERVATION_PIECES_ENCODING,
} from '../src/observation-pieces.ts';
import {
  EMPTY_SPAN,
  encodeTracesRowBinary,
  encodeTracesTsv,
  TRACE_COLUMNS,
  TRACES_ENCODING,
  type TraceRow,
} from '../src/traces.ts';
import { observationRows, traceRows } from './row-arbitraries.ts';

/*
 * The RowBinary encoding must store exactly what the TabSeparated encoding stores: the same rows go
 * into twin tables, one through each path (RowBinary through Db.insertRowBinary, the path the
 * writer takes), and are read back and compared column by column.
 */

let db: Db;
beforeAll(async () => {
  db = await openTestDb('row_binary');
  for (const table of [TABLES.observationPieces, TABLES.traces, TABLES.metricSamples]) {
    await db.writer.command({ query: `CREATE TABLE ${table}_tsv AS ${table}` });
    await db.writer.command({ query: `CREATE TABLE ${table}_bin AS ${table}` });
  }
});
afterAll(() => db?.close());

// Any text JavaScript holds: control characters (NUL included), bytes of 0x80 and above once
// encoded, every script, astral planes, lone surrogates, separators and quotes of the text path.
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ maxLength: 300 }),
  fc.constantFrom(
    '',
    "'",
    '\\',
    '\\N',
    '\t',
    '\n',
    '\r\n',
    '\0',
    '\u0080',
    '\u00ff',
    '日本語',
    'עברית',
    'ελληνικά',
    '💥',
    'a\ud800b',
  ),
);
const micros = fc.integer({ min: STORED_TIME_RANGE_US.min, max: STORED_TIME_RANGE_US.max });
// Versions and counts up to 2^53 and whole doubles beyond it (exact in both paths).
const count = fc.oneof(
  fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  fc.constantFrom(2 ** 53, 2 ** 60, 2 ** 63),
);
const money = fc.oneof(
  fc.double({ min: 0, max: 1e6, noNaN: true }),
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 5e-324),
);
const project = fc.constantFrom('spanhouse', '0b6f2c1e-8d3a-4c4e-9a1f-2b7d5e6c8a90', 'p\t\\x', 'проект');
const values = {
  text,
  count,
  money,
  micros,
  timestamp: fc.oneof(micros, fc.constant(STORED_TIME_RANGE_US.max)).map(microsToCh),
  int64: fc.oneof(
    fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }),
    fc.constantFrom(EMPTY_SPAN.startMin, EMPTY_SPAN.endMax, -(2 ** 62)),
  ),
  project,
};
const observationRow = observationRows(values);
const traceRow = traceRows(values);

/**
 * Every row of `table` as a reader sees it (64-bit integers as doubles, as the service reads them;
 * NaN and infinities by name), but when it was written. The text path writes a double beyond 2^53
 * as its shortest decimal (2^60 as 1152921504606847000) and -0 as 0, where the binary path stores
 * the double's exact value: both read back as the same double, and JSON spells -0 as 0; the exact
 * values are checked on their own below.
 */
async function readAll(table: string): Promise<string[]> {
  const rs = await db.writer.query({
    query: `SELECT * EXCEPT (written_us) FROM ${table}`,
    format: 'JSONEachRow',
    clickhouse_settings: { output_format_json_quote_64bit_integers: 0, output_format_json_quote_denormals: 1 },
  });
  return ((await rs.json()) as unknown[]).map((row) => JSON.stringify(row)).sort();
}

async function storeBoth(
  table: string,
  tsv: Buffer,
  columns: [string, ...string[]],
  bin: Buffer,
  encoding: TableEncoding,
) {
  if (encoding.format !== 'RowBinary') throw new Error('the table is not encoded as RowBinary');
  await db.insertText({ table: `${table}_tsv`, columns, format: 'TabSeparated', text: tsv });
  await db.insertRowBinary({ table: `${table}_bin`, columns: encoding.columns, types: encoding.types, data: bin });
}

/** Equal rows; on a difference, the first differing row's differing columns (the rows are long). */
function expectSame(bin: string[], tsv: string[]): void {
  const at = bin.findIndex((row, i) => row !== tsv[i]);
  if (at < 0) {
    expect(bin).toEqual(tsv);
    return;
  }
  const b = JSON.parse(bin[at]!) as Record<string, unknown>;
  const t = JSON.parse(tsv[at] ?? '{}') as Record<string, unknown>;
  const differing = Object.keys(b).filter((k) => JSON.stringify(b[k]) !== JSON.stringify(t[k]));
  expect(differing.map((k) => `${k}: binary ${JSON.stringify(b[k])} text ${JSON.stringify(t[k])}`)).toEqual([]);
}

describe('RowBinary encoding of trace rows', () => {
  it('observation pieces: the binary path stores exactly what the text path stores', async () => {
    const rows = fc.sample(observationRow, { numRuns: 400, seed: 2054 }).map((o, i) => ({ ...o, id: `${i}${o.id}` }));
    expect(OBSERVATION_PIECES_ENCODING.columns).toEqual(OBSERVATION_COLUMNS);
    await storeBoth(
      TABLES.observationPieces,
      encodeObservationsTsv(rows),
      OBSERVATION_COLUMNS,
      encodeObservationsRowBinary(rows),
      OBSERVATION_PIECES_ENCODING,
    );
    const [tsv, bin] = await Promise.all([
      readAll(`${TABLES.observationPieces}_tsv`),
      readAll(`${TABLES.observationPieces}_bin`),
    ]);
    expect(tsv).toHaveLength(400);
    expectSame(bin, tsv);
  });

  it('traces: the binary path stores exactly what the text path stores', async () => {
    const rows = fc.sample(traceRow, { numRuns: 200, seed: 2054 }).map((t, i) => ({ ...t, id: `${i}${t.id}` }));
    // RowBinary adds obs_usage_kinds (clickhouse/0055), which the text lines take from obs_usage.
    expect(TRACES_ENCODING.columns.filter((c) => c !== 'obs_usage_kinds')).toEqual(TRACE_COLUMNS);
    await storeBoth(TABLES.traces, encodeTracesTsv(rows), TRACE_COLUMNS, encodeTracesRowBinary(rows), TRACES_ENCODING);
    const [tsv, bin] = await Promise.all([readAll(`${TABLES.traces}_tsv`), readAll(`${TABLES.traces}_bin`)]);
    expect(tsv).toHaveLength(200);
    expectSame(bin, tsv);
  });

  it('strings of any length and bytes: NUL, 0x80 and above, 3- and 4-byte characters, across the varint steps', async () => {
    const [base] = fc.sample(observationRow, { numRuns: 1, seed: 5 });
    const texts = [
      '',
      '\0',
      '\u0080\u00ff',
      'x'.repeat(127),
      'x'.repeat(128),
      'é'.repeat(64),
      '日'.repeat(43),
      'y'.repeat(16_383),
      'y'.repeat(16_384),
      '日本語'.repeat(40_000),
      `{"a":"${'🙂\t\\\0'.repeat(30_000)}"}`,
    ];
    const rows = texts.map((input, i) => ({
      ...base!,
      trace_id: 'long',
      id: `long${String(i).padStart(3, '0')}`,
      input: [1, input] as [number, string],
    }));
    const encoding = OBSERVATION_PIECES_ENCODING;
    if (encoding.format !== 'RowBinary') throw new Error('not RowBinary');
    await db.insertRowBinary({
      table: `${TABLES.observationPieces}_bin`,
      columns: encoding.columns,
      types: encoding.types,
      data: encodeObservationsRowBinary(rows),
    });
    const rs = await db.writer.query({
      query: `SELECT hex(input.2) AS h FROM ${TABLES.observationPieces}_bin WHERE trace_id = 'long' ORDER BY id`,
      format: 'JSONEachRow',
    });
    expect(await rs.json()).toEqual(texts.map((t) => ({ h: Buffer.from(t).toString('hex').toUpperCase() })));
  });

  it('keeps what the text path rounds: integers beyond 2^53 exactly, the Int64 extremes', async () => {
    const [base] = fc.sample(traceRow, { numRuns: 1, seed: 7 });
    const row: TraceRow = {
      ...base!,
      id: 'exact',
      obs_count: 2 ** 60,
      usage_units: 2 ** 63 + 2 ** 11,
      start_min: EMPTY_SPAN.startMin,
      end_max: EMPTY_SPAN.endMax,
      model_total: { m: 2 ** 64 - 2 ** 11 },
    };
    if (TRACES_ENCODING.format !== 'RowBinary') throw new Error('not RowBinary');
    await db.insertRowBinary({
      table: `${TABLES.traces}_bin`,
      columns: TRACES_ENCODING.columns,
      types: TRACES_ENCODING.types,
      data: encodeTracesRowBinary([row]),
    });
    const rs = await db.writer.query({
      query: `SELECT toString(obs_count) c, toString(usage_units) u, toString(start_min) lo,
        toString(end_max) hi, toString(model_total['m']) t FROM ${TABLES.traces}_bin WHERE id = 'exact'`,
      format: 'JSONEachRow',
    });
    expect(await rs.json()).toEqual([
      {
        c: '1152921504606846976',
        u: '9223372036854777856',
        lo: '9223372036854775807',
        hi: '-9223372036854775808',
        t: '18446744073709549568',
      },
    ]);
  });

  it('metric samples: the binary path stores what the text path stores; non-finite points keep NaN, infinities and the staleness marker', async () => {
    const names = ['cpu', 'http_requests_total', 'ελληνικά_μετρική', 'a\tb\\c', '\u0080x'];
    const projects = ['spanhouse', 'проект'];
    const ids = ['1', '9007199254740993', '18446744073709551615', '12345678901234567890'];
    const values = fc.sample(fc.double({ noNaN: true, noDefaultInfinity: true }), { numRuns: 300, seed: 54 });
    const rows: SampleRow[] = values.map((value, i) => ({
      project_id: projects[i % 2]!,
      name: names[i % names.length]!,
      series_id: ids[i % ids.length]!,
      ts: microsToCh(STORED_TIME_RANGE_US.min + i * 1_000_003_007),
      value,
    }));
    const lines = new SampleLines(rows.length);
    for (const [i, r] of rows.entries())
      lines.point(
        seriesPrefix(r.project_id, r.name, r.series_id),
        STORED_TIME_RANGE_US.min + i * 1_000_003_007,
        r.value,
      );
    // One call each: an array of doubles would keep NaN but not the staleness marker's payload (V8
    // stores one NaN in such arrays), and the marker arrives as a value read from the request.
    const up = seriesPrefix('spanhouse', 'up', '7');
    lines.point(up, 1_772_359_200_000_000, Number.NaN);
    lines.point(up, 1_772_359_200_000_001, STALE_NAN);
    lines.point(up, 1_772_359_200_000_002, Number.POSITIVE_INFINITY);
    lines.point(up, 1_772_359_200_000_003, Number.NEGATIVE_INFINITY);
    const samples = lines.samplesRows();
    expect(samples.rows).toBe(rows.length);
    await db.insertText({
      table: `${TABLES.metricSamples}_tsv`,
      columns: SAMPLE_COLUMNS,
      format: 'TabSeparated',
      text: Buffer.from(encodeSamplesTsv(rows)),
    });
    for (const [table, encoding, encoded] of [
      [`${TABLES.metricSamples}_bin`, METRIC_SAMPLES_ENCODING, samples],
      [TABLES.metricNonFinite, METRIC_NONFINITE_ENCODING, lines.nonFiniteRowsEncoded()],
    ] as const) {
      if (encoding.format !== 'RowBinary') throw new Error('not RowBinary');
      await db.insertRowBinary({ table, columns: encoding.columns, types: encoding.types, data: encoded.bytes });
    }
    const read = async (table: string) =>
      (
        await (
          await db.writer.query({
            query: `SELECT project_id, name, toString(series_id) id, toString(ts) ts, reinterpretAsUInt64(value) bits FROM ${table}`,
            format: 'JSONEachRow',
          })
        ).json()
      )
        .map((r) => JSON.stringify(r))
        .sort();
    const [tsv, bin] = await Promise.all([read(`${TABLES.metricSamples}_tsv`), read(`${TABLES.metricSamples}_bin`)]);
    expect(tsv).toHaveLength(rows.length);
    expect(bin).toEqual(tsv);
    const nonFinite = await (
      await db.writer.query({
        query: `SELECT toString(value) v, stale FROM ${TABLES.metricNonFinite} ORDER BY ts`,
        format: 'JSONEachRow',
      })
    ).json();
    expect(nonFinite).toEqual([
      { v: 'nan', stale: 0 },
      { v: 'nan', stale: 1 },
      { v: 'inf', stale: 0 },
      { v: '-inf', stale: 0 },
    ]);
  });
});
