import { STORED_TIME_RANGE_US } from '@spanhouse/schema';
import type { ObservationRecord, TracePiece } from '../traces/model.ts';
import { setData } from './attr-reader.ts';
import { traceIdToUuid } from './ids.ts';
import { type MappedSpan, mapSpan, type UsableSpan } from './map-span.ts';
import type { OtlpSpan } from './spans.ts';

export type TraceBatch = { piece: TracePiece; observations: ObservationRecord[] };

export type MappedExport = {
  traces: TraceBatch[];
  accepted: number;
  /** Spans that cannot be stored, each with why (path in the request and the field). */
  rejected: string[];
};

/**
 * The last nanosecond storage takes (STORED_TIME_RANGE_US). OTLP times are unsigned, so never
 * before 1970; 0 means absent (spanTimes), and a later time than this is refused with the span.
 */
const MAX_NANOS = BigInt(STORED_TIME_RANGE_US.max) * 1000n + 999n;
const TOO_LATE = 'is after 2199-12-31T23:59:59.999999Z';

/** Why a span cannot be stored, or undefined when it can. */
function unusable(span: OtlpSpan): string | undefined {
  if (
    span.traceId &&
    span.spanId &&
    span.parentSpanId !== null &&
    span.startNanos !== null &&
    span.endNanos !== null &&
    span.startNanos <= MAX_NANOS &&
    span.endNanos <= MAX_NANOS
  ) {
    return undefined;
  }
  const problems: string[] = [];
  const id = (field: string, value: string | null, size: string) => {
    if (value === '') problems.push(`${field} is missing`);
    else if (value === null) problems.push(`${field} is not ${size} (hex, base64 or bytes; not all zero)`);
  };
  id('traceId', span.traceId, '16 bytes');
  id('spanId', span.spanId, '8 bytes');
  if (span.parentSpanId === null) problems.push('parentSpanId is not 8 bytes (hex, base64 or bytes)');
  if (span.startNanos === null) problems.push('startTimeUnixNano is not a 64-bit unsigned integer');
  if (span.endNanos === null) problems.push('endTimeUnixNano is not a 64-bit unsigned integer');
  if (span.startNanos !== null && span.startNanos > MAX_NANOS) problems.push(`startTimeUnixNano ${TOO_LATE}`);
  if (span.endNanos !== null && span.endNanos > MAX_NANOS) problems.push(`endTimeUnixNano ${TOO_LATE}`);
  return `${span.path}: ${problems.join(', ')}`;
}

/** The spans of one trace in one export as one piece of that trace plus its observations. */
function toTraceBatch(traceId: string, spans: MappedSpan[]): TraceBatch {
  const piece: TracePiece = { id: traceIdToUuid(traceId) };
  let tags: Set<string> | undefined;
  let metadata: Record<string, unknown> | undefined;
  let rootName: string | undefined;
  let root: MappedSpan | undefined;
  let earliest = Number.POSITIVE_INFINITY;
  const observations: ObservationRecord[] = new Array(spans.length);
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i]!;
    observations[i] = span.observation;
    // Scalar trace fields (TRACE_SCALARS): the last span in the export that sets one wins, as later
    // pieces do. Written out: a loop over key names makes every access a slow lookup.
    const t = span.trace;
    if (t.name !== undefined) piece.name = t.name;
    if (t.userId !== undefined) piece.userId = t.userId;
    if (t.sessionId !== undefined) piece.sessionId = t.sessionId;
    if (t.release !== undefined) piece.release = t.release;
    if (t.version !== undefined) piece.version = t.version;
    if (t.environment !== undefined) piece.environment = t.environment;
    if (t.input !== undefined) piece.input = t.input;
    if (t.output !== undefined) piece.output = t.output;
    if (t.tags) {
      tags ??= new Set();
      for (const tag of t.tags) tags.add(tag);
    }
    // Later spans' values win; a key keeps the place it first had.
    const spanMetadata = t.metadata;
    if (spanMetadata) {
      metadata ??= {};
      for (const key in spanMetadata) setData(metadata, key, spanMetadata[key]);
    }
    if (span.isRoot && !root) {
      root = span;
      rootName = span.observation.name;
    }
    earliest = Math.min(earliest, span.observation.startUs);
  }
  // Trace name: langfuse.trace.name, else the root span's name. Trace IO: langfuse.trace.input/
  // output, else the root span's IO (Langfuse fills trace IO only from explicit attributes in some
  // SDK paths, langfuse#9970; the root's IO is what a user expects to see). The root's are implied
  // values: a name or IO another span sent wins over them, also from an export before the root's
  // (a root ends last), as in Langfuse, where the later-starting span's trace update wins.
  if (root) {
    const { startUs, input, output } = root.observation;
    piece.implied = { atUs: startUs, name: rootName, input, output };
  }
  piece.timestampUs = earliest;
  if (tags) piece.tags = [...tags];
  if (metadata) piece.metadata = metadata;
  return { piece, observations };
}

/**
 * All spans of an export to trace pieces: spans grouped by trace id (one piece per trace, its
 * timestamp the earliest span start), unusable spans set aside with the reason. A span id seen
 * twice in one export keeps its last copy, as a re-sent span replaces the older one.
 */
export function mapExport(spans: OtlpSpan[], nowUs: number): MappedExport {
  const rejected: string[] = [];
  const byTrace = new Map<string, Map<string, MappedSpan>>();
  for (const span of spans) {
    const problem = unusable(span);
    if (problem) {
      rejected.push(problem);
      continue;
    }
    const usable = span as UsableSpan;
    let group = byTrace.get(usable.traceId);
    if (!group) {
      group = new Map();
      byTrace.set(usable.traceId, group);
    }
    let mapped: MappedSpan;
    try {
      mapped = mapSpan(usable, nowUs);
    } catch (err) {
      // Whatever a span holds, it fails alone: its neighbours in the export are stored.
      rejected.push(`${span.path}: could not be read (${(err as Error)?.message ?? err})`);
      continue;
    }
    group.delete(usable.spanId); // a later copy moves to the end, keeping export order
    group.set(usable.spanId, mapped);
  }
  const traces = [...byTrace].map(([traceId, group]) => toTraceBatch(traceId, [...group.values()]));
  return { traces, accepted: spans.length - rejected.length, rejected };
}
