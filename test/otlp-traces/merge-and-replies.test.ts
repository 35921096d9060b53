import { opentelemetry } from '@spanhouse/ingest-api/otlp-proto';
import { DailyResponse, TraceDetail, TraceListResponse } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeBatch } from '../support/traces.ts';
import { hex, jsonExport, protobufExport, spanUuid, traceUuid } from '../support/otlp-request.ts';

const PATH = '/api/public/otel/v1/traces';
const { ExportTraceServiceResponse } = opentelemetry.proto.collector.trace.v1;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('otlp-merge');
});
afterAll(() => t?.close());

/** 2026-03-01T10:00:00Z + ms, as OTLP nanoseconds. */
const nanos = (ms: number) => (1_772_359_200_000n * 1_000_000n + BigInt(ms) * 1_000_000n).toString();

const postJson = (body: string) =>
  t.request(PATH, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
const postProtobuf = (body: Uint8Array) =>
  t.request(PATH, { method: 'POST', body, headers: { 'Content-Type': 'application/x-protobuf' } });

async function getTrace(id: string) {
  const res = await t.get(`/api/public/traces/${id}`);
  expect(res.status).toBe(200);
  return v.parse(TraceDetail, res.body);
}

describe('replies in the request encoding', () => {
  it('JSON: {} when all is stored; partialSuccess when some spans are unusable', async () => {
    const traceId = hex(16);
    const ok = await postJson(jsonExport([{ traceId, spanId: hex(8), name: 'fine' }]));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/application\/json/);
    expect(await ok.json()).toEqual({});

    const partial = await postJson(
      jsonExport([
        { traceId, spanId: hex(8), name: 'also fine' },
        { traceId, name: 'no span id' },
      ]),
    );
    expect(partial.status).toBe(200);
    const body = (await partial.json()) as { partialSuccess: { rejectedSpans: string; errorMessage: string } };
    expect(body.partialSuccess.rejectedSpans).toBe('1');
    expect(body.partialSuccess.errorMessage).toMatch(/spans\.1: spanId is missing/);
    const trace = await getTrace(traceUuid(traceId));
    expect(trace.observations.map((o) => o.name).sort()).toEqual(['also fine', 'fine']);
  });

  it('protobuf: an empty ExportTraceServiceResponse, or one with partial_success', async () => {
    const traceId = hex(16);
    const ok = await postProtobuf(protobufExport(jsonExport([{ traceId, spanId: hex(8) }])));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/x-protobuf');
    expect((await ok.arrayBuffer()).byteLength).toBe(0);

    const partial = await postProtobuf(
      protobufExport(
        jsonExport([
          { traceId, spanId: hex(8) },
          { traceId: hex(8), spanId: hex(8) },
        ]),
      ),
    );
    expect(partial.status).toBe(200);
    const decoded = ExportTraceServiceResponse.decode(new Uint8Array(await partial.arrayBuffer()));
    expect(Number(decoded.partialSuccess?.rejectedSpans)).toBe(1);
    expect(decoded.partialSuccess?.errorMessage).toMatch(/traceId is not 16 bytes/);
    expect((await getTrace(traceUuid(traceId))).observations).toHaveLength(2);
  });
});

describe('a root span whose parentSpanId is all zero, the invalid id some SDKs send for "no parent"', () => {
  it.each(['json', 'protobuf'] as const)('%s: stored as the root of its trace, not rejected', async (encoding) => {
    const traceId = hex(16);
    const [rootId, childId] = [hex(8), hex(8)];
    const json = jsonExport([
      { traceId, spanId: rootId, parentSpanId: '0000000000000000', name: 'root' },
      { traceId, spanId: childId, parentSpanId: rootId, name: 'child' },
    ]);
    const res = encoding === 'json' ? await postJson(json) : await postProtobuf(protobufExport(json));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(encoding === 'json' ? /application\/json/ : /protobuf/);
    if (encoding === 'json') expect(await res.json()).toEqual({});
    else expect((await res.arrayBuffer()).byteLength).toBe(0);
    const trace = await getTrace(traceUuid(traceId));
    expect(trace.name).toBe('root');
    const parents = Object.fromEntries(trace.observations.map((o) => [o.name, o.parentObservationId]));
    expect(parents).toEqual({ root: null, child: spanUuid(rootId) });
  });
});

