import { Metadata } from '@grpc/grpc-js';
import { context, trace } from '@opentelemetry/api';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-grpc';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-grpc';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-grpc';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchLogRecordProcessor, LoggerProvider } from '@opentelemetry/sdk-logs';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { TraceDetail } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, TEST_CREDENTIALS } from '../support/app.ts';
import { type GrpcTestServer, startGrpcTestServer } from '../support/grpc.ts';

let server: GrpcTestServer;
beforeAll(async () => {
  server = await startGrpcTestServer('otlp-grpc-exporters');
});
afterAll(() => server?.close());

const traceUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
const spanUuid = (hex: string) => traceUuid(`0000000000000000${hex}`);
/** 2026-01-01T00:00:00Z plus seconds and nanoseconds, as an OpenTelemetry HrTime. */
const at = (seconds: number, nanos = 0): [number, number] => [1_767_225_600 + seconds, nanos];

/** gRPC metadata as the exporters take it: credentials, and answered once readable. */
function metadata(scheme: 'bearer' | 'basic' = 'bearer', commit = true): Metadata {
  const m = new Metadata();
  const { bearerToken, publicKey, secretKey } = TEST_CREDENTIALS;
  m.set(
    'authorization',
    scheme === 'bearer'
      ? `Bearer ${bearerToken}`
      : `Basic ${Buffer.from(`${publicKey}:${secretKey}`).toString('base64')}`,
  );
  if (commit) m.set('spanhouse-wait', 'commit');
  return m;
}

async function getTrace(id: string) {
  const res = await fetch(`${server.baseUrl}/api/public/traces/${id}`, { headers: bearer() });
  expect(res.status).toBe(200);
  return v.parse(TraceDetail, await res.json());
}

describe('@opentelemetry/exporter-trace-otlp-grpc', () => {
  it.each([
    { compression: 'none', scheme: 'bearer' },
    { compression: 'gzip', scheme: 'bearer' },
    { compression: 'none', scheme: 'basic' },
    { compression: 'gzip', scheme: 'basic' },
  ] as const)(
    'compression $compression, $scheme credentials: the trace is stored as over HTTP',
    async ({ compression, scheme }) => {
      const memory = new InMemorySpanExporter();
      const provider = new BasicTracerProvider({
        resource: resourceFromAttributes({ 'service.name': 'grpc-test', 'deployment.environment.name': 'staging' }),
        spanProcessors: [new SimpleSpanProcessor(memory)],
      });
      const tracer = provider.getTracer('grpc-test');
      const root = tracer.startSpan(`handle ${compression} ${scheme}`, { startTime: at(0) });
      const llm = tracer.startSpan(
        'chat gpt-4o-mini',
        {
          startTime: at(0, 200_000_000),
          attributes: {
            'gen_ai.operation.name': 'chat',
            'gen_ai.request.model': 'gpt-4o-mini',
            'gen_ai.usage.input_tokens': 120,
            'gen_ai.usage.output_tokens': 30,
          },
        },
        trace.setSpan(context.active(), root),
      );
      llm.end(at(1, 434_567_891));
      root.end(at(2));
      const exporter = new OTLPTraceExporter({
        url: `http://${server.grpcAddress}`,
        metadata: metadata(scheme),
        compression: compression as never,
      });
      const result = await new Promise<{ code: number; error?: Error }>((r) =>
        exporter.export(memory.getFinishedSpans(), r),
      );
      await exporter.shutdown();
      expect(result.error).toBeUndefined();
      expect(result.code).toBe(0);

      // Answered once committed (spanhouse-wait: commit), so readable at once.
      const { traceId, spanId } = root.spanContext();
      const stored = await getTrace(traceUuid(traceId));
      expect(stored).toMatchObject({ name: `handle ${compression} ${scheme}`, environment: 'staging' });
      expect(stored.timestamp).toBe('2026-01-01T00:00:00.000Z');
      const gen = stored.observations.find((o) => o.id === spanUuid(llm.spanContext().spanId))!;
      expect(gen).toMatchObject({
        type: 'GENERATION',
        model: 'gpt-4o-mini',
        parentObservationId: spanUuid(spanId),
        usage: { input: 120, output: 30, total: 150 },
      });
      expect(gen.latency).toBe(1.234567);
    },
  );
});

