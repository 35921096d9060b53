import { TABLES } from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

// A search while its index is being built, as after an upgrade whose migration rebuilds it: the
// parts the build has not reached are read in full, which on a large store takes longer than the
// query API's bound (QUERY_TIMEOUT_MS). The read is stopped there and the answer says why; the
// reader it held serves the next request at once. The build is held still by stopping merges
// (which run mutations), on a million search documents written straight into the table, with accented
// words as most text has (the scan of such text is the slow one: it is folded and normalized).

let t: TestApp;
const DOCUMENTS = 1_000_000;
const BOUND_MS = 500;

const query = async (sql: string) => (await t.db.writer.query({ query: sql, format: 'JSONEachRow' })).json<Record<string, string>>();

beforeAll(async () => {
  t = await createTestApp('search-index-build', { QUERY_TIMEOUT_MS: String(BOUND_MS) });
  const res = await t.post('/v1/l/batch', { trace: { id: 'needle-trace', name: 'n', input: 'a needle here' }, observations: [] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await t.db.writer.command({
    query: `INSERT INTO ${TABLES.traceSearch} (project_id, trace_id, timestamp, obs_start, texts, written_us)
      SELECT (SELECT any(project_id) FROM ${TABLES.traces}), concat('filler-', toString(number)),
        toDateTime64('2026-06-01 00:00:00', 6, 'UTC') + number, toDateTime64('2299-12-31 23:59:59', 6, 'UTC'),
        map('\\0input', (1, concat('common words of filler ', toString(number), ' in Ünïcode'))), 1
      FROM numbers(${DOCUMENTS})`,
  });
  // The index dropped and added again as a migration does it, then its build registered and held.
  const [index] = await query(`SELECT expr, type_full FROM system.data_skipping_indices
    WHERE database = currentDatabase() AND table = '${TABLES.traceSearch}' AND name = 'trace_search_words'`);
  await t.db.writer.command({ query: `ALTER TABLE ${TABLES.traceSearch} DROP INDEX trace_search_words SETTINGS mutations_sync = 2` });
  await t.db.writer.command({
    query: `ALTER TABLE ${TABLES.traceSearch} ADD INDEX trace_search_words ${index!.expr} TYPE ${index!.type_full}`,
  });
  await t.db.writer.command({ query: `SYSTEM STOP MERGES ${TABLES.traceSearch}` });
  await t.db.writer.command({
    query: `ALTER TABLE ${TABLES.traceSearch} MATERIALIZE INDEX trace_search_words SETTINGS mutations_sync = 0`,
  });
}, 120_000);
afterAll(() => t?.close());

describe('a search while its index is being built', () => {
  it('is stopped at the bound with a 503 naming the build, and asks to come back later', async () => {
    const started = performance.now();
    const res = await t.get('/api/public/traces?search=needle');
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(res.body).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      data: null,
      message: expect.stringMatching(
        /^the query ran longer than 0\.5 s \(QUERY_TIMEOUT_MS\) and was stopped: ClickHouse is building the index trace_search_words \(\d+ parts to go\), and until it is done the reads that need it scan; try again later$/,
      ),
    });
  });

  it('frees the readers: searches beyond their number all end at the bound, and the next read answers', async () => {
    const searches = await Promise.all(['common', 'words', 'filler', 'needle'].map((q) => t.get(`/api/public/traces?search=${q}`)));
    expect(searches.map((r) => r.status)).toEqual([503, 503, 503, 503]);
    const res = await t.get('/api/public/traces?limit=1&fields=core');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((x: { id: string }) => x.id)).toEqual(['needle-trace']);
  });
});
