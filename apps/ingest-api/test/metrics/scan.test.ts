import { loadConfig } from '@spanhouse/config';
import { chToMicros } from '@spanhouse/schema';
import { encodeSamplesTsv } from '@spanhouse/store';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMetricsBatch } from '../../src/metrics/decode.ts';
import { KnownSeries } from '../../src/metrics/known-series.ts';
import { buildMetricRows } from '../../src/metrics/rows.ts';
import { scanMetricsBatch as scanBytes } from '../../src/metrics/scan.ts';

const LIMITS = loadConfig({}).metricLimits;

/** A project id with characters a TabSeparated field escapes, so the two paths must agree on them too. */
const PROJECT = 'p\t1\\';

type Sample = { project: string; name: string; id: string; us: number; value: number };

/** The scanner over a body's UTF-8 bytes, its samples read back from their RowBinary rows. */
function scanMetricsBatch(text: string, cache: KnownSeries) {
  const scanned = scanBytes(Buffer.from(text), cache, PROJECT, LIMITS);
  return (
    scanned && { ...scanned, samples: { read: rowBinarySamples(scanned.samples.bytes), rows: scanned.samples.rows } }
  );
}

/** Samples rows in RowBinary (project, name, series id, DateTime64(6), Float64, UInt64), as ClickHouse reads them. */
function rowBinarySamples(b: Buffer): Sample[] {
  const out: Sample[] = [];
  let at = 0;
  const string = () => {
    let n = 0;
    let shift = 1;
    for (;;) {
      const c = b[at++]!;
      n += (c & 127) * shift;
      shift *= 128;
      if (c < 128) break;
    }
    at += n;
    return b.toString('utf8', at - n, at);
  };
  while (at < b.length) {
    const project = string();
    const name = string();
    const id = b.readBigUInt64LE(at).toString();
    const us = Number(b.readBigInt64LE(at + 8));
    const value = b.readDoubleLE(at + 16);
    // written_us (at + 24): when the request was accepted, which two encodings of one body differ in.
    at += 32;
    out.push({ project, name, id, us, value });
  }
  return out;
}

/** What the JSON.parse path stores for a body: sample lines and new series. */
function slowPath(text: string) {
  const rows = buildMetricRows(PROJECT, decodeMetricsBatch(JSON.parse(text)), new KnownSeries(), LIMITS);
  return { tsv: encodeSamplesTsv(rows.samples), series: rows.series };
}

/** Sample lines as ClickHouse reads them: fields unescaped, the time in microseconds, the value a double. */
const lines = (tsv: string): Sample[] =>
  tsv
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [project, name, id, ts, value] = line
        .split('\t')
        .map((f) => f.replace(/\\(.)/g, (_, c) => ({ t: '\t', n: '\n', r: '\r' })[c as string] ?? c));
      return { project: project!, name: name!, id: id!, us: chToMicros(ts!), value: Number(value) };
    });

function expectSameAsSlowPath(text: string) {
  const fast = scanMetricsBatch(text, new KnownSeries());
  expect(fast, 'the scanner should read this body').toBeDefined();
  const slow = slowPath(text);
  expect(fast!.samples.read).toEqual(lines(slow.tsv));
  expect(fast!.samples.rows).toBe(lines(slow.tsv).length);
  expect(fast!.series).toEqual(slow.series);
}

const point = (over: Record<string, unknown> = {}) => ({
  name: 'cpu',
  labels: { host: 'a' },
  value: 1.5,
  timestamp: '2026-01-01T00:00:00Z',
  ...over,
});
const body = (...points: unknown[]) => JSON.stringify({ metrics: points });

// Strings the scanner reads as they are: no character JSON.stringify would escape.
const plain = (minLength: number, maxLength: number) =>
  fc.string({ unit: 'grapheme', minLength, maxLength }).filter((s) => JSON.stringify(s) === `"${s}"`);
const value = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(0, -0, 0.1, 1e21, 5e-324, 123456789012345, 1234567890123456, 2 ** 53, 1e-7),
);
const timestamp = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2199-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => d.toISOString());
const labels = fc.dictionary(plain(1, 12), plain(0, 12), { maxKeys: 5 });
const pointArb = fc.record(
  { name: plain(1, 12), labels, value, timestamp },
  { requiredKeys: ['name', 'value', 'timestamp'] },
);

