import { opentelemetry } from '../../proto/static/logs.js';

const Request = opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;

export const TRACE = '0af7651916cd43dd8448eb211c80319c';
export const SPAN = 'b7ad6b7169203331';
/** 2026-03-01T10:00:00Z in nanoseconds, plus `ms`. */
export const at = (ms: number) => String(1_772_359_200_000_000_000n + BigInt(ms) * 1_000_000n);

type Value = string | number | boolean | Value[] | { [key: string]: Value };

/** OTLP/JSON AnyValue of plain data. */
export function anyValue(value: Value): Record<string, unknown> {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number') return Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(anyValue) } };
  return { kvlistValue: { values: Object.entries(value).map(([key, v]) => ({ key, value: anyValue(v) })) } };
}

export type Rec = {
  traceId?: string;
  spanId?: string;
  time?: string;
  observed?: string;
  eventName?: string;
  severityNumber?: number;
  severityText?: string;
  body?: Value;
  attributes?: Record<string, Value>;
};

/** An OTLP/JSON ExportLogsServiceRequest with one resource and one scope. */
export function logsExport(records: Rec[], resource: Record<string, Value> = { 'service.name': 'chat' }) {
  return {
    resourceLogs: [
      {
        resource: { attributes: Object.entries(resource).map(([key, v]) => ({ key, value: anyValue(v) })) },
        scopeLogs: [
          {
            scope: { name: 'test-scope', version: '1.0' },
            logRecords: records.map((r) => ({
              timeUnixNano: r.time,
              observedTimeUnixNano: r.observed,
              severityNumber: r.severityNumber,
              severityText: r.severityText,
              body: r.body === undefined ? undefined : anyValue(r.body),
              attributes: Object.entries(r.attributes ?? {}).map(([key, v]) => ({ key, value: anyValue(v) })),
              traceId: r.traceId,
              spanId: r.spanId,
              eventName: r.eventName,
            })),
          },
        ],
      },
    ],
  };
}

/** The same export as protobuf bytes, through the generated encoder (ids as bytes). */
export function protobufLogs(request: ReturnType<typeof logsExport>): Uint8Array {
  const copy = structuredClone(request) as {
    resourceLogs: { scopeLogs: { logRecords: Record<string, unknown>[] }[] }[];
  };
  for (const rl of copy.resourceLogs) {
    for (const sl of rl.scopeLogs) {
      for (const r of sl.logRecords) {
        for (const key of ['traceId', 'spanId'])
          if (typeof r[key] === 'string') r[key] = Buffer.from(r[key] as string, 'hex');
      }
    }
  }
  return Request.encode(copy as never).finish();
}
