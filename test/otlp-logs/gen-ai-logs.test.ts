import { gzipSync } from 'node:zlib';
import { context, type Span, trace } from '@opentelemetry/api';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { BatchLogRecordProcessor, LoggerProvider } from '@opentelemetry/sdk-logs';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { opentelemetry } from '@spanhouse/ingest-api/otlp-logs-proto';
import { TraceDetail } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/app.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/*
 * GenAI content sent as OTLP log records (the OpenTelemetry GenAI events, as OpenTelemetry's own
 * OpenAI instrumentations emit them) completes the span's generation whichever comes first: the
 * span or its logs, in separate requests. Both exporters ask to be answered once committed, so
 * the generation must be complete on the first read after both answered.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('otlp-logs');
});
afterAll(() => server?.close());

const COMMIT = { 'Spanhouse-Wait': 'commit' };
const traceUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
const spanUuid = (hex: string) => traceUuid(`0000000000000000${hex}`);
const at = (seconds: number, nanos = 0): [number, number] => [1_767_225_600 + seconds, nanos];

const INPUT = [
  { role: 'system', content: 'You answer in one word.' },
  { role: 'user', content: 'Capital of France?' },
  { role: 'assistant', content: 'Which France?' },
  { role: 'user', content: 'The country.' },
];
const CHOICE = { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Paris' } };

/** A chat span as an instrumentation makes it (not ended yet), and the exporter that sends it. */
function chatSpan(label: string) {
  const memory = new InMemorySpanExporter();
  const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(memory)] }).getTracer('openai');
  const span = tracer.startSpan(`chat gpt-4o-mini ${label}`, {
    startTime: at(0),
    attributes: {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'gpt-4o-mini',
      'gen_ai.usage.input_tokens': 40,
      'gen_ai.usage.output_tokens': 2,
    },
  });
  const send = async () => {
    span.end(at(1));
    const exporter = new OTLPTraceExporter({
      url: `${server.baseUrl}/api/public/otel/v1/traces`,
      headers: { ...bearer(), ...COMMIT },
    });
    const result = await new Promise<{ code: number; error?: Error }>((r) =>
      exporter.export(memory.getFinishedSpans(), r),
    );
    await exporter.shutdown();
    expect(result.error).toBeUndefined();
  };
  return { span, send };
}

/**
 * The GenAI events of `span` (older conventions: one record per message, the choice) through the
 * SDK's LoggerProvider and the OTLP/HTTP logs exporter; `eventNameAs` says where the event name
 * goes: the record's event_name (current SDKs) or the `event.name` attribute (before it existed).
 */
async function sendMessages(span: Span, eventNameAs: 'field' | 'attribute') {
  const exporter = new OTLPLogExporter({
    url: `${server.baseUrl}/api/public/otel/v1/logs`,
    headers: { ...bearer(), ...COMMIT },
  });
  const provider = new LoggerProvider({ processors: [new BatchLogRecordProcessor({ exporter })] });
  const logger = provider.getLogger('openai-instrumentation');
  const inSpan = trace.setSpan(context.active(), span);
  const emit = (name: string, body: Record<string, unknown>, ms: number) =>
    logger.emit({
      ...(eventNameAs === 'field' ? { eventName: name } : {}),
      attributes: { 'gen_ai.system': 'openai', ...(eventNameAs === 'attribute' ? { 'event.name': name } : {}) },
      body: body as never,
      context: inSpan,
      timestamp: at(0, ms * 1_000_000),
    });
  for (const [i, { role, content }] of INPUT.entries()) emit(`gen_ai.${role}.message`, { content }, 10 + i);
  emit('gen_ai.choice', CHOICE, 900);
  await provider.forceFlush();
  await provider.shutdown();
}

/** The stored trace of `span` (read once: no retries, the exporters waited for the commit). */
async function storedGeneration(span: Span) {
  const res = await fetch(`${server.baseUrl}/api/public/traces/${traceUuid(span.spanContext().traceId)}`, {
    headers: bearer(),
  });
  expect(res.status).toBe(200);
  const stored = v.parse(TraceDetail, await res.json());
  const generation = stored.observations.find((o) => o.id === spanUuid(span.spanContext().spanId));
  return { stored, generation: generation! };
}