describe('the metrics body scanner', () => {
  it('stores exactly what the JSON.parse path stores, for any batch in its subset', () => {
    fc.assert(
      fc.property(fc.array(pointArb, { minLength: 1, maxLength: 20 }), fc.boolean(), (points, pretty) => {
        expectSameAsSlowPath(JSON.stringify({ metrics: points }, null, pretty ? 2 : undefined));
      }),
      { numRuns: 300 },
    );
  });

  it('reads keys in any order, whitespace anywhere JSON allows it, and numbers as written', () => {
    const text =
      ' {\n "metrics" : [ { "value" : 1.50 , "timestamp":"2026-01-01T00:00:00.5Z",\t"name":"cpu" },\r\n' +
      '{"labels":{},"name":"cpu","value":-0,"timestamp":"2026-01-01T00:00:00.5Z"},' +
      '{"name":"mem","labels":{"a":"1","b":"2"},"value":1E3,"timestamp":"2026-01-01T00:00:10+02:00"} ] } ';
    expectSameAsSlowPath(text);
    const rows = scanMetricsBatch(text, new KnownSeries())!.samples.read;
    expect(rows.map((r) => r.value)).toEqual([1.5, 0, 1000]);
    // A point without labels and one with {} are the same series.
    expect(rows[0]!.id).toBe(rows[1]!.id);
  });

  it('writes every number as the double JSON.parse gives, zero as 0', () => {
    const scanned = (v: string) =>
      scanMetricsBatch(`{"metrics":[{"name":"x","value":${v},"timestamp":"2026-01-01T00:00:00Z"}]}`, new KnownSeries())!
        .samples.read[0]!.value;
    for (const v of [
      '1.25',
      '1e21',
      '12345678901234567890',
      '0.30000000000000004441',
      '0.1',
      '-123.456',
      '999999999999999',
      '0.000000000000001',
    ])
      expect(scanned(v), v).toBe(JSON.parse(v));
    expect(scanned('-0.0')).toBe(0);
  });

  it('hands every body outside its subset to the JSON.parse path', () => {
    const outside = [
      '',
      '[]',
      '{"metrics":[]}',
      '{"metrics":{}}',
      '{"other":[]}',
      body(point({ name: 'a\\b' })),
      body(point({ name: 'tab\there' })),
      body(point({ labels: { host: 'line\nbreak' } })),
      body(point({ unit: 'ms' })),
      body(point({ labels: null })),
      body(point({ labels: { host: 1 } })),
      body(point({ value: null })),
      body(point({ value: '1' })),
      body(point({ name: '' })),
      body(point({ name: 'n'.repeat(10_000) })),
      body(point({ timestamp: 'yesterday' })),
      body(point({ timestamp: '1969-12-31T23:59:59Z' })),
      '{"metrics":[{"name":"cpu","name":"mem","value":1,"timestamp":"2026-01-01T00:00:00Z"}]}',
      '{"metrics":[{"name":"cpu","value":01,"timestamp":"2026-01-01T00:00:00Z"}]}',
      '{"metrics":[{"name":"cpu","value":1e999,"timestamp":"2026-01-01T00:00:00Z"}]}',
      '{"metrics":[{"name":"cpu","value":1.,"timestamp":"2026-01-01T00:00:00Z"}]}',
      `${body(point())},`,
      body(point()).slice(0, -1),
    ];
    for (const text of outside) expect(scanMetricsBatch(text, new KnownSeries()), text.slice(0, 80)).toBeUndefined();
  });

  it('hands bytes that are not UTF-8, and a leading byte order mark, to the text path', () => {
    const ok = Buffer.from(body(point({ labels: { host: 'é' } })));
    expect(scanBytes(ok, new KnownSeries(), PROJECT, LIMITS)).toBeDefined();
    const at = ok.indexOf(Buffer.from('é'));
    // A lone byte, a cut sequence, a surrogate, and the first 3 bytes of a 4-byte character (one
    // replacement character, as long as the bytes it replaces).
    for (const bad of [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf0, 0x90, 0x80]].map((b) => Buffer.from(b))) {
      const damaged = Buffer.concat([ok.subarray(0, at), bad, ok.subarray(at + 2)]);
      expect(scanBytes(damaged, new KnownSeries(), PROJECT, LIMITS), bad.toString('hex')).toBeUndefined();
    }
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), ok]);
    expect(scanBytes(bom, new KnownSeries(), PROJECT, LIMITS)).toBeUndefined();
  });

  it('reports each new series once per batch and none once marked stored', () => {
    const cache = new KnownSeries();
    const text = body(point(), point({ value: 2 }), point({ labels: { host: 'b' } }));
    const first = scanMetricsBatch(text, cache)!;
    expect(first.series.map((s) => s.labels)).toEqual([{ host: 'a' }, { host: 'b' }]);
    expect(scanMetricsBatch(text, cache)!.series).toHaveLength(2);
    first.markStored();
    const again = scanMetricsBatch(text, cache)!;
    expect(again.series).toEqual([]);
    expect(again.samples.rows).toBe(3);
  });
});