describe('a trace sent in pieces', () => {
  it('children before their parent, trace fields on different spans: one merged trace', async () => {
    const traceId = hex(16);
    const [root, child, grandchild] = [hex(8), hex(8), hex(8)];
    const first = jsonExport([
      {
        traceId,
        spanId: grandchild,
        parentSpanId: child,
        name: 'grandchild',
        start: nanos(300),
        end: nanos(400),
        attributes: [
          ['langfuse.trace.tags', ['early']],
          ['user.id', 'u-pieces'],
        ],
      },
      { traceId, spanId: child, parentSpanId: root, name: 'child', start: nanos(200), end: nanos(500) },
    ]);
    expect((await postJson(first)).status).toBe(200);
    const partial = await getTrace(traceUuid(traceId));
    expect(partial.name).toBeNull();
    expect(partial.timestamp).toBe('2026-03-01T10:00:00.200Z');

    const second = jsonExport([
      {
        traceId,
        spanId: root,
        name: 'root op',
        start: nanos(100),
        end: nanos(900),
        attributes: [
          ['langfuse.trace.tags', 'late'],
          ['session.id', 's-pieces'],
        ],
      },
    ]);
    expect((await postJson(second)).status).toBe(200);
    const trace = await getTrace(traceUuid(traceId));
    expect(trace).toMatchObject({
      name: 'root op',
      userId: 'u-pieces',
      sessionId: 's-pieces',
      tags: ['early', 'late'],
      timestamp: '2026-03-01T10:00:00.100Z',
      latency: 0.8,
    });
    const parents = Object.fromEntries(trace.observations.map((o) => [o.name, o.parentObservationId]));
    expect(parents).toEqual({ 'root op': null, child: spanUuid(root), grandchild: spanUuid(child) });
  });
});

describe('retries are safe', () => {
  it('a re-sent export changes no count, usage or cost', async () => {
    const traceId = hex(16);
    const body = jsonExport([
      { traceId, spanId: hex(8), name: 'root', start: nanos(0), end: nanos(1000) },
      {
        traceId,
        spanId: hex(8),
        name: 'llm',
        start: nanos(10),
        end: nanos(900),
        attributes: [
          ['gen_ai.request.model', 'gpt-4o-mini'],
          ['gen_ai.usage.input_tokens', 1000],
          ['gen_ai.usage.output_tokens', 500],
          ['user.id', 'retry-user'],
        ],
      },
    ]);
    const snapshot = async () => ({
      list: v.parse(TraceListResponse, (await t.get('/api/public/traces?userId=retry-user')).body),
      daily: v.parse(DailyResponse, (await t.get('/api/public/metrics/daily?userId=retry-user')).body),
    });
    expect((await postJson(body)).status).toBe(200);
    const once = await snapshot();
    expect(once.list.meta.totalItems).toBe(1);
    expect(once.daily.data[0]).toMatchObject({ countTraces: 1, countObservations: 2 });
    for (let i = 0; i < 3; i++) expect((await postJson(body)).status).toBe(200);
    const again = await snapshot();
    expect(again.list.meta.totalItems).toBe(1);
    expect(again.list.data[0]!.totalCost).toBe(once.list.data[0]!.totalCost);
    expect(again.daily).toEqual(once.daily);
  });
});

describe('OTLP traces look like batch traces', () => {
  it('the same trace through either endpoint: same latency, usage, cost and daily aggregates', async () => {
    const user = 'parity-user';
    const batch = makeBatch({ userId: user, name: 'parity' });
    const batchRes = await t.post('/v1/l/batch', batch);
    expect(batchRes.status).toBe(200);

    // makeBatch's trace: root 10:00:00.000-10:00:02.000, generation gpt-4o-mini 100/50 tokens at
    // 10:00:00.500-10:00:01.500, child of the root. The same through OTLP:
    const traceId = hex(16);
    const root = hex(8);
    const otlp = jsonExport([
      {
        traceId,
        spanId: root,
        name: 'root',
        start: nanos(0),
        end: nanos(2000),
        attributes: [
          ['langfuse.trace.name', 'parity'],
          ['user.id', user],
        ],
      },
      {
        traceId,
        spanId: hex(8),
        parentSpanId: root,
        name: 'llm',
        start: nanos(500),
        end: nanos(1500),
        attributes: [
          ['langfuse.observation.type', 'generation'],
          ['langfuse.observation.model.name', 'gpt-4o-mini'],
          ['langfuse.observation.usage_details', '{"input":100,"output":50}'],
        ],
      },
    ]);
    expect((await postJson(otlp)).status).toBe(200);

    const fromBatch = await getTrace(batch.trace.id);
    const fromOtlp = await getTrace(traceUuid(traceId));
    const shape = (tr: typeof fromBatch) => ({
      name: tr.name,
      userId: tr.userId,
      timestamp: tr.timestamp,
      latency: tr.latency,
      totalCost: tr.totalCost,
      observations: tr.observations.map((o) => ({
        type: o.type,
        name: o.name,
        model: o.model,
        startTime: o.startTime,
        endTime: o.endTime,
        usage: o.usage,
        latency: o.latency,
        totalCost: o.totalCost,
        isRoot: o.parentObservationId === null,
      })),
    });
    expect(shape(fromOtlp)).toEqual(shape(fromBatch));
    expect(fromOtlp.totalCost).toBeGreaterThan(0);

    const daily = v.parse(DailyResponse, (await t.get(`/api/public/metrics/daily?userId=${user}`)).body);
    expect(daily.data).toHaveLength(1);
    const day = daily.data[0]!;
    expect(day).toMatchObject({ date: '2026-03-01', countTraces: 2, countObservations: 4 });
    expect(day.totalCost).toBeCloseTo(2 * fromBatch.totalCost, 12);
    const model = day.usage.find((u) => u.model === 'gpt-4o-mini');
    expect(model).toMatchObject({ inputUsage: 200, outputUsage: 100, totalUsage: 300, countTraces: 2 });
  });
});
