import { gzipSync } from 'node:zlib';
import { Metadata, status } from '@grpc/grpc-js';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-grpc';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { opentelemetry } from '@spanhouse/ingest-api/otlp-proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, TEST_CREDENTIALS } from '../support/app.ts';
import { exportBytes, type GrpcTestServer, grpcMetadata, retryDelayMs, startGrpcTestServer } from '../support/grpc.ts';
import { hex, jsonExport, protobufExport, traceUuid } from '../support/otlp-request.ts';

/*
 * What OTLP/gRPC refuses, with the status codes the OTLP specification gives exporters: never to
 * be retried (UNAUTHENTICATED, INVALID_ARGUMENT, RESOURCE_EXHAUSTED without RetryInfo for a
 * message past the size limits), and partial_success for what was not stored. Limits are small
 * here: 16 KiB as sent, 8 KiB inflated.
 */

const BODY_LIMIT = 16 * 1024;
const DECOMPRESSED_LIMIT = 8 * 1024;
let server: GrpcTestServer;
beforeAll(async () => {
  server = await startGrpcTestServer('otlp-grpc-refusals', {
    BODY_LIMIT_BYTES: String(BODY_LIMIT),
    DECOMPRESSED_LIMIT_BYTES: String(DECOMPRESSED_LIMIT),
  });
});
afterAll(() => server?.close());

const ExportTraceServiceResponse = opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;

/** A protobuf export of one trace of `spans` spans, each with `padding` characters of input. */
function traceExport(spans = 1, padding = 0) {
  const traceId = hex(16);
  const attributes: [string, string][] = padding ? [['langfuse.observation.input', 'x'.repeat(padding)]] : [];
  const bytes = protobufExport(
    jsonExport(Array.from({ length: spans }, () => ({ traceId, spanId: hex(8), attributes }))),
  );
  return { traceId, bytes };
}

const storedStatus = async (traceId: string) =>
  (await fetch(`${server.baseUrl}/api/public/traces/${traceUuid(traceId)}`, { headers: bearer() })).status;

describe('credentials', () => {
  it('the real exporter with wrong or no credentials gets UNAUTHENTICATED, and nothing is stored', async () => {
    const memory = new InMemorySpanExporter();
    const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(memory)] }).getTracer('t');
    const span = tracer.startSpan('never stored');
    span.end();
    const wrong = (authorization?: string) => {
      const m = new Metadata();
      if (authorization) m.set('authorization', authorization);
      return m;
    };
    const basic = (pk: string, sk: string) => `Basic ${Buffer.from(`${pk}:${sk}`).toString('base64')}`;
    for (const metadata of [
      wrong('Bearer nope'),
      wrong(basic(TEST_CREDENTIALS.publicKey, 'wrong')),
      wrong(`Bearer ${TEST_CREDENTIALS.publicKey}`),
      wrong(),
    ]) {
      const exporter = new OTLPTraceExporter({ url: `http://${server.grpcAddress}`, metadata });
      const result = await new Promise<{ code: number; error?: Error }>((r) =>
        exporter.export(memory.getFinishedSpans(), r),
      );
      await exporter.shutdown();
      expect(result.code).toBe(1);
      expect((result.error as unknown as { code: number }).code).toBe(status.UNAUTHENTICATED);
      expect((result.error as unknown as { details: string }).details).toBe('missing or invalid credentials');
    }
    expect(await storedStatus(span.spanContext().traceId)).toBe(404);
  });
});

