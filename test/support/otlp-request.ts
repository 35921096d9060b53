import { randomBytes } from 'node:crypto';
import { opentelemetry } from '@spanhouse/ingest-api/otlp-proto';

const Request = opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

/**
 * Hand-built OTLP requests for tests that need exact control over the bytes (bad input,
 * idempotency, parity with the batch endpoint). The real exporters are tested separately.
 */

export const hex = (bytes: number) => randomBytes(bytes).toString('hex');
export const traceUuid = (h: string) =>
  `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
export const spanUuid = (h: string) => traceUuid(`0000000000000000${h}`);

type Attr = [string, string | number | boolean | string[]];

function anyValue(value: Attr[1]): Record<string, unknown> {
  if (Array.isArray(value)) return { arrayValue: { values: value.map((s) => ({ stringValue: s })) } };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  return Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value };
}

export type JsonSpan = {
  traceId?: string;
  spanId?: string;
  parentSpanId?: string;
  name?: string;
  start?: string;
  end?: string;
  attributes?: Attr[];
};

/** OTLP/JSON span: ids as hex, times as decimal nanosecond strings. */
export function jsonSpan(s: JsonSpan): Record<string, unknown> {
  return {
    traceId: s.traceId,
    spanId: s.spanId,
    parentSpanId: s.parentSpanId,
    name: s.name ?? 'span',
    kind: 1,
    startTimeUnixNano: s.start ?? '1772359200000000000',
    endTimeUnixNano: s.end,
    attributes: (s.attributes ?? []).map(([key, value]) => ({ key, value: anyValue(value) })),
  };
}

/** An OTLP/JSON ExportTraceServiceRequest with one resource and one scope. */
export function jsonExport(spans: JsonSpan[], resource: Attr[] = [['service.name', 'test']]): string {
  return JSON.stringify({
    resourceSpans: [
      {
        resource: { attributes: resource.map(([key, value]) => ({ key, value: anyValue(value) })) },
        scopeSpans: [{ scope: { name: 'hand-built', version: '1' }, spans: spans.map(jsonSpan) }],
      },
    ],
  });
}

/** The same export as protobuf bytes, through the service's own generated encoder. */
export function protobufExport(json: string): Uint8Array {
  const request = JSON.parse(json) as { resourceSpans: { scopeSpans: { spans: Record<string, unknown>[] }[] }[] };
  for (const rs of request.resourceSpans) {
    for (const ss of rs.scopeSpans) {
      for (const span of ss.spans) {
        for (const key of ['traceId', 'spanId', 'parentSpanId']) {
          if (typeof span[key] === 'string') span[key] = Buffer.from(span[key] as string, 'hex');
        }
      }
    }
  }
  return Request.encode(request as never).finish();
}