function expectComplete(generation: Awaited<ReturnType<typeof storedGeneration>>['generation'], label: string) {
  expect(generation).toMatchObject({
    type: 'GENERATION',
    name: `chat gpt-4o-mini ${label}`,
    model: 'gpt-4o-mini',
    usage: { input: 40, output: 2, total: 42 },
    startTime: '2026-01-01T00:00:00.000Z',
    endTime: '2026-01-01T00:00:01.000Z',
  });
  expect(generation.input).toEqual(INPUT);
  expect(generation.output).toEqual(CHOICE);
}

describe('GenAI events as OTLP logs complete their generation, in any order', () => {
  it('logs first, the span in a later request: complete once both are acknowledged', async () => {
    const { span, send } = chatSpan('logs-first');
    await sendMessages(span, 'field');
    // Before the span: the messages are there, on an observation that waits for its span.
    const before = await storedGeneration(span);
    expect(before.generation.input).toEqual(INPUT);
    await send();
    const { generation, stored } = await storedGeneration(span);
    expectComplete(generation, 'logs-first');
    expect(stored.observations).toHaveLength(1);
    expect(stored.name).toBe('chat gpt-4o-mini logs-first');
    // The span is the trace's root: its content is the trace's IO, as when it came as attributes.
    expect(stored.input).toEqual(INPUT);
    expect(stored.output).toEqual(CHOICE);
  });

  it('the span first, then its logs (event name as the event.name attribute)', async () => {
    const { span, send } = chatSpan('span-first');
    await send();
    expect((await storedGeneration(span)).generation.input).toBeNull();
    await sendMessages(span, 'attribute');
    const { generation, stored } = await storedGeneration(span);
    expectComplete(generation, 'span-first');
    // Three pieces of one observation; counts and cost stay those of one generation.
    expect(stored.observations).toHaveLength(1);
    expect(stored.totalCost).toBeGreaterThan(0);
    expect(stored.input).toEqual(INPUT);
    expect(stored.output).toEqual(CHOICE);
  });

  it('under a root span with content of its own, the root’s content stays the trace’s IO', async () => {
    for (const order of ['logs-first', 'spans-first'] as const) {
      const memory = new InMemorySpanExporter();
      const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(memory)] }).getTracer('app');
      const root = tracer.startSpan(`handle ${order}`, {
        startTime: at(0),
        attributes: { 'langfuse.observation.input': '"the question"', 'langfuse.observation.output': '"the answer"' },
      });
      const chat = tracer.startSpan(
        'chat gpt-4o-mini',
        { startTime: at(0, 1_000_000) },
        trace.setSpan(context.active(), root),
      );
      chat.end(at(0, 950_000_000));
      root.end(at(1));
      const sendSpans = async () => {
        const exporter = new OTLPTraceExporter({
          url: `${server.baseUrl}/api/public/otel/v1/traces`,
          headers: { ...bearer(), ...COMMIT },
        });
        await new Promise((r) => exporter.export(memory.getFinishedSpans(), r));
        await exporter.shutdown();
      };
      if (order === 'spans-first') await sendSpans();
      await sendMessages(chat, 'field');
      if (order === 'logs-first') await sendSpans();
      const { stored, generation } = await storedGeneration(chat);
      expect(generation.input, order).toEqual(INPUT);
      expect(stored.input, order).toBe('the question');
      expect(stored.output, order).toBe('the answer');
    }
  });

  it('a re-sent logs export changes nothing', async () => {
    const { span, send } = chatSpan('re-sent');
    await send();
    await sendMessages(span, 'field');
    const first = await storedGeneration(span);
    await sendMessages(span, 'field');
    const again = await storedGeneration(span);
    expect(again.stored).toEqual(first.stored);
  });

  it('other records in the span become EVENT observations under it, body and attributes kept', async () => {
    const { span, send } = chatSpan('with-events');
    await send();
    await sendMessages(span, 'field');
    const exporter = new OTLPLogExporter({
      url: `${server.baseUrl}/api/public/otel/v1/logs`,
      headers: { ...bearer(), ...COMMIT },
    });
    const provider = new LoggerProvider({ processors: [new BatchLogRecordProcessor({ exporter })] });
    provider.getLogger('app').emit({
      body: 'rate limited, retrying',
      severityNumber: 13,
      severityText: 'WARN',
      attributes: { 'retry.attempt': 2 },
      context: trace.setSpan(context.active(), span),
      timestamp: at(0, 500_000_000),
    });
    await provider.forceFlush();
    await provider.shutdown();
    const { stored, generation } = await storedGeneration(span);
    expectComplete(generation, 'with-events');
    const event = stored.observations.find((o) => o.type === 'EVENT')!;
    expect(event).toMatchObject({
      name: 'rate limited, retrying',
      input: 'rate limited, retrying',
      level: 'WARNING',
      parentObservationId: generation.id,
      startTime: '2026-01-01T00:00:00.500Z',
    });
    expect(event.metadata).toMatchObject({
      attributes: { 'retry.attempt': 2 },
      severity: { text: 'WARN', number: 13 },
    });
  });
});

