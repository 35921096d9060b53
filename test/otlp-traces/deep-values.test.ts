import { opentelemetry as logsProto } from '@spanhouse/ingest-api/otlp-logs-proto';
import { opentelemetry as metricsProto } from '@spanhouse/ingest-api/otlp-metrics-proto';
import { opentelemetry } from '@spanhouse/ingest-api/otlp-proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/app.ts';
import { exportBytes, type GrpcTestServer, grpcMetadata, startGrpcTestServer } from '../support/grpc.ts';
import { hex, spanUuid, traceUuid } from '../support/otlp-request.ts';

/*
 * An attribute value nested deeper than 24 arrays or key-value lists loses no span (log record,
 * point), whatever the encoding: OTLP/JSON, protobuf over HTTP, protobuf over gRPC store the span, the value cut to
 * null past depth 24 (the attribute's value is depth 0, each array or list adds one) in the same
 * place, and the reply's partial_success says so (rejected count 0). Protobuf used to refuse the
 * whole export past ~50 levels ("max depth exceeded"), JSON to cut at 33.
 */
const MAX_VALUE_DEPTH = 24;
const LEVELS = 60;

let server: GrpcTestServer;
beforeAll(async () => {
  server = await startGrpcTestServer('otlp-deep-values');
});
afterAll(() => server?.close());

const ExportTraceServiceResponse = opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;

/** A length-delimited protobuf field. */
function field(no: number, payload: Buffer): Buffer {
  const len: number[] = [];
  for (let n = payload.length; ; n >>>= 7) {
    if (n < 0x80) {
      len.push(n);
      break;
    }
    len.push((n & 0x7f) | 0x80);
  }
  return Buffer.concat([Buffer.from([(no << 3) | 2, ...len]), payload]);
}

type Kind = 'array' | 'kvlist';

/** The value `levels` containers deep around "leaf", as OTLP/JSON and as protobuf AnyValue bytes. */
function nested(kind: Kind, levels: number): { json: unknown; bytes: Buffer } {
  let json: unknown = { stringValue: 'leaf' };
  let bytes = field(1, Buffer.from('leaf'));
  for (let i = 0; i < levels; i++) {
    if (kind === 'array') {
      json = { arrayValue: { values: [json] } };
      bytes = field(5, field(1, bytes));
    } else {
      json = { kvlistValue: { values: [{ key: 'k', value: json }] } };
      bytes = field(6, field(1, Buffer.concat([field(1, Buffer.from('k')), field(2, bytes)])));
    }
  }
  return { json, bytes };
}

/** What the value is stored as: the containers kept, then null. */
function expected(kind: Kind): unknown {
  let v: unknown = null;
  for (let i = 0; i <= MAX_VALUE_DEPTH; i++) v = kind === 'array' ? [v] : { k: v };
  return v;
}

/** An OTLP/JSON trace export of one span with `attributes`, starting and ending at `start` (ns). */
function jsonExport(traceId: string, spanId: string, name: string, start: string, attributes: unknown[]): string {
  const span = { traceId, spanId, name, startTimeUnixNano: start, endTimeUnixNano: start, attributes };
  return JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] });
}

/** One span with the attribute `deep` (and a shallow neighbour attribute), in both encodings. */
function deepExport(kind: Kind) {
  const traceId = hex(16);
  const spanId = hex(8);
  const value = nested(kind, LEVELS);
  const start = String(BigInt(Date.now()) * 1_000_000n);
  const json = jsonExport(traceId, spanId, 'deep', start, [
    { key: 'deep', value: value.json },
    { key: 'shallow', value: { stringValue: 'kept' } },
  ]);
  const time = Buffer.alloc(8);
  time.writeBigUInt64LE(BigInt(start));
  const span = Buffer.concat([
    field(1, Buffer.from(traceId, 'hex')),
    field(2, Buffer.from(spanId, 'hex')),
    field(5, Buffer.from('deep')),
    Buffer.from([0x39]), // start_time_unix_nano, fixed64
    time,
    Buffer.from([0x41]), // end_time_unix_nano, fixed64
    time,
    field(9, Buffer.concat([field(1, Buffer.from('deep')), field(2, value.bytes)])),
    field(9, Buffer.concat([field(1, Buffer.from('shallow')), field(2, field(1, Buffer.from('kept')))])),
  ]);
  return { traceId, spanId, json, protobuf: field(1, field(2, field(2, span))) };
}

