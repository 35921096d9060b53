import { Metadata, type ServiceError, status } from '@grpc/grpc-js';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-grpc';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { opentelemetry as logsProto } from '@spanhouse/ingest-api/otlp-logs-proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, bearer } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { exportBytes, type GrpcTestServer, startGrpcTestServer } from '../support/grpc.ts';
import { hex, jsonExport, protobufExport, traceUuid } from '../support/otlp-request.ts';

/*
 * OTLP/gRPC with projects: a project's key pair in the `authorization` metadata writes into that
 * project alone, as over HTTP; the admin's bearer token writes into the project its
 * `spanhouse-project` metadata names; a revoked key, or a project that does not exist, is refused
 * with the status an exporter does not retry.
 */

type Key = { id: string; publicKey: string; secretKey: string };
let server: GrpcTestServer;
let alpha: { id: string; key: Key };
let beta: { id: string };

async function admin(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { ...bearer(), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
}

const basicValue = (k: Pick<Key, 'publicKey' | 'secretKey'>) =>
  `Basic ${Buffer.from(`${k.publicKey}:${k.secretKey}`).toString('base64')}`;

function metadata(authorization: string, pairs: Record<string, string> = {}): Metadata {
  const m = new Metadata();
  m.set('authorization', authorization);
  m.set('spanhouse-wait', 'commit');
  for (const [k, v] of Object.entries(pairs)) m.set(k, v);
  return m;
}

const statusOf = async (traceId: string, headers: Record<string, string>) =>
  (await fetch(`${server.baseUrl}/api/public/traces/${traceUuid(traceId)}`, { headers })).status;

beforeAll(async () => {
  server = await startGrpcTestServer('otlp-grpc-projects');
  const a = await admin('POST', '/api/public/projects', { name: 'grpc alpha' });
  const key = (await admin('POST', `/api/public/projects/${a.id}/apiKeys`, { note: 'collector' })) as unknown as Key;
  alpha = { id: String(a.id), key };
  beta = { id: String((await admin('POST', '/api/public/projects', { name: 'grpc beta' })).id) };
});
afterAll(() => server?.close());

describe("a project's key over OTLP/gRPC", () => {
  it('the real trace exporter writes into the key’s project, which no other project’s credentials can read', async () => {
    const memory = new InMemorySpanExporter();
    const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(memory)] }).getTracer('t');
    const span = tracer.startSpan('grpc into alpha');
    span.end();
    const exporter = new OTLPTraceExporter({
      url: `http://${server.grpcAddress}`,
      metadata: metadata(basicValue(alpha.key)),
    });
    const result = await new Promise<{ code: number; error?: Error }>((resolve) =>
      exporter.export(memory.getFinishedSpans(), resolve),
    );
    await exporter.shutdown();
    expect(result.error).toBeUndefined();
    const traceId = span.spanContext().traceId;
    expect(await statusOf(traceId, basic(alpha.key.publicKey, alpha.key.secretKey))).toBe(200);
    expect(await statusOf(traceId, { ...bearer(), 'Spanhouse-Project': alpha.id })).toBe(200);
    expect(await statusOf(traceId, basic())).toBe(404);
    expect(await statusOf(traceId, bearer())).toBe(404);
    expect(await statusOf(traceId, { ...bearer(), 'Spanhouse-Project': beta.id })).toBe(404);
  });

  it('a log record in a span’s context becomes an event of that span in the key’s project', async () => {
    const traceId = hex(16);
    const spanId = hex(8);
    const spans = protobufExport(jsonExport([{ traceId, spanId, attributes: [] }]));
    expect(
      (await exportBytes(server.grpcAddress, 'traces', spans, metadata(basicValue(alpha.key)))).error,
    ).toBeUndefined();
    const logs = logsProto.proto.collector.logs.v1.ExportLogsServiceRequest.encode({
      resourceLogs: [
        {
          scopeLogs: [
            {
              logRecords: [
                {
                  timeUnixNano: Date.now() * 1e6,
                  traceId: Buffer.from(traceId, 'hex'),
                  spanId: Buffer.from(spanId, 'hex'),
                  body: { stringValue: 'cache miss for the retrieval step' },
                },
              ],
            },
          ],
        },
      ],
    }).finish();
    const sent = await exportBytes(server.grpcAddress, 'logs', logs, metadata(basicValue(alpha.key)));
    expect(sent.error).toBeUndefined();
    const read = async (headers: Record<string, string>) =>
      fetch(`${server.baseUrl}/api/public/traces/${traceUuid(traceId)}`, { headers });
    const trace = await eventually(async () => {
      const res = await read(basic(alpha.key.publicKey, alpha.key.secretKey));
      expect(res.status).toBe(200);
      const body = (await res.json()) as { observations: { type: string; input: unknown }[] };
      expect(body.observations.some((o) => o.type === 'EVENT')).toBe(true);
      return body;
    });
    expect(JSON.stringify(trace)).toContain('cache miss for the retrieval step');
    expect((await read(basic())).status).toBe(404);
  });

  it('the admin token writes into the project its spanhouse-project metadata names', async () => {
    const traceId = hex(16);
    const bytes = protobufExport(jsonExport([{ traceId, spanId: hex(8), attributes: [] }]));
    const sent = await exportBytes(
      server.grpcAddress,
      'traces',
      bytes,
      metadata(bearer().Authorization, { 'spanhouse-project': beta.id }),
    );
    expect(sent.error).toBeUndefined();
    expect(await statusOf(traceId, { ...bearer(), 'Spanhouse-Project': beta.id })).toBe(200);
    expect(await statusOf(traceId, bearer())).toBe(404);
    expect(await statusOf(traceId, basic(alpha.key.publicKey, alpha.key.secretKey))).toBe(404);
  });
});

describe('refusals', () => {
  const send = (m: Metadata) =>
    exportBytes(
      server.grpcAddress,
      'traces',
      protobufExport(jsonExport([{ traceId: hex(16), spanId: hex(8), attributes: [] }])),
      m,
    );
  const codeOf = (r: { error?: ServiceError }) => r.error?.code;

  it('a project key naming another project is PERMISSION_DENIED; the admin naming no such project is NOT_FOUND', async () => {
    expect(codeOf(await send(metadata(basicValue(alpha.key), { 'spanhouse-project': beta.id })))).toBe(
      status.PERMISSION_DENIED,
    );
    expect(codeOf(await send(metadata(bearer().Authorization, { 'spanhouse-project': 'no-such-project' })))).toBe(
      status.NOT_FOUND,
    );
  });

  it('a revoked key is UNAUTHENTICATED within 15 s', async () => {
    const key = (await admin('POST', `/api/public/projects/${alpha.id}/apiKeys`, {})) as unknown as Key;
    expect(codeOf(await send(metadata(basicValue(key))))).toBeUndefined();
    await fetch(`${server.baseUrl}/api/public/projects/${alpha.id}/apiKeys/${key.id}`, {
      method: 'DELETE',
      headers: bearer(),
    });
    await eventually(
      async () => expect(codeOf(await send(metadata(basicValue(key))))).toBe(status.UNAUTHENTICATED),
      15_000,
    );
  });
});
