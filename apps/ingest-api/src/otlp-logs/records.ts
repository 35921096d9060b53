import { type OtlpScope, type ScopeLike, scopeOf } from '../otlp/scope.ts';
import { type LongLike, toNanos } from '../otlp/times.ts';
import {
  type AnyValueLike,
  type Attributes,
  type AttrValue,
  anyValue,
  type KeyValueLike,
  keyValues,
} from '../otlp/values.ts';
import { referenceIdToHex, SPAN_ID_BYTES, TRACE_ID_BYTES } from '../otlp-traces/ids.ts';

/**
 * An ExportLogsServiceRequest as the protobuf decoder returns it or as a checked OTLP/JSON body is
 * shaped: the same field names, bytes-or-string ids, Long-or-string times, number-or-name enums.
 * Everything is optional, as in proto3.
 */
export type LogsRequestLike = { resourceLogs?: ResourceLogsLike[] | null };
type ResourceLogsLike = {
  resource?: { attributes?: KeyValueLike[] | null } | null;
  scopeLogs?: ScopeLogsLike[] | null;
};
type ScopeLogsLike = {
  scope?: ScopeLike;
  logRecords?: LogRecordLike[] | null;
};
type Time = LongLike | string | number | null;
export type LogRecordLike = {
  timeUnixNano?: Time;
  observedTimeUnixNano?: Time;
  severityNumber?: number | string | null;
  severityText?: string | null;
  body?: AnyValueLike | null;
  attributes?: KeyValueLike[] | null;
  traceId?: Uint8Array | string | null;
  spanId?: Uint8Array | string | null;
  eventName?: string | null;
};

/** One log record, decoder-neutral, with what it needs from its resource and scope. */
export type OtlpLogRecord = {
  /** Where it sat in the request, for messages: `resourceLogs.0.scopeLogs.1.logRecords.2`. */
  path: string;
  /** Lowercase hex; '' when absent, null when malformed (see referenceIdToHex: all zero is absent). */
  traceId: string | null;
  spanId: string | null;
  /** When it happened: time_unix_nano, else observed_time_unix_nano; 0n when neither, null when malformed. */
  timeNanos: bigint | null;
  /**
   * The event name: the record's event_name field (OTLP 1.5+), else its `event.name` attribute
   * (what SDKs wrote before the field existed); '' for a plain log line.
   */
  eventName: string;
  severityNumber: number;
  severityText: string;
  /** The body as plain data; undefined when the record has none. */
  body: AttrValue | undefined;
  attributes: Attributes;
  /** Shared by every record of the same resource. */
  resource: Attributes;
  scope: OtlpScope;
};

/** OTLP/JSON may spell the severity as its enum name. */
function severityNumber(value: number | string | null | undefined): number {
  if (typeof value === 'number') return value;
  if (!value) return 0;
  const match = /^SEVERITY_NUMBER_([A-Z]+)(\d?)$/.exec(value);
  const base = match ? SEVERITY_BASE[match[1]!] : undefined;
  return base === undefined ? 0 : base + (match![2] ? Number(match![2]) - 1 : 0);
}
const SEVERITY_BASE: Record<string, number> = { TRACE: 1, DEBUG: 5, INFO: 9, WARN: 13, ERROR: 17, FATAL: 21 };

function timeOf(record: LogRecordLike): bigint | null {
  const time = toNanos(record.timeUnixNano);
  return time === 0n ? toNanos(record.observedTimeUnixNano) : time;
}

/** Flattens resourceLogs → scopeLogs → logRecords, in request order. */
export function collectLogRecords(request: LogsRequestLike): OtlpLogRecord[] {
  const out: OtlpLogRecord[] = [];
  const resourceLogs = request.resourceLogs ?? [];
  for (let r = 0; r < resourceLogs.length; r++) {
    const rl = resourceLogs[r];
    const resource = keyValues(rl?.resource?.attributes);
    const scopeLogs = rl?.scopeLogs ?? [];
    for (let s = 0; s < scopeLogs.length; s++) {
      const sl = scopeLogs[s];
      const scope = scopeOf(sl?.scope);
      const records = sl?.logRecords ?? [];
      for (let i = 0; i < records.length; i++) {
        const record = records[i]!;
        const attributes = keyValues(record.attributes);
        const named = attributes['event.name'];
        out.push({
          path: `resourceLogs.${r}.scopeLogs.${s}.logRecords.${i}`,
          traceId: referenceIdToHex(record.traceId, TRACE_ID_BYTES),
          spanId: referenceIdToHex(record.spanId, SPAN_ID_BYTES),
          timeNanos: timeOf(record),
          eventName: record.eventName || (typeof named === 'string' ? named : ''),
          severityNumber: severityNumber(record.severityNumber),
          severityText: record.severityText ?? '',
          body: record.body ? (anyValue(record.body) ?? undefined) : undefined,
          attributes,
          resource,
          scope,
        });
      }
    }
  }
  return out;
}
