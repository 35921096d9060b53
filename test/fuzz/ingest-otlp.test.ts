import { gzipSync } from 'node:zlib';
import { TABLES } from '@spanhouse/db';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { byteDamage, damage, jsonBodies, type RawBody } from '../support/fuzz/bodies.ts';
import { FUZZ_SEED, hostileString, RUNS } from '../support/fuzz/hostile.ts';
import { fuzzIngest } from '../support/fuzz/ingest-fuzz.ts';
import { encodeTraceRequest, type PbSpan } from '../support/fuzz/protobuf.ts';

// POST /api/public/otel/v1/traces under >= 1000 malformed and hostile bodies: OTLP/JSON mutations,
// random and truncated or bit-flipped protobuf, bad gzip, wrong content types.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp('fuzz_otlp', { BODY_LIMIT_BYTES: String(2 * 1024 * 1024) });
});
afterAll(async () => app?.close());

/** Request n's trace id: "fa11" then n in hex; its spans' ids start with "fa11" too. */
const traceHex = (n: number) => `fa11${n.toString(16).padStart(28, '0')}`;
const spanHex = (n: number, k: number) => `fa11${(n * 4 + k).toString(16).padStart(12, '0')}`;
const START = 1_775_037_600_000_000_000n; // 2026-04-01T10:00:00Z

const attrs = (n: number) => ({
  'langfuse.trace.name': 'fuzz',
  'user.id': 'u1',
  'session.id': `s${n}`,
  'langfuse.observation.type': 'generation',
  'gen_ai.request.model': 'gpt-4o-mini',
  'langfuse.observation.input': '{"role":"user","content":"hi"}',
  'langfuse.observation.usage_details': '{"input":10,"output":5}',
  'langfuse.trace.tags': '["a","b"]',
  'langfuse.trace.metadata.k': 'v',
});

const jsonSeed = (n: number) => ({
  resourceSpans: [
    {
      resource: { attributes: [{ key: 'service.name', value: { stringValue: 'fuzz' } }] },
      scopeSpans: [
        {
          scope: { name: 'fuzz', version: '1' },
          spans: [0, 1].map((k) => ({
            traceId: traceHex(n),
            spanId: spanHex(n, k),
            parentSpanId: k === 0 ? '' : spanHex(n, 0),
            name: `span-${k}`,
            kind: 1,
            startTimeUnixNano: String(START),
            endTimeUnixNano: String(START + 1_000_000_000n),
            attributes: Object.entries(attrs(n)).map(([key, v]) => ({ key, value: { stringValue: v } })),
            status: { code: 0 },
          })),
        },
      ],
    },
  ],
});

const pbSpans = (n: number): PbSpan[] =>
  [0, 1].map((k) => ({
    traceId: traceHex(n),
    spanId: spanHex(n, k),
    parentSpanId: k === 0 ? undefined : spanHex(n, 0),
    name: `span-${k}`,
    startNs: START,
    endNs: START + 1_000_000_000n,
    attributes: attrs(n),
  }));

const PB = { 'Content-Type': 'application/x-protobuf' };
const protobufBodies: fc.Arbitrary<(n: number) => RawBody> = fc.oneof(
  {
    weight: 3,
    arbitrary: byteDamage.map(
      (d) =>
        (n: number): RawBody => ({
          body: damage(encodeTraceRequest(pbSpans(n)), d),
          headers: PB,
          note: `damaged protobuf ${JSON.stringify(d).slice(0, 100)}`,
        }),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.uint8Array({ maxLength: 4096 }).map(
      (bytes) => (): RawBody => ({
        body: bytes,
        headers: PB,
        note: `random protobuf bytes (${bytes.length})`,
      }),
    ),
  },
  {
    weight: 2,
    // Well-formed protobuf with hostile strings in names and attribute values.
    arbitrary: fc.record({ name: hostileString, key: hostileString, value: hostileString }).map(
      (h) =>
        (n: number): RawBody => ({
          body: encodeTraceRequest(
            pbSpans(n).map((s) => ({ ...s, name: h.name, attributes: { ...s.attributes, [h.key]: h.value } })),
          ),
          headers: PB,
          note: `hostile strings ${JSON.stringify(h).slice(0, 100)}`,
        }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('garbage', 'truncated', 'double').map((kind) => (n: number): RawBody => {
      const zipped = gzipSync(encodeTraceRequest(pbSpans(n)));
      const body =
        kind === 'garbage'
          ? Buffer.from('\x1f\x8b\x08\x00garbage')
          : kind === 'truncated'
            ? zipped.subarray(0, zipped.length - 9)
            : gzipSync(zipped);
      return { body, headers: { ...PB, 'Content-Encoding': 'gzip' }, note: `gzip ${kind}` };
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('br', 'deflate', 'gzip, gzip', 'identity', 'x-unknown').map(
      (enc) =>
        (n: number): RawBody => ({
          body: encodeTraceRequest(pbSpans(n)),
          headers: { ...PB, 'Content-Encoding': enc },
          note: `content-encoding ${enc}`,
        }),
    ),
  },
);

const markerOf = (id: string) => {
  const hex = id.replace(/-/g, '');
  return hex.startsWith('fa11') && hex.length === 32 ? Number.parseInt(hex.slice(4), 16) : undefined;
};

it(`never answers 5xx and stores nothing of a refused request (${RUNS} bodies, seed ${FUZZ_SEED})`, {
  timeout: 180_000,
}, async () => {
  const result = await fuzzIngest({
    app,
    path: '/api/public/otel/v1/traces',
    bodies: fc.oneof({ weight: 1, arbitrary: jsonBodies(jsonSeed) }, { weight: 1, arbitrary: protobufBodies }),
    storedSql: `SELECT id FROM ${TABLES.traces} UNION ALL SELECT trace_id AS id FROM ${TABLES.observationPieces}`,
    markerOf,
  });
  expect(result.accepted + result.refused).toBe(RUNS);
  console.log(`fuzz /api/public/otel/v1/traces: ${JSON.stringify(result.statuses)}`);
});