describe('the operation-details event, which carries the inference span’s attributes', () => {
  /** One gen_ai.client.inference.operation.details record of `span`, with model and usage. */
  async function sendDetails(span: Span, inputTokens: number, usage: Record<string, number> = {}) {
    const exporter = new OTLPLogExporter({
      url: `${server.baseUrl}/api/public/otel/v1/logs`,
      headers: { ...bearer(), ...COMMIT },
    });
    const provider = new LoggerProvider({ processors: [new BatchLogRecordProcessor({ exporter })] });
    provider.getLogger('genai').emit({
      eventName: 'gen_ai.client.inference.operation.details',
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.request.model': 'gpt-4o-mini',
        'gen_ai.response.model': 'gpt-4o-mini-2024-07-18',
        'gen_ai.usage.input_tokens': inputTokens,
        'gen_ai.usage.output_tokens': 5,
        ...usage,
        'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: 'hi' }] }]),
        'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'yo' }] }]),
      },
      context: trace.setSpan(context.active(), span),
      timestamp: at(0, 900_000_000),
    });
    await provider.forceFlush();
    await provider.shutdown();
  }

  it('alone (the span sent elsewhere): its model, usage and cost fill the generation', async () => {
    const { span } = chatSpan('details-alone');
    await sendDetails(span, 100);
    const { generation } = await storedGeneration(span);
    expect(generation).toMatchObject({
      type: 'GENERATION',
      model: 'gpt-4o-mini-2024-07-18',
      usageDetails: { input: 100, output: 5, total: 105 },
    });
    // gpt-4o-mini: $0.15 and $0.60 per million input and output tokens.
    expect(generation.calculatedTotalCost).toBeCloseTo((100 * 0.15 + 5 * 0.6) / 1e6, 12);
  });

  it('alone, with cache reads and reasoning tokens: each kind at its price, reasoning at the output price', async () => {
    const { span } = chatSpan('details-kinds');
    await sendDetails(span, 1000, {
      'gen_ai.usage.output_tokens': 50,
      'gen_ai.usage.cache_read.input_tokens': 800,
      'gen_ai.usage.reasoning.output_tokens': 30,
    });
    const { generation } = await storedGeneration(span);
    expect(generation.usageDetails).toEqual({
      input: 200,
      input_cached_tokens: 800,
      output: 20,
      output_reasoning_tokens: 30,
      total: 1050,
    });
    // gpt-4o-mini: $0.15 input, $0.075 cached input, $0.60 output per million tokens.
    expect(generation.calculatedTotalCost).toBeCloseTo((200 * 0.15 + 800 * 0.075 + (20 + 30) * 0.6) / 1e6, 12);
  });

  it('with its span, in either order: the span’s own model and usage win, nothing counted twice', async () => {
    for (const order of ['logs-first', 'span-first'] as const) {
      const { span, send } = chatSpan(`details-${order}`);
      if (order === 'span-first') await send();
      await sendDetails(span, 999);
      if (order === 'logs-first') await send();
      const { generation } = await storedGeneration(span);
      expect(generation, order).toMatchObject({
        model: 'gpt-4o-mini',
        usageDetails: { input: 40, output: 2, total: 42 },
        output: [{ role: 'assistant', parts: [{ type: 'text', content: 'yo' }] }],
      });
      // The span's usage priced, not the record's.
      expect(generation.calculatedTotalCost, order).toBeCloseTo((40 * 0.15 + 2 * 0.6) / 1e6, 12);
    }
  });
});