describe('@opentelemetry/exporter-metrics-otlp-grpc', () => {
  it('counters and histograms become series, queryable with PromQL', async () => {
    const exporter = new OTLPMetricExporter({
      url: `http://${server.grpcAddress}`,
      metadata: metadata('basic'),
      compression: 'gzip' as never,
    });
    const provider = new MeterProvider({
      readers: [new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 })],
    });
    const meter = provider.getMeter('grpc-test');
    const tokens = meter.createCounter('grpc_test.tokens');
    tokens.add(120, { model: 'gpt-4o' });
    tokens.add(7, { model: 'claude' });
    const latency = meter.createHistogram('grpc_test.latency', { advice: { explicitBucketBoundaries: [0.5, 1] } });
    for (const x of [0.2, 0.7, 2]) latency.record(x);
    await provider.forceFlush();
    await provider.shutdown();
    const query = async (q: string) => {
      const res = await fetch(`${server.baseUrl}/prometheus/api/v1/query?${new URLSearchParams({ query: q })}`, {
        headers: bearer(),
      });
      const body = (await res.json()) as {
        data: { result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      return body.data.result;
    };
    expect((await query('{__name__="grpc_test.tokens"}')).map((s) => [s.metric.model, s.value[1]]).sort()).toEqual([
      ['claude', '7'],
      ['gpt-4o', '120'],
    ]);
    expect((await query('{__name__="grpc_test.latency_bucket"}')).map((s) => [s.metric.le, s.value[1]]).sort()).toEqual(
      [
        ['+Inf', '3'],
        ['0.5', '1'],
        ['1', '2'],
      ],
    );
  });
});

describe('@opentelemetry/exporter-logs-otlp-grpc', () => {
  it('GenAI events fill their span’s input and output; another record becomes an EVENT under the span', async () => {
    const memory = new InMemorySpanExporter();
    const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(memory)] }).getTracer('t');
    const span = tracer.startSpan('chat gpt-4o', {
      startTime: at(10),
      attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-4o' },
    });
    const inSpan = trace.setSpan(context.active(), span);
    const logExporter = new OTLPLogExporter({ url: `http://${server.grpcAddress}`, metadata: metadata('bearer') });
    const logs = new LoggerProvider({ processors: [new BatchLogRecordProcessor({ exporter: logExporter })] });
    const logger = logs.getLogger('openai-instrumentation');
    logger.emit({
      eventName: 'gen_ai.system.message',
      body: { content: 'be brief' },
      context: inSpan,
      timestamp: at(10, 1),
    });
    logger.emit({ eventName: 'gen_ai.user.message', body: { content: 'hi' }, context: inSpan, timestamp: at(10, 2) });
    logger.emit({
      body: 'retrying after 429',
      severityNumber: 13,
      severityText: 'WARN',
      context: inSpan,
      timestamp: at(10, 3),
    });
    logger.emit({
      eventName: 'gen_ai.choice',
      body: { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'hello' } },
      context: inSpan,
      timestamp: at(11),
    });
    await logs.forceFlush();
    await logs.shutdown();
    span.end(at(12));
    const spans = new OTLPTraceExporter({ url: `http://${server.grpcAddress}`, metadata: metadata('bearer') });
    const result = await new Promise<{ code: number }>((r) => spans.export(memory.getFinishedSpans(), r));
    await spans.shutdown();
    expect(result.code).toBe(0);

    const stored = await getTrace(traceUuid(span.spanContext().traceId));
    const gen = stored.observations.find((o) => o.id === spanUuid(span.spanContext().spanId))!;
    expect(gen).toMatchObject({ type: 'GENERATION', name: 'chat gpt-4o', model: 'gpt-4o' });
    expect(gen.startTime).toBe('2026-01-01T00:00:10.000Z');
    expect(gen.input).toEqual([
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'hi' },
    ]);
    expect(gen.output).toEqual({ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'hello' } });
    const event = stored.observations.find((o) => o.type === 'EVENT')!;
    expect(event).toMatchObject({
      name: 'retrying after 429',
      input: 'retrying after 429',
      level: 'WARNING',
      parentObservationId: gen.id,
    });
    expect(stored.observations).toHaveLength(2);
  });
});
