import { opentelemetry } from '@spanhouse/ingest-api/otlp-proto';
import { TraceDetail } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { hex, jsonExport, protobufExport, spanUuid, traceUuid } from '../support/otlp-request.ts';

/*
 * The edges of what a span may hold. Times before 2001-09-09 and token counts of 1e21 and more once
 * reached ClickHouse as text it refused, failing the whole export with a 500. Now: times are stored
 * exactly; a span after 2199 is rejected (partial success) and the rest stored; a token count out
 * of 0..Number.MAX_SAFE_INTEGER is treated as absent and its span kept.
 */

const PATH = '/api/public/otel/v1/traces';
const { ExportTraceServiceResponse } = opentelemetry.proto.collector.trace.v1;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('otlp-value-ranges');
});
afterAll(() => t?.close());

const postJson = (body: string) =>
  t.request(PATH, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
const postProtobuf = (body: Uint8Array) =>
  t.request(PATH, { method: 'POST', body, headers: { 'Content-Type': 'application/x-protobuf' } });

async function getTrace(traceHex: string) {
  const res = await t.get(`/api/public/traces/${traceUuid(traceHex)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return v.parse(TraceDetail, res.body);
}

describe('span times before 2001-09-09', () => {
  const y2k = { start: '946684799123456789', end: '946684800000001999' }; // 1999-12-31T23:59:59.123456789Z
  it.each([
    ['OTLP/JSON', (body: string) => postJson(body)],
    ['OTLP/protobuf', (body: string) => postProtobuf(protobufExport(body))],
  ])('%s: a span at 1999-12-31 reads back with its times', async (_name, post) => {
    const traceId = hex(16);
    const spanId = hex(8);
    const res = await post(jsonExport([{ traceId, spanId, name: 'millennium', ...y2k }]));
    expect(res.status, await res.clone().text()).toBe(200);
    const trace = await getTrace(traceId);
    expect(trace.timestamp).toBe('1999-12-31T23:59:59.123Z');
    expect(trace.name).toBe('millennium');
    const [obs] = trace.observations;
    expect(obs?.id).toBe(spanUuid(spanId));
    expect(obs?.startTime).toBe('1999-12-31T23:59:59.123Z');
    expect(obs?.endTime).toBe('2000-01-01T00:00:00.000Z');
    // Nanoseconds truncate to microseconds: 0.000001 - 0.123456 + 1 s.
    expect(obs?.latency).toBeCloseTo(0.876545, 9);
  });

  it('a span in the first microseconds after 1970-01-01T00:00:00Z is stored', async () => {
    const traceId = hex(16);
    const res = await postJson(jsonExport([{ traceId, spanId: hex(8), start: '1000', end: '3000' }]));
    expect(res.status, await res.clone().text()).toBe(200);
    const trace = await getTrace(traceId);
    expect(trace.timestamp).toBe('1970-01-01T00:00:00.000Z');
    expect(trace.observations[0]?.latency).toBeCloseTo(0.000002, 9);
  });

  it('a span whose end is before its start (a clock stepped back) is stored ended at its start, latency 0', async () => {
    const traceId = hex(16);
    const res = await postJson(
      jsonExport([
        { traceId, spanId: hex(8), name: 'skewed', start: '1772359200000500000', end: '1772359200000000000' },
      ]),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const [obs] = (await getTrace(traceId)).observations;
    expect(obs?.startTime).toBe('2026-03-01T10:00:00.000Z');
    expect(obs?.endTime).toBe('2026-03-01T10:00:00.000Z');
    expect(obs?.latency).toBe(0);
  });

  it('a span after 2199 is rejected with the reason; the others in the export are stored', async () => {
    const traceId = hex(16);
    const body = jsonExport([
      { traceId, spanId: hex(8), name: 'fine', start: '946684799000000000' },
      { traceId, spanId: hex(8), name: 'too late', start: '10413792000000000000' }, // 2300-01-01
      { traceId, spanId: hex(8), name: 'ends too late', start: '946684799000000000', end: '18446744073709551615' },
    ]);
    const res = await postJson(body);
    expect(res.status).toBe(200);
    const reply = (await res.json()) as { partialSuccess: { rejectedSpans: string; errorMessage: string } };
    expect(reply.partialSuccess.rejectedSpans).toBe('2');
    expect(reply.partialSuccess.errorMessage).toMatch(/spans\.1: startTimeUnixNano is after 2199-12-31/);
    expect(reply.partialSuccess.errorMessage).toMatch(/spans\.2: endTimeUnixNano is after 2199-12-31/);
    expect((await getTrace(traceId)).observations.map((o) => o.name)).toEqual(['fine']);

    const proto = await postProtobuf(protobufExport(body));
    const decoded = ExportTraceServiceResponse.decode(new Uint8Array(await proto.arrayBuffer()));
    expect(Number(decoded.partialSuccess?.rejectedSpans)).toBe(2);
  });
});

describe('token counts out of 0..Number.MAX_SAFE_INTEGER', () => {
  it('are treated as absent: the span is stored with the counts that are in range', async () => {
    const traceId = hex(16);
    const [int64Max, huge, details, maxSafe] = [hex(8), hex(8), hex(8), hex(8)];
    const json = JSON.parse(
      jsonExport([
        {
          traceId,
          spanId: int64Max,
          attributes: [
            ['gen_ai.request.model', 'gpt-4o'],
            ['gen_ai.usage.input_tokens', '9223372036854775807'], // replaced by an intValue below
            ['gen_ai.usage.output_tokens', 5],
          ],
        },
        {
          traceId,
          spanId: huge,
          attributes: [
            ['gen_ai.usage.input_tokens', 1.5], // replaced by a doubleValue of 1e21 below
            ['gen_ai.usage.output_tokens', '1e300'],
            ['gen_ai.usage.total_tokens', 9],
          ],
        },
        {
          traceId,
          spanId: details,
          attributes: [['langfuse.observation.usage_details', '{"input": 1e21, "output": 7, "total": -3}']],
        },
        {
          traceId,
          spanId: maxSafe,
          attributes: [['gen_ai.usage.input_tokens', String(Number.MAX_SAFE_INTEGER)]],
        },
      ]),
    );
    const spans = json.resourceSpans[0].scopeSpans[0].spans;
    spans[0].attributes[1].value = { intValue: '9223372036854775807' };
    spans[1].attributes[0].value = { doubleValue: 1e21 };
    const res = await postJson(JSON.stringify(json));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({});

    const trace = await getTrace(traceId);
    const usage = Object.fromEntries(trace.observations.map((o) => [o.id, o.usage]));
    expect(usage[spanUuid(int64Max)]).toEqual({ unit: 'TOKENS', input: 0, output: 5, total: 5 });
    expect(usage[spanUuid(huge)]).toEqual({ unit: 'TOKENS', input: 0, output: 0, total: 9 });
    expect(usage[spanUuid(details)]).toEqual({ unit: 'TOKENS', input: 0, output: 7, total: 7 });
    expect(usage[spanUuid(maxSafe)]).toEqual({
      unit: 'TOKENS',
      input: Number.MAX_SAFE_INTEGER,
      output: 0,
      total: Number.MAX_SAFE_INTEGER,
    });
  });

  it('the same over protobuf', async () => {
    const traceId = hex(16);
    const spanId = hex(8);
    const res = await postProtobuf(
      protobufExport(
        jsonExport([
          {
            traceId,
            spanId,
            attributes: [
              ['gen_ai.usage.input_tokens', 2 ** 64],
              ['gen_ai.usage.output_tokens', 11],
            ],
          },
        ]).replace('"intValue":"18446744073709552000"', '"doubleValue":18446744073709552000'),
      ),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const trace = await getTrace(traceId);
    expect(trace.observations[0]?.usage).toEqual({ unit: 'TOKENS', input: 0, output: 11, total: 11 });
  });
});

describe('token counts that are not integers', () => {
  it.each(['json', 'protobuf'] as const)(
    '%s: are left out of usage as a negative count is, kept in metadata.attributes',
    async (encoding) => {
      const traceId = hex(16);
      const [genAi, details] = [hex(8), hex(8)];
      const body = jsonExport([
        {
          traceId,
          spanId: genAi,
          attributes: [
            ['gen_ai.request.model', 'gpt-4o'],
            ['gen_ai.usage.input_tokens', -5],
            ['gen_ai.usage.output_tokens', 1.5],
            ['gen_ai.usage.reasoning_tokens', 2.25],
            ['gen_ai.usage.total_tokens', 7],
          ],
        },
        {
          traceId,
          spanId: details,
          attributes: [['langfuse.observation.usage_details', '{"input": 3, "output": 0.5}']],
        },
      ]);
      expect(body).toContain('"doubleValue":1.5');
      const res = encoding === 'json' ? await postJson(body) : await postProtobuf(protobufExport(body));
      expect(res.status, await res.clone().text()).toBe(200);
      const trace = await getTrace(traceId);
      const byId = Object.fromEntries(trace.observations.map((o) => [o.id, o]));
      const span = byId[spanUuid(genAi)]!;
      expect(span.usage).toEqual({ unit: 'TOKENS', input: 0, output: 0, total: 7 });
      expect(span.usageDetails).toEqual({ total: 7 });
      const attributes = (span.metadata as { attributes: Record<string, unknown> }).attributes;
      expect(attributes['gen_ai.usage.input_tokens']).toBe(-5);
      expect(attributes['gen_ai.usage.output_tokens']).toBe(1.5);
      expect(attributes['gen_ai.usage.reasoning_tokens']).toBe(2.25);
      expect(byId[spanUuid(details)]!.usageDetails).toEqual({ input: 3, total: 3 });
    },
  );
});

describe('costs out of 0..1e12 USD', () => {
  it('are treated as absent: the span is stored, with the costs that are in range', async () => {
    const traceId = hex(16);
    const [genAi, openInference, langfuse, fine] = [hex(8), hex(8), hex(8), hex(8)];
    const res = await postJson(
      jsonExport([
        { traceId, spanId: genAi, attributes: [['gen_ai.usage.cost', '1e21']] },
        {
          traceId,
          spanId: openInference,
          attributes: [
            ['openinference.span.kind', 'LLM'],
            ['llm.cost.prompt', -5],
            ['llm.cost.completion', 0.25],
          ],
        },
        {
          traceId,
          spanId: langfuse,
          attributes: [['langfuse.observation.cost_details', '{"input": 1e308, "output": 1e308, "total": 2e308}']],
        },
        { traceId, spanId: fine, attributes: [['gen_ai.usage.cost', 1e12]] },
      ]),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({});
    const trace = await getTrace(traceId);
    const cost = Object.fromEntries(trace.observations.map((o) => [o.id, o.totalCost]));
    expect(cost).toEqual({
      [spanUuid(genAi)]: 0,
      [spanUuid(openInference)]: 0.25,
      [spanUuid(langfuse)]: 0,
      [spanUuid(fine)]: 1e12,
    });
    expect(trace.totalCost).toBe(1e12 + 0.25);
  });
});
