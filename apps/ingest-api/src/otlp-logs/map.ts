import { createHash } from 'node:crypto';
import { nanosToMicros, STORED_TIME_RANGE_US } from '@spanhouse/schema';
import { WEAK_VERSION } from '@spanhouse/store';
import { scopeMetadata } from '../otlp/scope.ts';
import { isEmpty } from '../otlp-traces/attr-reader.ts';
import { resourceTraceFacts } from '../otlp-traces/conventions/resource.ts';
import { spanIdToUuid, traceIdToUuid } from '../otlp-traces/ids.ts';
import type { ObservationLevel, ObservationRecord, TracePiece } from '../traces/model.ts';
import { genAiCallFacts, genAiInputOutput, isGenAiRecord } from './gen-ai-events.ts';
import type { OtlpLogRecord } from './records.ts';

/** A log record the mapping can place: it names a trace; its span id, when given, is valid. */
type Placed = OtlpLogRecord & { traceId: string; spanId: string; timeNanos: bigint };

export type LogsBatch = { piece: TracePiece; observations: ObservationRecord[] };

export type MappedLogs = {
  traces: LogsBatch[];
  accepted: number;
  /** Records that cannot be stored, each with why (path in the request and the reason). */
  rejected: string[];
};

/** The last nanosecond storage takes (STORED_TIME_RANGE_US), as for span times. */
const MAX_NANOS = BigInt(STORED_TIME_RANGE_US.max) * 1000n + 999n;

/** Why a record cannot be stored, or undefined when it can. */
function unplaceable(record: OtlpLogRecord): string | undefined {
  if (record.traceId === '') {
    return `${record.path}: no trace context (traceId is missing); log records are stored only as part of a trace`;
  }
  const problems: string[] = [];
  if (record.traceId === null) problems.push('traceId is not 16 bytes (hex, base64 or bytes)');
  if (record.spanId === null) problems.push('spanId is not 8 bytes (hex, base64 or bytes)');
  if (record.timeNanos === null) problems.push('timeUnixNano is not a 64-bit unsigned integer');
  else if (record.timeNanos > MAX_NANOS) problems.push('timeUnixNano is after 2199-12-31T23:59:59.999999Z');
  return problems.length > 0 ? `${record.path}: ${problems.join(', ')}` : undefined;
}

/**
 * Severity texts of a record without a severity number, as the severity number their level starts
 * at: the log data model's short names (TRACE, DEBUG, INFO, WARN, ERROR, FATAL, with a digit or
 * not) and the spellings of common sources (Python's WARNING and CRITICAL, syslog's NOTICE, ERR,
 * CRIT, ALERT, EMERG), in any case.
 */
const SEVERITY_TEXTS: Record<string, number> = {
  TRACE: 1,
  DEBUG: 5,
  INFO: 9,
  NOTICE: 9,
  WARN: 13,
  WARNING: 13,
  ERR: 17,
  ERROR: 17,
  FATAL: 21,
  CRIT: 21,
  CRITICAL: 21,
  ALERT: 21,
  EMERG: 21,
  EMERGENCY: 21,
  PANIC: 21,
};

function severityOfText(text: string): number {
  const match = /^([A-Za-z]+)[1-4]?$/.exec(text.trim());
  return match ? (SEVERITY_TEXTS[match[1]!.toUpperCase()] ?? 0) : 0;
}

/**
 * Log severity numbers (1-24, in steps of four per level) as observation levels; a record that
 * gives only a severity text (the number 0, unspecified) is read by its text (severityOfText).
 */
function levelOf(record: OtlpLogRecord): ObservationLevel | undefined {
  const n = record.severityNumber || severityOfText(record.severityText);
  if (n >= 17) return 'ERROR';
  if (n >= 13) return 'WARNING';
  if (n >= 1 && n <= 8) return 'DEBUG';
  return undefined;
}

const NAME_MAX = 120;