describe('data never to be retried', () => {
  it('bytes that are not an ExportTraceServiceRequest: INVALID_ARGUMENT naming the problem', async () => {
    const { error } = await exportBytes(server.grpcAddress, 'traces', Buffer.from([0x0a, 0xff, 0xff]));
    expect(error?.code).toBe(status.INVALID_ARGUMENT);
    expect(error?.details).toMatch(/^request body is not a protobuf ExportTraceServiceRequest: /);
    expect(retryDelayMs(error!)).toBeUndefined();
  });

  it('an export with no usable span: INVALID_ARGUMENT with the reason; one with some: OK and partial_success', async () => {
    const none = protobufExport(jsonExport([{ traceId: hex(16) }]));
    const refused = await exportBytes(server.grpcAddress, 'traces', none);
    expect(refused.error?.code).toBe(status.INVALID_ARGUMENT);
    expect(refused.error?.details).toBe('1 span rejected: resourceSpans.0.scopeSpans.0.spans.0: spanId is missing');

    const traceId = hex(16);
    const some = protobufExport(jsonExport([{ traceId, spanId: hex(8) }, { traceId }]));
    const { response, error } = await exportBytes(
      server.grpcAddress,
      'traces',
      some,
      grpcMetadata({ 'spanhouse-wait': 'commit' }),
    );
    expect(error).toBeUndefined();
    const reply = ExportTraceServiceResponse.decode(response!);
    expect(Number(reply.partialSuccess!.rejectedSpans)).toBe(1);
    expect(reply.partialSuccess!.errorMessage).toBe(
      '1 span rejected: resourceSpans.0.scopeSpans.0.spans.1: spanId is missing',
    );
    expect(await storedStatus(traceId)).toBe(200);
  });

  it('a bad spanhouse-wait value: INVALID_ARGUMENT', async () => {
    const { error } = await exportBytes(
      server.grpcAddress,
      'traces',
      traceExport().bytes,
      grpcMetadata({ 'spanhouse-wait': 'soon' }),
    );
    expect(error?.code).toBe(status.INVALID_ARGUMENT);
    expect(error?.details).toMatch(/^wait: must be "durable"/);
  });
});

describe('size limits (BODY_LIMIT_BYTES as sent, and inflated; DECOMPRESSED_LIMIT_BYTES inflated)', () => {
  it('a message past BODY_LIMIT_BYTES: RESOURCE_EXHAUSTED without RetryInfo (not to be retried), nothing stored', async () => {
    const { traceId, bytes } = traceExport(1, BODY_LIMIT + 100);
    const { error } = await exportBytes(server.grpcAddress, 'traces', bytes);
    expect(error?.code).toBe(status.RESOURCE_EXHAUSTED);
    expect(error?.details).toMatch(/larger than max/);
    expect(retryDelayMs(error!)).toBeUndefined();
    expect(await storedStatus(traceId)).toBe(404);
  });

  it('past DECOMPRESSED_LIMIT_BYTES once inflated, though small as sent (gzip): RESOURCE_EXHAUSTED, nothing stored', async () => {
    const { traceId, bytes } = traceExport(1, DECOMPRESSED_LIMIT + 100);
    expect(gzipSync(bytes).length).toBeLessThan(DECOMPRESSED_LIMIT);
    const { error } = await exportBytes(server.grpcAddress, 'traces', bytes, grpcMetadata(), { gzip: true });
    expect(error?.code).toBe(status.RESOURCE_EXHAUSTED);
    expect(error?.details).toBe(`decompressed request body exceeds ${DECOMPRESSED_LIMIT} bytes`);
    expect(retryDelayMs(error!)).toBeUndefined();
    expect(await storedStatus(traceId)).toBe(404);
  });

  it('just under the limits, with and without gzip: stored', async () => {
    for (const gzip of [false, true]) {
      const { traceId, bytes } = traceExport(1, DECOMPRESSED_LIMIT - 400);
      expect(bytes.length).toBeLessThan(DECOMPRESSED_LIMIT);
      const { error } = await exportBytes(
        server.grpcAddress,
        'traces',
        bytes,
        grpcMetadata({ 'spanhouse-wait': 'commit' }),
        {
          gzip,
        },
      );
      expect(error).toBeUndefined();
      expect(await storedStatus(traceId)).toBe(200);
    }
  });
});
