import { context, type Span, trace } from '@opentelemetry/api';
import { OTLPTraceExporter as HttpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { TraceDetail } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, bearer } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
/** Content-Type and Content-Encoding of each OTLP request, to show what the exporters really sent. */
const seen: { type: string; encoding: string }[] = [];
beforeAll(async () => {
  server = await startTestServer('otlp-exporters', {}, (req) => {
    if (new URL(req.url).pathname === '/api/public/otel/v1/traces') {
      seen.push({ type: req.headers.get('content-type') ?? '', encoding: req.headers.get('content-encoding') ?? '' });
    }
  });
});
afterAll(() => server?.close());

/** Span ids as the service names them (docs/api.md, OTLP). */
const traceUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
const spanUuid = (hex: string) => traceUuid(`0000000000000000${hex}`);

/** 2026-01-01T00:00:00Z plus seconds and nanoseconds, as an OpenTelemetry HrTime. */
const at = (seconds: number, nanos: number): [number, number] => [1_767_225_600 + seconds, nanos];

/**
 * Records a three-span trace in memory (root → generation, root → tool), with times at
 * nanosecond precision, so the same spans can be sent by any exporter.
 */
function recordTrace(label: string): { spans: ReadableSpan[]; ids: Record<'root' | 'llm' | 'tool' | 'trace', string> } {
  const memory = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'exporter-test', 'deployment.environment.name': 'staging' }),
    spanProcessors: [new SimpleSpanProcessor(memory)],
  });
  const tracer = provider.getTracer('exporter-test', '1.0.0');
  const root = tracer.startSpan(`handle ${label}`, { startTime: at(0, 100_000_000), attributes: { route: '/chat' } });
  const inRoot = trace.setSpan(context.active(), root);
  const llm: Span = tracer.startSpan(
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
    inRoot,
  );
  llm.end(at(1, 434_567_891)); // 1.234567891 s after its start: latency 1.234567 s in microseconds
  const tool = tracer.startSpan('lookup', { startTime: at(1, 500_000_000) }, inRoot);
  tool.end(at(1, 750_000_000));
  root.end(at(2, 0));
  return {
    spans: memory.getFinishedSpans(),
    ids: {
      trace: root.spanContext().traceId,
      root: root.spanContext().spanId,
      llm: llm.spanContext().spanId,
      tool: tool.spanContext().spanId,
    },
  };
}

function exportWith(exporter: SpanExporter, spans: ReadableSpan[]): Promise<{ code: number; error?: Error }> {
  return new Promise((resolve) => exporter.export(spans, resolve));
}

const EXPORTERS = { protobuf: ProtobufExporter, json: HttpJsonExporter } as const;
const cases = (['protobuf', 'json'] as const).flatMap((encoding) =>
  (['none', 'gzip'] as const).flatMap((compression) =>
    (['bearer', 'basic'] as const).map((scheme) => ({ encoding, compression, scheme })),
  ),
);

describe('real OpenTelemetry exporters → GET /api/public/traces/:id', () => {
  it.each(cases)(
    '$encoding exporter, compression $compression, $scheme auth',
    async ({ encoding, compression, scheme }) => {
      const { spans, ids } = recordTrace(`${encoding}-${compression}-${scheme}`);
      const exporter = new EXPORTERS[encoding]({
        url: `${server.baseUrl}/api/public/otel/v1/traces`,
        headers: scheme === 'bearer' ? bearer() : basic(),
        compression: compression as never,
      });
      seen.length = 0;
      const result = await exportWith(exporter, spans);
      await exporter.shutdown();
      expect(result.error).toBeUndefined();
      expect(result.code).toBe(0); // ExportResultCode.SUCCESS
      expect(seen).toEqual([
        {
          type: encoding === 'protobuf' ? 'application/x-protobuf' : 'application/json',
          encoding: compression === 'gzip' ? 'gzip' : '',
        },
      ]);

      // Acknowledged once durable; readable once the log's next insert is committed.
      const body = await eventually(async () => {
        const res = await fetch(`${server.baseUrl}/api/public/traces/${traceUuid(ids.trace)}`, { headers: bearer() });
        expect(res.status).toBe(200);
        const trace = v.parse(TraceDetail, await res.json());
        expect(trace.observations).toHaveLength(3);
        return trace;
      });
      expect(body.id).toBe(traceUuid(ids.trace));
      expect(body.name).toBe(`handle ${encoding}-${compression}-${scheme}`);
      expect(body.timestamp).toBe('2026-01-01T00:00:00.100Z');
      expect(body.environment).toBe('staging');
      const byId = Object.fromEntries(body.observations.map((o) => [o.id, o]));
      expect(Object.keys(byId).sort()).toEqual([spanUuid(ids.root), spanUuid(ids.llm), spanUuid(ids.tool)].sort());

      const root = byId[spanUuid(ids.root)]!;
      expect(root).toMatchObject({ type: 'SPAN', parentObservationId: null, traceId: traceUuid(ids.trace) });
      expect(root.startTime).toBe('2026-01-01T00:00:00.100Z');
      expect(root.endTime).toBe('2026-01-01T00:00:02.000Z');
      expect(root.metadata.attributes).toEqual({ route: '/chat' });
      expect(root.metadata.resourceAttributes).toMatchObject({ 'service.name': 'exporter-test' });

      const llm = byId[spanUuid(ids.llm)]!;
      expect(llm).toMatchObject({
        type: 'GENERATION',
        name: 'chat gpt-4o-mini',
        model: 'gpt-4o-mini',
        parentObservationId: spanUuid(ids.root),
        usage: { input: 120, output: 30, total: 150 },
        startTime: '2026-01-01T00:00:00.200Z',
        endTime: '2026-01-01T00:00:01.434Z',
      });
      expect(llm.latency).toBe(1.234567);
      expect(llm.totalCost).toBeGreaterThan(0); // priced from the model table, as for batch

      const tool = byId[spanUuid(ids.tool)]!;
      expect(tool).toMatchObject({ type: 'SPAN', name: 'lookup', parentObservationId: spanUuid(ids.root) });
      expect(tool.latency).toBe(0.25);
      expect(body.latency).toBe(1.9);
    },
  );

  it('an exporter with wrong credentials is refused (401) and stores nothing', async () => {
    const { spans, ids } = recordTrace('wrong-credentials');
    for (const headers of [bearer('nope'), basic('pk-test', 'wrong')]) {
      const exporter = new ProtobufExporter({ url: `${server.baseUrl}/api/public/otel/v1/traces`, headers });
      const result = await exportWith(exporter, spans);
      await exporter.shutdown();
      expect(result.code).toBe(1); // ExportResultCode.FAILED
      expect((result.error as { code?: number }).code).toBe(401);
    }
    const res = await fetch(`${server.baseUrl}/api/public/traces/${traceUuid(ids.trace)}`, { headers: bearer() });
    expect(res.status).toBe(404);
  });
});