describe('a record with a severity text and no severity number', () => {
  it('takes its level from the text, as the log data model reads a source severity', async () => {
    const exporter = new OTLPLogExporter({
      url: `${server.baseUrl}/api/public/otel/v1/logs`,
      headers: { ...bearer(), ...COMMIT },
    });
    const provider = new LoggerProvider({ processors: [new BatchLogRecordProcessor({ exporter })] });
    const { span, send } = chatSpan('severity-text');
    await send();
    const inSpan = trace.setSpan(context.active(), span);
    const texts = ['ERROR', 'Warning', 'critical', 'debug', 'INFO', 'verbose'];
    for (const [i, severityText] of texts.entries()) {
      provider
        .getLogger('app')
        .emit({ body: `line ${severityText}`, severityText, context: inSpan, timestamp: at(1, i) });
    }
    await provider.forceFlush();
    await provider.shutdown();
    const { stored } = await storedGeneration(span);
    const levels = Object.fromEntries(
      stored.observations.filter((o) => o.type === 'EVENT').map((o) => [o.name, o.level]),
    );
    expect(levels).toEqual({
      'line ERROR': 'ERROR',
      'line Warning': 'WARNING',
      'line critical': 'ERROR',
      'line debug': 'DEBUG',
      'line INFO': 'DEFAULT',
      'line verbose': 'DEFAULT',
    });
    const error = stored.observations.find((o) => o.name === 'line ERROR')!;
    expect(error.metadata).toMatchObject({ severity: { text: 'ERROR', number: 0 } });
  });
});

describe('identical log records in one export', () => {
  /** Three records with the same time (to the millisecond), body and attributes, in one export. */
  async function sendRepeats(span: Span) {
    const exporter = new OTLPLogExporter({
      url: `${server.baseUrl}/api/public/otel/v1/logs`,
      headers: { ...bearer(), ...COMMIT },
    });
    const provider = new LoggerProvider({ processors: [new BatchLogRecordProcessor({ exporter })] });
    const logger = provider.getLogger('app');
    for (let i = 0; i < 3; i++) {
      logger.emit({
        body: 'cache miss',
        severityNumber: 9,
        context: trace.setSpan(context.active(), span),
        timestamp: at(0, 300_000_000),
      });
    }
    await provider.forceFlush();
    await provider.shutdown();
  }

  it('are as many EVENT observations as records; the same export sent again adds none', async () => {
    const { span, send } = chatSpan('repeats');
    await send();
    const events = async () => {
      const { stored } = await storedGeneration(span);
      return stored.observations.filter((o) => o.type === 'EVENT');
    };
    await sendRepeats(span);
    const first = await events();
    expect(first.map((o) => o.name)).toEqual(['cache miss', 'cache miss', 'cache miss']);
    expect(new Set(first.map((o) => o.id)).size).toBe(3);
    await sendRepeats(span);
    const again = await events();
    expect(again.map((o) => o.id).sort()).toEqual(first.map((o) => o.id).sort());
  });
});

