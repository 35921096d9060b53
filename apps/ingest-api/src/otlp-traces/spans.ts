import { idToHex, referenceIdToHex, SPAN_ID_BYTES, TRACE_ID_BYTES } from './ids.ts';
import { type OtlpScope, type ScopeLike, scopeOf } from '../otlp/scope.ts';
import { type LongLike, toNanos } from '../otlp/times.ts';
import { type Attributes, type KeyValueLike, keyValues } from '../otlp/values.ts';

/**
 * An ExportTraceServiceRequest as the protobuf decoder returns it or as a validated OTLP/JSON body
 * is shaped: the same field names, with bytes-or-string ids, Long-or-string times and
 * number-or-name enums. Everything is optional, as in proto3.
 */
export type RequestLike = { resourceSpans?: ResourceSpansLike[] | null };
type ResourceSpansLike = {
  resource?: { attributes?: KeyValueLike[] | null } | null;
  scopeSpans?: ScopeSpansLike[] | null;
};
type ScopeSpansLike = {
  scope?: ScopeLike;
  spans?: SpanLike[] | null;
};
type Time = LongLike | string | number | null;
export type SpanLike = {
  traceId?: Uint8Array | string | null;
  spanId?: Uint8Array | string | null;
  parentSpanId?: Uint8Array | string | null;
  name?: string | null;
  kind?: number | string | null;
  startTimeUnixNano?: Time;
  endTimeUnixNano?: Time;
  attributes?: KeyValueLike[] | null;
  status?: { code?: number | string | null; message?: string | null } | null;
  events?: SpanEventLike[] | null;
  links?: SpanLinkLike[] | null;
};
type SpanEventLike = { timeUnixNano?: Time; name?: string | null; attributes?: KeyValueLike[] | null };
type SpanLinkLike = {
  traceId?: Uint8Array | string | null;
  spanId?: Uint8Array | string | null;
  attributes?: KeyValueLike[] | null;
};

/** A span event (Span.Event): its name, time and attributes. */
export type OtlpSpanEvent = { name: string; timeNanos: bigint | null; attributes: Attributes };

/** A span link (Span.Link): the linked span's ids (as the span's own: hex, '' absent, null malformed) and attributes. */
export type OtlpSpanLink = { traceId: string | null; spanId: string | null; attributes: Attributes };

/** One span, decoder-neutral, with what it needs from its resource and scope. */
export type OtlpSpan = {
  /** Where it sat in the request, for messages: `resourceSpans.0.scopeSpans.1.spans.2`. */
  path: string;
  /** Lowercase hex; '' when absent, null when malformed (see idToHex). */
  traceId: string | null;
  spanId: string | null;
  /** The same, all zero read as absent (see referenceIdToHex). */
  parentSpanId: string | null;
  name: string;
  /** Exact nanoseconds; 0n when absent, null when malformed. */
  startNanos: bigint | null;
  endNanos: bigint | null;
  attributes: Attributes;
  /** 0 unset, 1 ok, 2 error. */
  statusCode: number;
  statusMessage: string;
  /** In request order; NO_EVENTS (shared, empty) when the span has none. */
  events: readonly OtlpSpanEvent[];
  /** In request order; NO_LINKS (shared, empty) when the span has none. */
  links: readonly OtlpSpanLink[];
  /** Shared by every span of the same resource. */
  resource: Attributes;
  scope: OtlpScope;
};

const STATUS_NAMES: Record<string, number> = { STATUS_CODE_UNSET: 0, STATUS_CODE_OK: 1, STATUS_CODE_ERROR: 2 };

function statusCode(code: number | string | null | undefined): number {
  if (typeof code === 'number') return code;
  return code ? (STATUS_NAMES[code] ?? 0) : 0;
}

const NO_EVENTS: readonly OtlpSpanEvent[] = Object.freeze([]);

function eventsOf(events: readonly SpanEventLike[] | null | undefined): readonly OtlpSpanEvent[] {
  if (!events || events.length === 0) return NO_EVENTS;
  return events.map((e) => ({
    name: e?.name ?? '',
    timeNanos: toNanos(e?.timeUnixNano),
    attributes: keyValues(e?.attributes),
  }));
}

const NO_LINKS: readonly OtlpSpanLink[] = Object.freeze([]);

function linksOf(links: readonly SpanLinkLike[] | null | undefined): readonly OtlpSpanLink[] {
  if (!links || links.length === 0) return NO_LINKS;
  return links.map((l) => ({
    traceId: idToHex(l?.traceId, TRACE_ID_BYTES),
    spanId: idToHex(l?.spanId, SPAN_ID_BYTES),
    attributes: keyValues(l?.attributes),
  }));
}

/** Flattens resourceSpans → scopeSpans → spans, in request order. */
export function collectSpans(request: RequestLike): OtlpSpan[] {
  const out: OtlpSpan[] = [];
  const resourceSpans = request.resourceSpans ?? [];
  for (let r = 0; r < resourceSpans.length; r++) {
    const rs = resourceSpans[r];
    const resource = keyValues(rs?.resource?.attributes);
    const scopeSpans = rs?.scopeSpans ?? [];
    for (let s = 0; s < scopeSpans.length; s++) {
      const ss = scopeSpans[s];
      const scope = scopeOf(ss?.scope);
      const spans = ss?.spans ?? [];
      for (let i = 0; i < spans.length; i++) {
        const span = spans[i]!;
        out.push({
          path: `resourceSpans.${r}.scopeSpans.${s}.spans.${i}`,
          traceId: idToHex(span.traceId, TRACE_ID_BYTES),
          spanId: idToHex(span.spanId, SPAN_ID_BYTES),
          parentSpanId: referenceIdToHex(span.parentSpanId, SPAN_ID_BYTES),
          name: span.name ?? '',
          startNanos: toNanos(span.startTimeUnixNano),
          endNanos: toNanos(span.endTimeUnixNano),
          attributes: keyValues(span.attributes),
          statusCode: statusCode(span.status?.code),
          statusMessage: span.status?.message ?? '',
          events: eventsOf(span.events),
          links: linksOf(span.links),
          resource,
          scope,
        });
      }
    }
  }
  return out;
}
