import { Metadata } from '@grpc/grpc-js';
import { OTLPTraceExporter as GrpcExporter } from '@opentelemetry/exporter-trace-otlp-grpc';
import { OTLPTraceExporter as HttpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { type GrpcTestServer, startGrpcTestServer } from '../support/grpc.ts';
import { traceUuid, spanUuid } from '../support/otlp-request.ts';

/*
 * OTLP span links are kept on the observation, as metadata `links`: [{traceId, spanId,
 * attributes}], the ids in the form the API answers ids in (UUIDs), the same whatever the
 * transport (OTLP/JSON, protobuf over HTTP, protobuf over gRPC share the mapping). They used to be
 * dropped.
 */

let server: GrpcTestServer;
beforeAll(async () => {
  server = await startGrpcTestServer('otlp-span-links');
});
afterAll(() => server?.close());

/** A span linked to two others (one link with attributes), recorded in memory to send by any exporter. */
function recordLinked(label: string) {
  const memory = new InMemorySpanExporter();
  const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(memory)] }).getTracer('links');
  const first = tracer.startSpan(`first ${label}`);
  first.end();
  const second = tracer.startSpan(`second ${label}`);
  second.end();
  const linked = tracer.startSpan(`linked ${label}`, {
    links: [
      { context: first.spanContext(), attributes: { 'link.kind': 'batch', 'link.n': 2 } },
      { context: second.spanContext() },
    ],
  });
  linked.end();
  return { spans: memory.getFinishedSpans() as ReadableSpan[], first, second, linked };
}

const auth = () => bearer().Authorization;
const EXPORTERS: Record<string, () => SpanExporter> = {
  'OTLP/JSON over HTTP': () =>
    new HttpJsonExporter({ url: `${server.baseUrl}/api/public/otel/v1/traces`, headers: { Authorization: auth() } }),
  'protobuf over HTTP': () =>
    new ProtobufExporter({ url: `${server.baseUrl}/api/public/otel/v1/traces`, headers: { Authorization: auth() } }),
  'protobuf over gRPC': () => {
    const metadata = new Metadata();
    metadata.set('authorization', auth());
    return new GrpcExporter({ url: `http://${server.grpcAddress}`, metadata });
  },
};

describe.each(Object.keys(EXPORTERS))('%s', (transport) => {
  it('the real exporter’s span links are kept in the observation’s metadata.links', async () => {
    const { spans, first, second, linked } = recordLinked(transport);
    const exporter = EXPORTERS[transport]!();
    const result = await new Promise<{ code: number; error?: Error }>((r) => exporter.export(spans, r));
    await exporter.shutdown();
    expect(result.error).toBeUndefined();
    const { traceId, spanId } = linked.spanContext();
    const observation = await eventually(async () => {
      const res = await fetch(`${server.baseUrl}/api/public/observations/${spanUuid(spanId)}`, { headers: bearer() });
      expect(res.status).toBe(200);
      return (await res.json()) as { traceId: string; metadata: Record<string, unknown> };
    });
    expect(observation.traceId).toBe(traceUuid(traceId));
    expect(observation.metadata.links).toEqual([
      {
        traceId: traceUuid(first.spanContext().traceId),
        spanId: spanUuid(first.spanContext().spanId),
        attributes: { 'link.kind': 'batch', 'link.n': 2 },
      },
      {
        traceId: traceUuid(second.spanContext().traceId),
        spanId: spanUuid(second.spanContext().spanId),
        attributes: {},
      },
    ]);
    // The span without links has no `links`.
    const res = await fetch(`${server.baseUrl}/api/public/observations/${spanUuid(first.spanContext().spanId)}`, {
      headers: bearer(),
    });
    expect(((await res.json()) as { metadata: Record<string, unknown> }).metadata.links).toBeUndefined();
  });
});