describe('POST /api/public/otel/v1/logs replies', () => {
  const Request = opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
  const Response = opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse;
  const traceId = 'aa'.repeat(16);
  const records = [
    { traceId, spanId: 'bb'.repeat(8), timeUnixNano: '1767225600000000000', body: { stringValue: 'kept' } },
    { timeUnixNano: '1767225600000000000', body: { stringValue: 'no trace context' } },
  ];
  const json = JSON.stringify({ resourceLogs: [{ scopeLogs: [{ logRecords: records }] }] });
  const post = (body: Uint8Array | string, headers: Record<string, string>) =>
    fetch(`${server.baseUrl}/api/public/otel/v1/logs`, {
      method: 'POST',
      body,
      headers: { ...bearer(), ...COMMIT, ...headers },
    });

  it('JSON: records without a trace context are counted in partialSuccess with the reason; the rest is stored', async () => {
    const res = await post(json, { 'Content-Type': 'application/json' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      partialSuccess: {
        rejectedLogRecords: '1',
        errorMessage:
          '1 log record rejected: resourceLogs.0.scopeLogs.0.logRecords.1: no trace context (traceId is missing); log records are stored only as part of a trace',
      },
    });
    const stored = await fetch(`${server.baseUrl}/api/public/traces/${traceUuid(traceId)}`, { headers: bearer() });
    expect(((await stored.json()) as { observations: { input: unknown }[] }).observations.map((o) => o.input)).toEqual([
      'kept',
    ]);
  });

  it('protobuf with gzip: the same, in an ExportLogsServiceResponse; all records outside traces is still a 200', async () => {
    const proto = (list: typeof records) =>
      Request.encode({
        resourceLogs: [
          {
            scopeLogs: [
              {
                logRecords: list.map((r) => ({
                  ...r,
                  traceId: r.traceId ? Buffer.from(r.traceId, 'hex') : undefined,
                  spanId: r.spanId ? Buffer.from(r.spanId, 'hex') : undefined,
                })),
              },
            ],
          },
        ],
      } as never).finish();
    const headers = { 'Content-Type': 'application/x-protobuf', 'Content-Encoding': 'gzip' };
    const res = await post(gzipSync(proto(records)), headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-protobuf');
    const reply = Response.decode(new Uint8Array(await res.arrayBuffer()));
    expect(Number(reply.partialSuccess!.rejectedLogRecords)).toBe(1);
    const outside = await post(gzipSync(proto([records[1]!, records[1]!])), headers);
    expect(outside.status).toBe(200);
    expect(
      Number(Response.decode(new Uint8Array(await outside.arrayBuffer())).partialSuccess!.rejectedLogRecords),
    ).toBe(2);
  });

  it('all-zero ids, which some SDKs send for "no span" and "no trace": absent, not malformed', async () => {
    const zeroTrace = '00'.repeat(16);
    const zeroSpan = '00'.repeat(8);
    const traceHex = 'ac'.repeat(16);
    const res = await post(
      JSON.stringify({
        resourceLogs: [
          {
            scopeLogs: [
              {
                logRecords: [
                  {
                    traceId: traceHex,
                    spanId: zeroSpan,
                    timeUnixNano: '1767225600000000000',
                    body: { stringValue: 'in the trace' },
                  },
                  {
                    traceId: zeroTrace,
                    spanId: zeroSpan,
                    timeUnixNano: '1767225600000000000',
                    body: { stringValue: 'outside' },
                  },
                ],
              },
            ],
          },
        ],
      }),
      { 'Content-Type': 'application/json' },
    );
    expect(res.status).toBe(200);
    const reply = (await res.json()) as { partialSuccess: { rejectedLogRecords: string; errorMessage: string } };
    expect(reply.partialSuccess.rejectedLogRecords).toBe('1');
    expect(reply.partialSuccess.errorMessage).toMatch(/logRecords\.1: no trace context \(traceId is missing\)/);
    const stored = await fetch(`${server.baseUrl}/api/public/traces/${traceUuid(traceHex)}`, { headers: bearer() });
    expect(stored.status).toBe(200);
    const observations = ((await stored.json()) as { observations: { input: unknown; parentObservationId: unknown }[] })
      .observations;
    expect(observations.map((o) => [o.input, o.parentObservationId])).toEqual([['in the trace', null]]);
  });

  it('a body that is not an export is a 400 naming the problem', async () => {
    const res = await post('{"resourceLogs": {}}', { 'Content-Type': 'application/json' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'resourceLogs: must be an array, not an object',
      code: 'BAD_REQUEST',
      data: null,
    });
  });
});
