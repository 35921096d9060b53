import { loadConfig } from '@spanhouse/config';
import { encodeSamplesTsv, escapeTsv } from '@spanhouse/store';
import { describe, expect, it } from 'vitest';
import { decodeMetricsBatch } from '../../src/metrics/decode.ts';
import { KnownSeries } from '../../src/metrics/known-series.ts';
import { buildMetricRows } from '../../src/metrics/rows.ts';
import { canonicalSeries, seriesId as projectSeriesId } from '../../src/metrics/series-id.ts';

const LIMITS = loadConfig({}).metricLimits;

const D = 'spanhouse';
/** The default project's ids: those stored before projects. */
const seriesId = (name: string, labels: Record<string, string>) => projectSeriesId(D, name, labels);

describe('series ids', () => {
  it('do not depend on the order labels are given in', () => {
    expect(seriesId('cpu', { host: 'a', region: 'b' })).toBe(seriesId('cpu', { region: 'b', host: 'a' }));
  });

  it('differ for label sets that only look alike once joined', () => {
    const sets: [string, Record<string, string>][] = [
      ['cpu', { a: 'b,c=d' }],
      ['cpu', { a: 'b', c: 'd' }],
      ['cpu', { 'a=b': 'c' }],
      ['cpu', { a: '"b"' }],
      ['cpu', {}],
      ['cpu', { '': '' }],
      ['cp', { u: '' }],
      ['cpu2', {}],
    ];
    expect(new Set(sets.map(([n, l]) => seriesId(n, l))).size).toBe(sets.length);
    expect(new Set(sets.map(([n, l]) => canonicalSeries(D, n, l))).size).toBe(sets.length);
  });

  it('are stable: stored ids depend on this exact definition (the default project keeps the ids from before projects)', () => {
    expect(canonicalSeries(D, 'cpu', { region: 'r3', host: 'h7' })).toBe('["cpu",[["host","h7"],["region","r3"]]]');
    // First 8 bytes of SHA-256 of the canonical form, as an unsigned decimal:
    // echo -n '["cpu",[["host","h7"],["region","r3"]]]' | sha256sum -> e8c970e7648fdc14...
    expect(seriesId('cpu', { region: 'r3', host: 'h7' })).toBe(BigInt('0xe8c970e7648fdc14').toString());
  });

  it("differ between projects for the same name and labels, so nothing keyed by id mixes two projects' series", () => {
    const labels = { host: 'a' };
    const ids = ['spanhouse', 'p1', 'p2', '["spanhouse"'].map((p) => projectSeriesId(p, 'cpu', labels));
    expect(new Set(ids).size).toBe(4);
    expect(canonicalSeries('p1', 'cpu', labels)).toBe('["p1","cpu",[["host","a"]]]');
  });
});

describe('buildMetricRows', () => {
  const batch = () =>
    decodeMetricsBatch({
      metrics: [
        { name: 'cpu', labels: { host: 'a' }, value: 1, timestamp: '2026-01-01T00:00:00.5Z' },
        { name: 'cpu', labels: { host: 'a' }, value: 2, timestamp: '2026-01-01T00:00:10Z' },
        { name: 'cpu', labels: { host: 'b' }, value: 3, timestamp: '2026-01-01T00:00:10Z' },
      ],
    });

  it('gives one sample row per point and one series row per new series', () => {
    const rows = buildMetricRows(D, batch(), new KnownSeries(), LIMITS);
    expect(rows.samples.map((r) => [r.ts, r.value])).toEqual([
      ['1767225600.500000', 1],
      ['1767225610.000000', 2],
      ['1767225610.000000', 3],
    ]);
    expect(rows.series.map((s) => s.labels)).toEqual([{ host: 'a' }, { host: 'b' }]);
    expect(rows.samples[0]?.series_id).toBe(seriesId('cpu', { host: 'a' }));
  });

  it('sends a series row again until one was committed, then no more', () => {
    const cache = new KnownSeries();
    const first = buildMetricRows(D, batch(), cache, LIMITS);
    expect(buildMetricRows(D, batch(), cache, LIMITS).series).toHaveLength(2);
    first.markStored();
    expect(buildMetricRows(D, batch(), cache, LIMITS).series).toHaveLength(0);
  });

  it('holds at most its byte budget of label text, however large the label sets', () => {
    const budget = 1024 * 1024;
    const cache = new KnownSeries(1_000_000, budget);
    const big = (n: number) =>
      Object.fromEntries(Array.from({ length: 64 }, (_, k) => [`key${k}`, `${n}-${k}-${'v'.repeat(1000)}`]));
    let peak = 0;
    for (let n = 0; n < 200; n++) {
      const labels = big(n);
      const entry = cache.lookup(D, 'wide', labels);
      expect(entry.id).toBe(seriesId('wide', labels));
      cache.rememberRaw(D, 'wide', JSON.stringify(labels), entry);
      peak = Math.max(peak, cache.heldBytes);
    }
    // 200 series of ~128 KiB of label text each would be ~25 MiB; each lookup keeps within its
    // budget but for the one series that crossed it.
    expect(peak).toBeLessThan(2 * budget + 2 * 200 * 1024);
  });

  it("keeps each project's series apart: a series stored for one project is new for another", () => {
    const cache = new KnownSeries();
    buildMetricRows(D, batch(), cache, LIMITS).markStored();
    expect(buildMetricRows(D, batch(), cache, LIMITS).series).toHaveLength(0);
    const other = buildMetricRows('p1', batch(), cache, LIMITS);
    expect(other.series.map((s) => [s.project_id, s.labels])).toEqual([
      ['p1', { host: 'a' }],
      ['p1', { host: 'b' }],
    ]);
    expect(other.samples.every((r) => r.project_id === 'p1')).toBe(true);
    expect(other.samples[0]?.series_id).toBe(projectSeriesId('p1', 'cpu', { host: 'a' }));
  });

  it('starts over when the cache is full, which only resends series rows', () => {
    const cache = new KnownSeries(1);
    buildMetricRows(D, batch(), cache, LIMITS).markStored();
    expect(cache.size).toBeLessThanOrEqual(1);
    expect(buildMetricRows(D, batch(), cache, LIMITS).series.length).toBeGreaterThan(0);
  });
});

describe('encodeSamplesTsv', () => {
  it('writes one TabSeparated line per row, its project first, escaping names, with when it was written', () => {
    const text = encodeSamplesTsv(
      [
        { project_id: D, name: 'a\tb\\c\nd', series_id: '42', ts: '1767225600.000000', value: 0.1 },
        { project_id: 'p1', name: 'plain', series_id: '18446744073709551615', ts: '0.000001', value: -1e-7 },
      ],
      1767225600123456,
    );
    expect(text).toBe(
      'spanhouse\ta\\tb\\\\c\\nd\t42\t1767225600.000000\t0.1\t1767225600123456\np1\tplain\t18446744073709551615\t0.000001\t-1e-7\t1767225600123456\n',
    );
    expect(escapeTsv('no escapes')).toBe('no escapes');
    expect(escapeTsv('\r')).toBe('\\r');
  });
});
