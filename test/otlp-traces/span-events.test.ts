import { SpanStatusCode } from '@opentelemetry/api';
import { OTLPTraceExporter as HttpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { BasicTracerProvider, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { TraceDetail } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, WAIT_FOR_COMMIT } from '../support/app.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/*
 * OpenTelemetry exporters (protobuf and JSON) sending GenAI spans whose messages are span events
 * (the older GenAI conventions), the current operation-details event, other events, and an error.
 * The exporters ask, through their headers, to be answered once the spans are readable.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('otlp-span-events');
});
afterAll(() => server?.close());

const uuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

async function send(exporter: SpanExporter): Promise<Record<string, string>> {
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tracer = provider.getTracer('genai-events');
  const chat = tracer.startSpan('chat gpt-4o', {
    attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-4o' },
  });
  chat.addEvent('gen_ai.system.message', { content: 'You are terse.' });
  chat.addEvent('gen_ai.user.message', { content: 'Capital of France?' });
  chat.addEvent('gen_ai.choice', { index: 0, finish_reason: 'stop', 'message.content': 'Paris' });
  chat.addEvent('cache.lookup', { hit: false });
  chat.end();
  const current = tracer.startSpan('chat gpt-4o (current conventions)', {
    attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-4o' },
  });
  current.addEvent('gen_ai.client.inference.operation.details', {
    'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: 'hi' }] }]),
    'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'hello' }] }]),
    'gen_ai.system_instructions': JSON.stringify([{ type: 'text', content: 'be kind' }]),
  });
  current.end();
  const failing = tracer.startSpan('tool call');
  failing.recordException(new Error('upstream timed out'));
  failing.setStatus({ code: SpanStatusCode.ERROR, message: 'tool failed' });
  failing.end();
  await provider.forceFlush();
  await provider.shutdown();
  const hex = (s: typeof chat) => s.spanContext();
  return {
    trace: uuid(hex(chat).traceId),
    other: uuid(hex(current).traceId),
    failing: uuid(hex(failing).traceId),
    chat: uuid(`0000000000000000${hex(chat).spanId}`),
    current: uuid(`0000000000000000${hex(current).spanId}`),
    failingSpan: uuid(`0000000000000000${hex(failing).spanId}`),
  };
}

async function observation(traceId: string, id: string) {
  const res = await fetch(`${server.baseUrl}/api/public/traces/${traceId}`, { headers: bearer() });
  expect(res.status).toBe(200);
  const trace = v.parse(TraceDetail, await res.json());
  return trace.observations.find((o) => o.id === id)!;
}

const headers = { ...bearer(), ...WAIT_FOR_COMMIT };

describe.each([
  ['protobuf', () => new ProtobufExporter({ url: `${server.baseUrl}/api/public/otel/v1/traces`, headers })],
  ['JSON', () => new HttpJsonExporter({ url: `${server.baseUrl}/api/public/otel/v1/traces`, headers })],
])('GenAI span events over OTLP %s', (_, exporter) => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    ids = await send(exporter());
  });

  it('message events are the input and the choice the output; other events are kept', async () => {
    const chat = await observation(ids.trace!, ids.chat!);
    expect(chat).toMatchObject({
      type: 'GENERATION',
      model: 'gpt-4o',
      input: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Capital of France?' },
      ],
      output: { index: 0, finish_reason: 'stop', 'message.content': 'Paris' },
      level: 'DEFAULT',
    });
    expect(chat.events).toMatchObject([{ name: 'cache.lookup', attributes: { hit: false } }]);
    expect((chat.events[0] as { time: string }).time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  });

  it('the operation-details event carries the current message attributes', async () => {
    const current = await observation(ids.other!, ids.current!);
    expect(current.input).toEqual([
      { role: 'system', content: 'be kind' },
      { role: 'user', parts: [{ type: 'text', content: 'hi' }] },
    ]);
    expect(current.output).toEqual([{ role: 'assistant', parts: [{ type: 'text', content: 'hello' }] }]);
  });

  it('an error status with an exception event is level ERROR with the status message', async () => {
    const failing = await observation(ids.failing!, ids.failingSpan!);
    expect(failing).toMatchObject({ level: 'ERROR', statusMessage: 'tool failed' });
    expect(failing.events).toMatchObject([
      { name: 'exception', attributes: { 'exception.message': 'upstream timed out' } },
    ]);
  });
});
