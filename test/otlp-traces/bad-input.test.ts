import { gzipSync } from 'node:zlib';
import { ErrorBody, TraceListResponse } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, bearer, createTestApp, type TestApp } from '../support/app.ts';
import { hex, jsonExport, protobufExport } from '../support/otlp-request.ts';

const PATH = '/api/public/otel/v1/traces';
const DECOMPRESSED_LIMIT = 256 * 1024;
const BODY_LIMIT = 64 * 1024;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('otlp-bad-input', {
    BODY_LIMIT_BYTES: String(BODY_LIMIT),
    DECOMPRESSED_LIMIT_BYTES: String(DECOMPRESSED_LIMIT),
  });
});
afterAll(() => t?.close());

async function send(body: string | Uint8Array, headers: Record<string, string>) {
  const res = await t.app.request(PATH, { method: 'POST', body, headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text };
}

async function expectNothingStored() {
  const list = v.parse(TraceListResponse, (await t.get('/api/public/traces')).body);
  expect(list.meta.totalItems).toBe(0);
}

const good = () => jsonExport([{ traceId: hex(16), spanId: hex(8), name: 'ok', end: '1772359201000000000' }]);
const PROTO = { 'Content-Type': 'application/x-protobuf', ...bearer() };
const JSON_TYPE = { 'Content-Type': 'application/json', ...bearer() };

describe('POST /api/public/otel/v1/traces refuses bad input, storing nothing', () => {
  const cases: [string, () => string | Uint8Array, Record<string, string>, number, RegExp][] = [
    ['garbage protobuf', () => new Uint8Array([0xff, 0xff, 0xff, 0xff, 0x0f, 0x01, 0x02]), PROTO, 400, /protobuf/],
    ['truncated protobuf', () => protobufExport(good()).slice(0, -7), PROTO, 400, /protobuf/],
    [
      'bad gzip',
      () => new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3, 4, 5]),
      { ...PROTO, 'Content-Encoding': 'gzip' },
      400,
      /gzip/,
    ],
    ['plain bytes labelled gzip', () => good(), { ...JSON_TYPE, 'Content-Encoding': 'gzip' }, 400, /gzip/],
    [
      'an unsupported Content-Encoding',
      () => good(),
      { ...JSON_TYPE, 'Content-Encoding': 'br' },
      415,
      /Content-Encoding: 'br' is not supported/,
    ],
    ['malformed JSON', () => '{"resourceSpans": [', JSON_TYPE, 400, /not valid JSON/],
    ['JSON that is not an object', () => '[1, 2]', JSON_TYPE, 400, /JSON object/],
    ['resourceSpans not an array', () => '{"resourceSpans": {"a": 1}}', JSON_TYPE, 400, /resourceSpans/],
    [
      'a span id of the wrong type',
      () => JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: hex(16), spanId: 42 }] }] }] }),
      JSON_TYPE,
      400,
      /resourceSpans\.0\.scopeSpans\.0\.spans\.0\.spanId/,
    ],
    [
      'a time that is not a number',
      () =>
        JSON.stringify({
          resourceSpans: [
            { scopeSpans: [{ spans: [{ traceId: hex(16), spanId: hex(8), startTimeUnixNano: 'soon' }] }] },
          ],
        }),
      JSON_TYPE,
      400,
      /startTimeUnixNano/,
    ],
    [
      'spans without ids',
      () => jsonExport([{ name: 'no ids' }, { traceId: hex(16), name: 'no span id' }]),
      JSON_TYPE,
      400,
      /2 spans rejected: resourceSpans\.0\.scopeSpans\.0\.spans\.0: traceId is missing, spanId is missing/,
    ],
    [
      'protobuf spans with ids of the wrong length',
      () => protobufExport(jsonExport([{ traceId: hex(8), spanId: hex(8) }])),
      PROTO,
      400,
      /traceId is not 16 bytes/,
    ],
    ['a wrong content type', () => good(), { 'Content-Type': 'text/plain', ...bearer() }, 415, /Content-Type/],
    ['no content type', () => good(), bearer(), 415, /Content-Type/],
    ['no credentials', () => good(), { 'Content-Type': 'application/json' }, 401, /credentials/],
    ['a wrong bearer token', () => good(), { 'Content-Type': 'application/json', ...bearer('x') }, 401, /credentials/],
    [
      'a wrong secret key',
      () => good(),
      { 'Content-Type': 'application/json', ...basic('pk-test', 'x') },
      401,
      /credentials/,
    ],
    ['a body past the limit', () => 'x'.repeat(BODY_LIMIT + 1), JSON_TYPE, 413, /exceeds/],
  ];

  it.each(cases)('%s → %i', async (_label, body, headers, status, message) => {
    const res = await send(body(), headers);
    expect(res.status).toBe(status);
    const error = v.parse(ErrorBody, JSON.parse(res.body));
    expect(error.message).toMatch(message);
    await expectNothingStored();
  });

  it('an unsupported Content-Type or Content-Encoding is 415 UNSUPPORTED_MEDIA_TYPE, naming what is taken', async () => {
    const type = await send(good(), { 'Content-Type': 'text/plain', ...bearer() });
    expect(type.status).toBe(415);
    expect(JSON.parse(type.body)).toEqual({
      message: "Content-Type: 'text/plain' is not supported; send application/x-protobuf or application/json",
      code: 'UNSUPPORTED_MEDIA_TYPE',
      data: null,
    });
    const encoding = await send(good(), { ...JSON_TYPE, 'Content-Encoding': 'br' });
    expect(encoding.status).toBe(415);
    expect(JSON.parse(encoding.body)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    // RFC 9110: a 415 for a content coding says which codings are accepted.
    expect(encoding.headers.get('accept-encoding')).toBe('gzip');
  });

  it('a gzip bomb is refused with 413 while inflating', async () => {
    // 64 MiB of zeros, 64 KiB compressed: far past the 256 KiB decompressed limit.
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
    expect(bomb.length).toBeLessThan(BODY_LIMIT);
    const res = await send(bomb, { ...JSON_TYPE, 'Content-Encoding': 'gzip' });
    expect(res.status).toBe(413);
    expect(v.parse(ErrorBody, JSON.parse(res.body)).message).toMatch(/decompressed request body exceeds 262144 bytes/);
    await expectNothingStored();
  });
});
