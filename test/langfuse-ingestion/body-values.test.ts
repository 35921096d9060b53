import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../support/app.ts';

/*
 * A JSON request body holds at most 1,000,000 values (every object and array, and every comma
 * between two values), counted on its text before it is parsed: `{},` is 3 bytes and an object
 * once parsed, and each event of an ingestion batch is checked and answered on its own, so a gzip
 * body of kilobytes could otherwise hold tens of millions of events (one such body of 60 KB kept
 * the service busy for minutes and ended it out of memory). Past the bound: a 400 in the usual
 * error body, nothing stored. OTLP/JSON has its own bound (test/otlp-traces/message-budget.test.ts).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('json_body_values');
});
afterAll(() => t?.close());

/** `prefix`, then `n` copies of `item` separated by commas, then `suffix`. */
const flood = (prefix: string, item: string, n: number, suffix: string) =>
  `${prefix}${`${item},`.repeat(n - 1)}${item}${suffix}`;

function postGzip(path: string, json: string) {
  return t.app.request(path, {
    method: 'POST',
    body: gzipSync(Buffer.from(json)),
    headers: { ...bearer(), 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
  });
}

const REFUSED = {
  code: 'BAD_REQUEST',
  data: null,
  message:
    'request body holds more than 1000000 JSON values (objects, arrays, members and elements); send smaller batches',
};

describe('a JSON request body holds a bounded number of values', () => {
  it('POST /api/public/ingestion: a batch of 500,000 empty events is a 400, not an answer per event', async () => {
    // {"batch":[ is 2 values, each {} one more and each comma one: 1,000,001 in all.
    const res = await postGzip('/api/public/ingestion', flood('{"batch":[', '{}', 500_000, ']}'));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(REFUSED);
  });

  it('POST /v1/l/batch: a trace with 500,000 empty observations is a 400, nothing stored', async () => {
    const res = await postGzip('/v1/l/batch', flood('{"trace":{"id":"flood"},"observations":[', '{}', 499_999, ']}'));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(REFUSED);
    expect((await t.get('/api/public/traces')).body.meta.totalItems).toBe(0);
  });

  it('takes a body just within the bound: 1,000,000 values', async () => {
    // {"batch":[],"padding":[ counts 4 (the object, its two arrays, the comma between its members),
    // and each comma between the zeros one more: 1,000,000 with 999,997 zeros. Unknown fields are
    // ignored.
    const res = await postGzip('/api/public/ingestion', flood('{"batch":[],"padding":[', '0', 999_997, ']}'));
    expect(res.status).toBe(207);
    expect(await res.json()).toEqual({ successes: [], errors: [] });
  });
});
