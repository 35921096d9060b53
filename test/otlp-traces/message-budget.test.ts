import { gzipSync } from 'node:zlib';
import { opentelemetry } from '@spanhouse/ingest-api/otlp-proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../support/app.ts';
import { hex } from '../support/otlp-request.ts';

/*
 * An empty protobuf sub-message takes 2 bytes and becomes an object once decoded: a gzip body of a
 * few kilobytes inflates to millions of them. One OTLP request of traces or logs may decode at
 * most 2,000,000 (docs/ingest.md); past that it is a 400 before it is mapped, and nothing of it is
 * stored. OTLP/JSON likewise: `{},` is 3 bytes and an object once parsed, so a JSON body may hold
 * at most 4,000,000 values (objects, arrays and the commas between values), counted before it is
 * parsed.
 */

const EMPTY_ATTRIBUTES = 2_000_001;
const AT_NS = BigInt(Date.UTC(2026, 2, 1, 10)) * 1_000_000n;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('otlp-message-budget');
});
afterAll(() => t?.close());

/** A request of one span with `n` empty attributes (field 9 of a span, 2 bytes each) after its fields. */
function spanWithEmptyAttributes(n: number): Buffer {
  const span = opentelemetry.proto.trace.v1.Span.encode({
    traceId: Buffer.from(hex(16), 'hex'),
    spanId: Buffer.from(hex(8), 'hex'),
    name: 'flood',
    startTimeUnixNano: AT_NS.toString(),
    endTimeUnixNano: (AT_NS + 1_000_000n).toString(),
  }).finish();
  const spanBytes = Buffer.concat([Buffer.from(span), Buffer.alloc(2 * n, Buffer.from([0x4a, 0x00]))]);
  // request > resource spans (field 1) > scope spans (field 2) > spans (field 2)
  return lengthDelimited(1, lengthDelimited(2, lengthDelimited(2, spanBytes)));
}

function lengthDelimited(field: number, body: Buffer): Buffer {
  return Buffer.concat([varint((field << 3) | 2), varint(body.length), body]);
}

function varint(n: number): Buffer {
  const out: number[] = [];
  while (n > 127) {
    out.push((n & 127) | 128);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return Buffer.from(out);
}

describe('one OTLP protobuf request decodes a bounded number of sub-messages', () => {
  it('refuses a span of two million empty attributes with a 400, storing nothing', async () => {
    const body = gzipSync(spanWithEmptyAttributes(EMPTY_ATTRIBUTES));
    expect(body.length).toBeLessThan(64 * 1024);
    const res = await t.app.request('/api/public/otel/v1/traces', {
      method: 'POST',
      body,
      headers: { ...bearer(), 'Content-Type': 'application/x-protobuf', 'Content-Encoding': 'gzip' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'BAD_REQUEST',
      data: null,
      message:
        'request holds more than 2000000 protobuf messages (spans, records, attributes, values, ...); send smaller batches',
    });
    expect((await t.get('/api/public/traces')).body.meta.totalItems).toBe(0);
  });

  it('refuses a log record of two million empty attributes with a 400', async () => {
    // A log record (its time, field 1; a string body, field 5) with the flood as its attributes
    // (field 6), in a request of its own (resource logs > scope logs > log records).
    const time = Buffer.alloc(8);
    time.writeBigUInt64LE(AT_NS);
    const record = Buffer.concat([
      Buffer.from([0x09]),
      time,
      Buffer.from([0x2a, 0x03, 0x0a, 0x01, 0x78]),
      Buffer.alloc(2 * EMPTY_ATTRIBUTES, Buffer.from([0x32, 0x00])),
    ]);
    const body = gzipSync(lengthDelimited(1, lengthDelimited(2, lengthDelimited(2, record))));
    const res = await t.app.request('/api/public/otel/v1/logs', {
      method: 'POST',
      body,
      headers: { ...bearer(), 'Content-Type': 'application/x-protobuf', 'Content-Encoding': 'gzip' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /^request holds more than 2000000 protobuf messages/,
    );
  });
});

/** An OTLP/JSON body, gzipped as exporters send it. */
function postJsonGzip(path: string, json: string) {
  return t.app.request(path, {
    method: 'POST',
    body: gzipSync(Buffer.from(json)),
    headers: { ...bearer(), 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
  });
}

/** `prefix`, then `n` copies of `item` separated by commas, then `suffix`. */
const flood = (prefix: string, item: string, n: number, suffix: string) =>
  `${prefix}${`${item},`.repeat(n - 1)}${item}${suffix}`;

const JSON_VALUES_MESSAGE =
  'request holds more than 4000000 JSON values (objects, arrays, members and elements: 2 per protobuf message this endpoint decodes); send smaller batches';

describe('one OTLP/JSON request holds a bounded number of values, counted before it is parsed', () => {
  it('refuses a span of two million empty attributes with a 400, storing nothing', async () => {
    const span = `{"traceId":"${hex(16)}","spanId":"${hex(8)}","name":"flood","startTimeUnixNano":"${AT_NS}","endTimeUnixNano":"${AT_NS + 1_000_000n}","attributes":[`;
    const json = flood(`{"resourceSpans":[{"scopeSpans":[{"spans":[${span}`, '{}', 2_000_001, ']}]}]}]}');
    const res = await postJsonGzip('/api/public/otel/v1/traces', json);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'BAD_REQUEST', data: null, message: JSON_VALUES_MESSAGE });
    expect((await t.get('/api/public/traces')).body.meta.totalItems).toBe(0);
  });

  it('refuses an export of two million empty resource spans, which it took before', async () => {
    // {"resourceSpans":[ is 2 values, each {} one more and each comma one: 4,000,001 in all.
    const res = await postJsonGzip('/api/public/otel/v1/traces', flood('{"resourceSpans":[', '{}', 2_000_000, ']}'));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(JSON_VALUES_MESSAGE);
  });

  it('takes an export just under the bound: 3,999,999 values', async () => {
    const res = await postJsonGzip('/api/public/otel/v1/traces', flood('{"resourceSpans":[', '{}', 1_999_999, ']}'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
  });

  it('refuses logs of two million empty resource logs with a 400', async () => {
    const res = await postJsonGzip('/api/public/otel/v1/logs', flood('{"resourceLogs":[', '{}', 2_000_000, ']}'));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'BAD_REQUEST', data: null, message: JSON_VALUES_MESSAGE });
  });
});