const CUT_MESSAGE = `1 attribute value nested deeper than ${MAX_VALUE_DEPTH} levels truncated to null`;

async function storedAttributes(traceId: string, spanId: string) {
  const res = await fetch(`${server.baseUrl}/api/public/observations/${spanUuid(spanId)}`, { headers: bearer() });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { traceId: string; metadata: { attributes: Record<string, unknown> } };
  expect(body.traceId).toBe(traceUuid(traceId));
  return body.metadata.attributes;
}

const post = (body: Uint8Array | string, contentType: string) =>
  fetch(`${server.baseUrl}/api/public/otel/v1/traces`, {
    method: 'POST',
    body,
    headers: { ...bearer(), 'Content-Type': contentType, 'Spanhouse-Wait': 'commit' },
  });

describe.each(['array', 'kvlist'] as const)('a value %s nested 60 levels deep', (kind) => {
  it('OTLP/JSON: stored, cut past depth 24, partial_success says so', async () => {
    const e = deepExport(kind);
    const res = await post(e.json, 'application/json');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ partialSuccess: { rejectedSpans: '0', errorMessage: CUT_MESSAGE } });
    const attributes = await storedAttributes(e.traceId, e.spanId);
    expect(attributes.deep).toEqual(expected(kind));
    expect(attributes.shallow).toBe('kept');
  });

  it('protobuf over HTTP: the same', async () => {
    const e = deepExport(kind);
    const res = await post(e.protobuf, 'application/x-protobuf');
    expect(res.status).toBe(200);
    const reply = ExportTraceServiceResponse.decode(new Uint8Array(await res.arrayBuffer()));
    expect(Number(reply.partialSuccess!.rejectedSpans)).toBe(0);
    expect(reply.partialSuccess!.errorMessage).toBe(CUT_MESSAGE);
    const attributes = await storedAttributes(e.traceId, e.spanId);
    expect(attributes.deep).toEqual(expected(kind));
    expect(attributes.shallow).toBe('kept');
  });

  it('protobuf over gRPC: the same', async () => {
    const e = deepExport(kind);
    const { response, error } = await exportBytes(
      server.grpcAddress,
      'traces',
      e.protobuf,
      grpcMetadata({ 'spanhouse-wait': 'commit' }),
    );
    expect(error).toBeUndefined();
    const reply = ExportTraceServiceResponse.decode(response!);
    expect(Number(reply.partialSuccess!.rejectedSpans)).toBe(0);
    expect(reply.partialSuccess!.errorMessage).toBe(CUT_MESSAGE);
    const attributes = await storedAttributes(e.traceId, e.spanId);
    expect(attributes.deep).toEqual(expected(kind));
  });
});

it('a value nested 24 levels deep is stored whole, with no partial_success', async () => {
  const traceId = hex(16);
  const spanId = hex(8);
  const start = String(BigInt(Date.now()) * 1_000_000n);
  const json = jsonExport(traceId, spanId, 'shallow enough', start, [
    { key: 'deep', value: nested('array', MAX_VALUE_DEPTH).json },
  ]);
  const res = await post(json, 'application/json');
  expect(await res.json()).toEqual({});
  let whole: unknown = 'leaf';
  for (let i = 0; i < MAX_VALUE_DEPTH; i++) whole = [whole];
  expect((await storedAttributes(traceId, spanId)).deep).toEqual(whole);
});