/** The event name, else the first line of a text body (cut), else "log". */
function nameOf(record: OtlpLogRecord): string {
  if (record.eventName) return record.eventName;
  if (typeof record.body === 'string') {
    const line = record.body.trim().split('\n', 1)[0]!;
    if (line) return line.length > NAME_MAX ? `${line.slice(0, NAME_MAX - 1)}…` : line;
  }
  return 'log';
}

/** A SHA-256 (hex) over what a log record says: trace, span, time, event name, severity, body, attributes. */
function contentHash(record: Placed): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        record.traceId,
        record.spanId,
        String(record.timeNanos),
        record.eventName,
        record.severityNumber,
        record.severityText,
        record.body ?? null,
        record.attributes,
      ]),
    )
    .digest('hex');
}

/**
 * An id for a log record's EVENT observation, the same for the same record in the same place:
 * OTLP records carry no id, and a re-sent export must replace its observations, not add to them.
 * Records that say the same thing in one export (SDKs write times to the millisecond: a message
 * logged twice in a loop) are told apart by `repeat`, how many such records came before it in the
 * export, which a re-sent export repeats too. The first 16 bytes of a SHA-256 over the record's
 * content hash (contentHash), and over the repeat for every repeat but the first, as a UUID.
 */
function eventId(content: string, repeat: number): string {
  const hex = repeat === 0 ? content : createHash('sha256').update(`${content}:${repeat}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** A log record that is not a GenAI message as an EVENT observation under its span (or its trace). */
function eventObservation(record: Placed, id: string, timeUs: number): ObservationRecord {
  const metadata: Record<string, unknown> = {};
  if (!isEmpty(record.attributes)) metadata.attributes = record.attributes;
  if (record.severityText || record.severityNumber) {
    metadata.severity = { text: record.severityText, number: record.severityNumber };
  }
  if (!isEmpty(record.resource)) metadata.resourceAttributes = record.resource;
  const scope = scopeMetadata(record.scope);
  if (scope) metadata.scope = scope;
  const observation: ObservationRecord = {
    id,
    traceId: traceIdToUuid(record.traceId),
    type: 'EVENT',
    name: nameOf(record),
    startUs: timeUs,
    parentId: record.spanId ? spanIdToUuid(record.spanId) : null,
    metadata,
  };
  if (record.body !== undefined) observation.input = record.body;
  const level = levelOf(record);
  if (level) observation.level = level;
  const environment = resourceTraceFacts(record.resource).environment;
  if (environment) observation.environment = environment;
  return observation;
}

/**
 * The GenAI message records of one span as a piece of that span's observation carrying only its
 * input and output (and the model, usage, cost and parameters an operation-details record
 * repeats from the span), merged into the span's own pieces as an ingestion API update merges into its
 * create: the fields carry the latest record time as their version, so a re-sent export changes
 * nothing and the span's own attributes (versioned by its arrival, after the records were
 * written) win over the events; the type (GENERATION) and start (the first
 * record) are weak defaults any piece of the span itself overrides.
 */
function genAiPiece(records: readonly Placed[], timesUs: readonly number[]): ObservationRecord | undefined {
  const { input, output } = genAiInputOutput(records);
  const call = genAiCallFacts(records);
  if (input === undefined && output === undefined && call.model === undefined && call.usage === undefined) {
    return undefined;
  }
  const first = records[0]!;
  let startUs = Number.POSITIVE_INFINITY;
  let version = WEAK_VERSION + 1;
  for (const us of timesUs) {
    startUs = Math.min(startUs, us);
    version = Math.max(version, us);
  }
  const observation: ObservationRecord = {
    id: spanIdToUuid(first.spanId),
    traceId: traceIdToUuid(first.traceId),
    type: 'GENERATION',
    startUs,
    versions: { type: WEAK_VERSION, start: WEAK_VERSION },
  };
  if (input !== undefined) {
    observation.input = input;
    observation.versions!.input = version;
  }
  if (output !== undefined) {
    observation.output = output;
    observation.versions!.output = version;
  }
  // The call's model, usage, cost and parameters, as the operation-details event repeats them
  // from its span; versioned like the messages, so the span's own (later) attributes win.
  if (call.model !== undefined) {
    observation.model = call.model;
    observation.versions!.model = version;
  }
  if (call.usage !== undefined) {
    observation.usage = call.usage;
    observation.versions!.usage = version;
  }
  if (call.cost !== undefined) {
    observation.cost = call.cost;
    observation.versions!.cost = version;
  }
  if (call.modelParameters !== undefined) {
    observation.modelParameters = call.modelParameters;
    observation.versions!.modelParameters = version;
  }
  return observation;
}

type TraceGroup = {
  piece: TracePiece;
  events: Map<string, ObservationRecord>;
  /** GenAI records by span id, with their times (µs). */
  genAi: Map<string, { records: Placed[]; timesUs: number[] }>;
};

/**
 * The records of a logs export as trace pieces. A record in a span's context that is a GenAI
 * message event fills that span's input or output (genAiPiece); any other record with a trace id
 * is an EVENT observation under its span (at the top of its trace without a span id), its body
 * the input and its attributes, severity, resource and scope the metadata. Records without a
 * trace id cannot be placed and are rejected with the reason, as are malformed ids and times.
 */
export function mapLogsExport(records: readonly OtlpLogRecord[], nowUs: number): MappedLogs {
  const rejected: string[] = [];
  const byTrace = new Map<string, TraceGroup>();
  /** How many records with each content hash came so far in this export (eventId's repeat). */
  const repeats = new Map<string, number>();
  for (const record of records) {
    const problem = unplaceable(record);
    if (problem) {
      rejected.push(problem);
      continue;
    }
    const placed = record as Placed;
    const timeUs = placed.timeNanos === 0n ? nowUs : nanosToMicros(placed.timeNanos);
    let group = byTrace.get(placed.traceId);
    if (!group) {
      group = { piece: { id: traceIdToUuid(placed.traceId) }, events: new Map(), genAi: new Map() };
      byTrace.set(placed.traceId, group);
    }
    const piece = group.piece;
    piece.timestampUs = Math.min(piece.timestampUs ?? timeUs, timeUs);
    const facts = resourceTraceFacts(placed.resource);
    if (facts.environment) piece.environment = facts.environment;
    if (facts.release) piece.release = facts.release;
    if (facts.version) piece.version = facts.version;
    if (placed.spanId && isGenAiRecord(placed)) {
      const span = group.genAi.get(placed.spanId) ?? { records: [], timesUs: [] };
      span.records.push(placed);
      span.timesUs.push(timeUs);
      group.genAi.set(placed.spanId, span);
      continue;
    }
    const content = contentHash(placed);
    const repeat = repeats.get(content) ?? 0;
    repeats.set(content, repeat + 1);
    const event = eventObservation(placed, eventId(content, repeat), timeUs);
    group.events.set(event.id, event);
  }
  const traces: LogsBatch[] = [];
  for (const group of byTrace.values()) {
    const observations = [...group.events.values()];
    let earliestContent: { startUs: number; input?: unknown; output?: unknown } | undefined;
    for (const span of group.genAi.values()) {
      const observation = genAiPiece(span.records, span.timesUs);
      if (!observation) continue;
      observations.push(observation);
      const { startUs, input, output } = observation;
      const hasContent = input !== undefined || output !== undefined;
      if (hasContent && (!earliestContent || startUs < earliestContent.startUs))
        earliestContent = { startUs, input, output };
    }
    // The span's content as the trace's IO, as a root span's content is; the records do not say
    // whether their span is the root, so it is implied weakly (TracePiece.implied without atUs):
    // a root span's own content, or any IO a sender gave, wins over it.
    if (earliestContent) group.piece.implied = { input: earliestContent.input, output: earliestContent.output };
    // A trace whose records said nothing storable (GenAI events without messages) gets no piece.
    if (observations.length > 0) traces.push({ piece: group.piece, observations });
  }
  return { traces, accepted: records.length - rejected.length, rejected };
}
