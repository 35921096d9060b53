import { TraceDetail } from '@spanhouse/schema';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { hex, jsonExport, protobufExport, traceUuid } from '../support/otlp-request.ts';
import { FUZZ_SEED } from '../support/fuzz/hostile.ts';

/*
 * Client JSON round-trips through every path that parses or stores it: whatever the key names
 * (`__proto__`, `constructor` and other built-in member names included), the Unicode and the
 * depth, what a trace's query answers is what was sent. Nesting past the body limit is a 400 for
 * a JSON body, and text kept as text for an OTLP attribute; never a 5xx.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('fuzz-client-json');
});
afterAll(() => t?.close());

const RUNS = Number(process.env.SPANHOUSE_FUZZ_RUNS ?? 60);
const SPECIAL_KEYS = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype', ''];
const text = fc
  .string({ unit: 'binary', maxLength: 12 })
  .filter((s) => (s as unknown as { isWellFormed(): boolean }).isWellFormed());
const key = fc.oneof(fc.constantFrom(...SPECIAL_KEYS), text);
/** Any JSON value; objects built with defineProperty so that "__proto__" is an own key, as JSON.parse makes it. */
const json = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, 0, -1.5, 1e21, 2 ** 53 + 2),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
    text,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map(objectOf),
  ),
})).value;
const objectWith = fc.array(fc.tuple(key, json), { minLength: 1, maxLength: 5 }).map(objectOf);

function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, value] of entries)
    Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
  return out;
}
/** `depth` arrays, one inside the other, as JSON text. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/** What comes back equals what was sent, as JSON text (own "__proto__" keys included). */
const same = (got: unknown, sent: unknown) =>
  expect(JSON.parse(JSON.stringify(got))).toEqual(JSON.parse(JSON.stringify(sent)));

async function trace(id: string) {
  const res = await t.get(`/api/public/traces/${encodeURIComponent(id)}`);
  expect(res.status).toBe(200);
  return v.parse(TraceDetail, res.body);
}

describe('client JSON through POST /v1/l/batch', () => {
  it('keeps trace metadata, observation IO and metadata exactly, whatever the keys', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(objectWith, json, objectWith, async (metadata, input, obsMetadata) => {
        const id = `cj-batch-${n++}`;
        const body = `{"trace":{"id":${JSON.stringify(id)},"metadata":${JSON.stringify(metadata)}},"observations":[{"id":"o1","startTime":"2026-04-01T00:00:00Z","input":${JSON.stringify(input)},"metadata":${JSON.stringify(obsMetadata)}}]}`;
        const res = await t.post('/v1/l/batch', body);
        expect(res.status).toBe(200);
        const got = await trace(id);
        same(got.metadata, metadata);
        same(got.observations[0]!.input, input);
        same(got.observations[0]!.metadata, obsMetadata);
      }),
      { numRuns: RUNS, seed: FUZZ_SEED },
    );
  });

  it('refuses nesting past the limit with a 400 naming it, and takes nesting just within it', async () => {
    for (const depth of [120, 129, 5_000, 100_000]) {
      const body = `{"trace":{"id":"cj-depth-${depth}"},"observations":[{"id":"o","startTime":"2026-04-01T00:00:00Z","input":${nested(depth)}}]}`;
      const res = await t.post('/v1/l/batch', body);
      if (depth <= 120) expect(res.status).toBe(200);
      else {
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/deeper than 128/);
      }
    }
  });
});

describe('client JSON through OTLP attributes', () => {
  it('keeps JSON text attributes and metadata keys exactly, in both encodings', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(objectWith, json, fc.boolean(), async (metadata, input, protobuf) => {
        const traceId = hex(16);
        const attributes: [string, string][] = [['langfuse.observation.input', JSON.stringify(input)]];
        for (const k of Object.keys(metadata))
          attributes.push([`langfuse.trace.metadata.${k}`, JSON.stringify(metadata[k])]);
        const body = jsonExport([{ traceId, spanId: hex(8), name: `cj-otlp-${n++}`, attributes }]);
        const res = await t.request('/api/public/otel/v1/traces', {
          method: 'POST',
          body: protobuf ? protobufExport(body) : body,
          headers: { 'Content-Type': protobuf ? 'application/x-protobuf' : 'application/json' },
        });
        expect(res.status).toBe(200);
        const got = await trace(traceUuid(traceId));
        // A metadata key "" has no name after the prefix: not a metadata attribute.
        const expected = objectOf(Object.entries(metadata).filter(([k]) => k !== ''));
        if (Object.keys(expected).length > 0) same(got.metadata, expected);
        same(got.observations[0]!.input, input);
      }),
      { numRuns: RUNS, seed: FUZZ_SEED },
    );
  });
});

describe('client JSON through POST /api/public/ingestion', () => {
  const usageWith = fc.array(fc.tuple(key, fc.nat(10_000)), { minLength: 1, maxLength: 5 }).map(objectOf);

  it('keeps trace metadata, observation IO, metadata and usage kinds exactly, whatever the keys', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(objectWith, json, objectWith, usageWith, async (metadata, input, obsMetadata, usage) => {
        const id = `cj-ingestion-${n++}`;
        const event = (eventId: string, type: string, second: number, body: string) =>
          `{"id":"${eventId}","type":"${type}","timestamp":"2026-04-01T00:00:0${second}Z","body":${body}}`;
        const traceRef = `"traceId":${JSON.stringify(id)}`;
        const body = `{"batch":[${[
          event('e1', 'trace-create', 0, `{"id":${JSON.stringify(id)},"metadata":${JSON.stringify(metadata)}}`),
          event(
            'e2',
            'span-create',
            0,
            `{"id":"o1",${traceRef},"input":${JSON.stringify(input)},"metadata":${JSON.stringify(obsMetadata)}}`,
          ),
          event('e3', 'span-update', 1, `{"id":"o1",${traceRef},"usageDetails":${JSON.stringify(usage)}}`),
        ].join(',')}]}`;
        const res = await t.post('/api/public/ingestion', body);
        expect(res.status).toBe(207);
        expect(res.body.errors).toEqual([]);
        const got = await trace(id);
        same(got.metadata, metadata);
        same(got.observations[0]!.input, input);
        same(got.observations[0]!.metadata, obsMetadata);
        // Without a `total` kind, the total is the sum of the others (Langfuse's rule).
        const kinds = Object.entries(usage) as [string, number][];
        const total = kinds.some(([k]) => k === 'total') ? [] : [['total', kinds.reduce((s, [, n]) => s + n, 0)]];
        same(got.observations[0]!.usageDetails, objectOf([...kinds, ...total] as [string, unknown][]));
      }),
      { numRuns: RUNS, seed: FUZZ_SEED },
    );
  });
});