describe('logs and metrics: the same cut, reported in their partial_success', () => {
  const time = () => {
    const t = Buffer.alloc(8);
    t.writeBigUInt64LE(BigInt(Date.now()) * 1_000_000n);
    return t;
  };

  /** A log record in a span's context with the deep attribute, as OTLP/JSON and as protobuf. */
  function logExport(kind: Kind) {
    const traceId = hex(16);
    const spanId = hex(8);
    const value = nested(kind, LEVELS);
    const json = JSON.stringify({
      resourceLogs: [
        {
          scopeLogs: [
            {
              logRecords: [
                {
                  timeUnixNano: String(BigInt(Date.now()) * 1_000_000n),
                  eventName: 'deep.event',
                  traceId,
                  spanId,
                  attributes: [{ key: 'deep', value: value.json }],
                },
              ],
            },
          ],
        },
      ],
    });
    const record = Buffer.concat([
      Buffer.from([0x09]), // time_unix_nano, fixed64
      time(),
      field(6, Buffer.concat([field(1, Buffer.from('deep')), field(2, value.bytes)])),
      field(9, Buffer.from(traceId, 'hex')),
      field(10, Buffer.from(spanId, 'hex')),
      field(12, Buffer.from('deep.event')),
    ]);
    return { traceId, json, protobuf: field(1, field(2, field(2, record))) };
  }

  /** A gauge point with the deep attribute. */
  function metricExport(kind: Kind, name: string) {
    const value = nested(kind, LEVELS);
    const json = JSON.stringify({
      resourceMetrics: [
        {
          scopeMetrics: [
            {
              metrics: [
                {
                  name,
                  gauge: {
                    dataPoints: [
                      {
                        timeUnixNano: String(BigInt(Date.now()) * 1_000_000n),
                        asDouble: 1,
                        attributes: [{ key: 'deep', value: value.json }],
                      },
                    ],
                  },
                },
              ],
            },
          ],
        },
      ],
    });
    const one = Buffer.alloc(8);
    one.writeDoubleLE(1);
    const point = Buffer.concat([
      field(7, Buffer.concat([field(1, Buffer.from('deep')), field(2, value.bytes)])),
      Buffer.from([0x19]), // time_unix_nano, fixed64
      time(),
      Buffer.from([0x21]), // as_double
      one,
    ]);
    const metric = Buffer.concat([field(1, Buffer.from(name)), field(5, field(1, point))]);
    return { json, protobuf: field(1, field(2, field(2, metric))) };
  }

  const send = (signal: string, body: Uint8Array | string) =>
    fetch(`${server.baseUrl}/api/public/otel/v1/${signal}`, {
      method: 'POST',
      body,
      headers: {
        ...bearer(),
        'Content-Type': typeof body === 'string' ? 'application/json' : 'application/x-protobuf',
        'Spanhouse-Wait': 'commit',
      },
    });

  it.each(['array', 'kvlist'] as const)('logs, a value %s nested 60 deep: stored, cut, reported', async (kind) => {
    for (const encoding of ['json', 'protobuf'] as const) {
      const e = logExport(kind);
      const res = await send('logs', encoding === 'json' ? e.json : e.protobuf);
      expect(res.status).toBe(200);
      if (encoding === 'json') {
        expect(await res.json()).toEqual({ partialSuccess: { rejectedLogRecords: '0', errorMessage: CUT_MESSAGE } });
      } else {
        const reply = logsProto.proto.collector.logs.v1.ExportLogsServiceResponse.decode(
          new Uint8Array(await res.arrayBuffer()),
        );
        expect(reply.partialSuccess!.errorMessage).toBe(CUT_MESSAGE);
      }
      const trace = await fetch(`${server.baseUrl}/api/public/traces/${traceUuid(e.traceId)}`, { headers: bearer() });
      expect(trace.status).toBe(200);
      const body = (await trace.json()) as { observations: { metadata: { attributes: Record<string, unknown> } }[] };
      expect(body.observations[0]!.metadata.attributes.deep).toEqual(expected(kind));
    }
  });

  it.each(['array', 'kvlist'] as const)('metrics, a value %s nested 60 deep: stored, reported', async (kind) => {
    for (const encoding of ['json', 'protobuf'] as const) {
      const name = `deep_${kind}_${encoding}`;
      const e = metricExport(kind, name);
      const res = await send('metrics', encoding === 'json' ? e.json : e.protobuf);
      expect(res.status).toBe(200);
      if (encoding === 'json') {
        expect(await res.json()).toEqual({ partialSuccess: { rejectedDataPoints: '0', errorMessage: CUT_MESSAGE } });
      } else {
        const reply = metricsProto.proto.collector.metrics.v1.ExportMetricsServiceResponse.decode(
          new Uint8Array(await res.arrayBuffer()),
        );
        expect(reply.partialSuccess!.errorMessage).toBe(CUT_MESSAGE);
      }
      const names = (await (
        await fetch(`${server.baseUrl}/api/public/metrics/names`, { headers: bearer() })
      ).json()) as { data: string[] };
      expect(names.data).toContain(name);
    }
  });
});
