import { ApiError, issuesMessage } from '@spanhouse/http';
import {
  IngestionEvent,
  type IngestionResponse,
  isoToMicros,
  OBSERVATION_EVENT_TYPES,
  type ObservationBody,
  type ObservationEventType,
  type TraceBody,
} from '@spanhouse/schema';
import { type ObservationTraceRow, type ScoreRow, WEAK_VERSION } from '@spanhouse/store';
import * as v from 'valibot';
import { normalizeEnvironment } from '../environment.ts';
import type { ScoreConfigsById } from '../scores/against-config.ts';
import { scoreRowOf } from '../scores/rows.ts';
import type { ObservationRecord, PieceField, TracePiece } from '../traces/model.ts';
import { observationProblem, usageOfEvent } from './usage.ts';

type Event = IngestionEvent & { version: number; timestampUs: number };
type ObservationEvent = Event & { type: ObservationEventType; body: ObservationBody };

export type ParsedBatch = {
  events: Event[];
  errors: IngestionResponse['errors'];
};

export type MappedBatch = {
  traces: { piece: TracePiece; observations: ObservationRecord[]; version: number }[];
  scores: ScoreRow[];
  lookups: ObservationTraceRow[];
  /** The observations this batch only updates (no create of theirs in it): their earlier pieces are stored, if anywhere. */
  updatedOnly: ReadonlySet<ObservationRecord>;
  result: IngestionResponse;
};

const eventId = (raw: unknown) =>
  raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string'
    ? (raw as { id: string }).id
    : 'unknown';

const invalid = (id: string, error: string) => ({ id, status: 400, message: 'Invalid request data', error });

/**
 * Checks every event of a batch on its own: valid ones are kept with their version (the event's
 * timestamp in microseconds, so a re-sent event is the same version and a later event wins
 * whatever order requests arrive in), invalid ones become 400 entries of the answer. sdk-log
 * events are dropped without an entry, as Langfuse does.
 */
export function parseBatch(batch: readonly unknown[]): ParsedBatch {
  const events: Event[] = [];
  const errors: IngestionResponse['errors'] = [];
  for (const raw of batch) {
    const parsed = v.safeParse(IngestionEvent, raw);
    if (!parsed.success) {
      errors.push(invalid(eventId(raw), issuesMessage(parsed.issues)));
      continue;
    }
    if (parsed.output.type === 'sdk-log') continue;
    const timestampUs = isoToMicros(parsed.output.timestamp);
    if (timestampUs === null) {
      errors.push(invalid(parsed.output.id, 'timestamp: must be an ISO 8601 date-time with a time zone'));
      continue;
    }
    const problem =
      parsed.output.type in OBSERVATION_EVENT_TYPES
        ? observationProblem(parsed.output.body as ObservationBody)
        : undefined;
    if (problem) {
      errors.push(invalid(parsed.output.id, problem));
      continue;
    }
    // Versions 0 and 1 mean "empty" and "weak default" (see WEAK_VERSION).
    events.push({ ...parsed.output, timestampUs, version: Math.max(2, timestampUs) });
  }
  return { events, errors };
}

const isObservation = (e: Event): e is ObservationEvent => e.type in OBSERVATION_EVENT_TYPES;

/**
 * An input or output as Langfuse reads it back: a string that is JSON text is that JSON (`'{"a":1}'`
 * an object, `'42'` a number); any other value, other text included, is itself. Langfuse stores a
 * string as its text and parses every stored text on read; here the value is stored as JSON, so
 * the string is parsed once, before.
 */
function jsonTextAsJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
const isUpdate = (e: Event) => e.type.endsWith('-update');

/** Ids of observations that only updates without a traceId name in this batch. */
export function tracelessObservations(events: readonly Event[]): string[] {
  const known = new Set<string>();
  const wanted = new Set<string>();
  for (const e of events) {
    if (!isObservation(e)) continue;
    if (e.body.traceId || !isUpdate(e)) known.add(e.body.id);
    else wanted.add(e.body.id);
  }
  return [...wanted].filter((id) => !known.has(id));
}

/** The configs the batch's scores name. */
export function namedConfigs(events: readonly Event[]): string[] {
  return events.flatMap((e) => (e.type === 'score-create' && e.body.configId ? [e.body.configId] : []));
}

/** Creates first, then updates, each in timestamp order (Langfuse's order within a batch). */
function ordered<T extends Event>(events: T[]): T[] {
  return events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => Number(isUpdate(a.e)) - Number(isUpdate(b.e)) || a.e.timestampUs - b.e.timestampUs || a.i - b.i)
    .map(({ e }) => e);
}

/** Sets a field when the event has a value and is not older than what set it before. */
function set<K extends keyof ObservationRecord>(
  rec: ObservationRecord,
  versions: Partial<Record<PieceField, number>>,
  field: PieceField,
  key: K,
  value: ObservationRecord[K] | null | undefined,
  version: number,
): void {
  if (value === undefined || value === null || value === '') return;
  if ((versions[field] ?? 0) > version) return;
  rec[key] = value;
  versions[field] = version;
}

const asMetadata = (m: unknown): Record<string, unknown> | undefined =>
  m === undefined || m === null
    ? undefined
    : typeof m === 'object' && !Array.isArray(m)
      ? (m as Record<string, unknown>)
      : { metadata: m };

const micros = (iso: string | null | undefined) => (iso ? (isoToMicros(iso) ?? undefined) : undefined);

/** One event applied to the observation it names: field by field, later events win. */
function applyObservation(rec: ObservationRecord, e: ObservationEvent): void {
  const versions = rec.versions!;
  const b = e.body;
  const update = isUpdate(e);
  const ver = e.version;
  const type = b.type ?? OBSERVATION_EVENT_TYPES[e.type] ?? 'SPAN';
  // An update's type and start are what its event type and time suggest, weaker than any create's.
  set(rec, versions, 'type', 'type', type, update ? WEAK_VERSION : ver);
  const start = micros(b.startTime);
  if (start !== undefined) set(rec, versions, 'start', 'startUs', start, ver);
  else set(rec, versions, 'start', 'startUs', e.timestampUs, update ? WEAK_VERSION : ver);
  // An end before the event's own start is the start, as Langfuse clamps it (an end before a start
  // another event gave is clamped on read).
  const end = micros(b.endTime);
  set(rec, versions, 'end', 'endUs', end !== undefined && start !== undefined ? Math.max(end, start) : end, ver);
  set(rec, versions, 'completionStart', 'completionStartUs', micros(b.completionStartTime), ver);
  set(rec, versions, 'name', 'name', b.name, ver);
  set(rec, versions, 'parent', 'parentId', b.parentObservationId, ver);
  set(rec, versions, 'model', 'model', b.model, ver);
  set(rec, versions, 'modelParameters', 'modelParameters', b.modelParameters, ver);
  if (b.promptName) {
    set(rec, versions, 'prompt', 'promptName', b.promptName, ver);
    rec.promptVersion = b.promptVersion ?? undefined;
  }
  if (b.environment) set(rec, versions, 'environment', 'environment', normalizeEnvironment(b.environment), ver);
  set(rec, versions, 'version', 'version', b.version, ver);
  set(rec, versions, 'level', 'level', b.level, ver);
  set(rec, versions, 'statusMessage', 'statusMessage', b.statusMessage, ver);
  set(rec, versions, 'input', 'input', jsonTextAsJson(b.input), ver);
  set(rec, versions, 'output', 'output', jsonTextAsJson(b.output), ver);
  const metadata = asMetadata(b.metadata);
  if (metadata) {
    rec.metadata = { ...rec.metadata, ...metadata };
    versions.metadata = Math.max(versions.metadata ?? 0, ver);
  }
  const { usage, cost } = usageOfEvent(b);
  set(rec, versions, 'usage', 'usage', usage, ver);
  set(rec, versions, 'cost', 'cost', cost, ver);
}

/** trace-create events of one trace merged: later non-empty fields win, tags unite, metadata merges. */
function applyTrace(piece: TracePiece, body: TraceBody, timestampUs: number): void {
  const ts = micros(body.timestamp) ?? timestampUs;
  piece.timestampUs = piece.timestampUs === undefined ? ts : Math.min(piece.timestampUs, ts);
  if (body.name) piece.name = body.name;
  if (body.userId) piece.userId = body.userId;
  if (body.sessionId) piece.sessionId = body.sessionId;
  if (body.release) piece.release = body.release;
  if (body.version) piece.version = body.version;
  if (body.environment) piece.environment = normalizeEnvironment(body.environment);
  if (body.input !== undefined && body.input !== null) piece.input = jsonTextAsJson(body.input);
  if (body.output !== undefined && body.output !== null) piece.output = jsonTextAsJson(body.output);
  if (body.tags) piece.tags = [...new Set([...(piece.tags ?? []), ...body.tags])];
  const metadata = asMetadata(body.metadata);
  if (metadata) piece.metadata = { ...piece.metadata, ...metadata };
}

/**
 * A parsed batch to rows: one trace piece per trace (its trace-create events and observation
 * events merged in the order Langfuse applies them), scores by id (the latest event wins), and
 * which trace each observation belongs to. An observation's trace is the traceId of any of its
 * events, else `traceOf` (observations created in earlier requests), else for a create its own id
 * (Langfuse's wrapper trace for observations sent without one); an update that names no trace
 * and whose observation is unknown is a 404 entry. A score that names a config is checked against
 * it (`configs`, read before): an unknown config is a 404 entry, a score that breaks it a 400 one.
 */
export function mapBatch(
  project: string,
  parsed: ParsedBatch,
  traceOf: ReadonlyMap<string, string>,
  nowUs: number,
  configs: ScoreConfigsById = new Map(),
): MappedBatch {
  const errors = [...parsed.errors];
  const successes: IngestionResponse['successes'] = [];
  const traces = new Map<string, { piece: TracePiece; observations: ObservationRecord[]; version: number }>();
  const traceFor = (id: string) => {
    let t = traces.get(id);
    if (!t) {
      t = { piece: { id }, observations: [], version: 0 };
      traces.set(id, t);
    }
    return t;
  };
  const scores = new Map<string, ScoreRow>();
  const events = ordered(parsed.events);

  const observationEvents = new Map<string, ObservationEvent[]>();
  for (const e of events) {
    if (!isObservation(e)) continue;
    const list = observationEvents.get(e.body.id) ?? [];
    list.push(e);
    observationEvents.set(e.body.id, list);
  }
  const lookups: ObservationTraceRow[] = [];
  const updatedOnly = new Set<ObservationRecord>();
  for (const [id, list] of observationEvents) {
    const named = list.find((e) => e.body.traceId)?.body.traceId;
    const traceId = named ?? traceOf.get(id) ?? (list.some((e) => !isUpdate(e)) ? id : undefined);
    if (!traceId) {
      for (const e of list) {
        errors.push({
          id: e.id,
          status: 404,
          message: 'Resource not found',
          error: `observation ${id} is not known: an update without traceId needs its observation created first (in this batch or an earlier one)`,
        });
      }
      continue;
    }
    if (named) lookups.push({ project_id: project, id, trace_id: named });
    const rec: ObservationRecord = { id, traceId, type: 'SPAN', startUs: list[0]!.timestampUs, versions: {} };
    for (const e of list) applyObservation(rec, e);
    if (list.every(isUpdate)) updatedOnly.add(rec);
    const t = traceFor(traceId);
    t.observations.push(rec);
    for (const e of list) {
      t.version = Math.max(t.version, e.version);
      successes.push({ id: e.id, status: 201 });
    }
  }
  for (const e of events) {
    if (e.type === 'trace-create') {
      const t = traceFor(e.body.id);
      applyTrace(t.piece, e.body, e.timestampUs);
      t.version = Math.max(t.version, e.version);
      successes.push({ id: e.id, status: 201 });
    } else if (e.type === 'score-create') {
      try {
        const id = e.body.id ?? e.id;
        const at = { project, id, timestampUs: e.timestampUs, version: e.version, nowUs };
        const row = scoreRowOf(e.body, at, configs);
        const seen = scores.get(id);
        if (!seen || seen.version <= row.version) scores.set(id, row);
        successes.push({ id: e.id, status: 201 });
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        errors.push(
          err.code === 'NOT_FOUND'
            ? { id: e.id, status: 404, message: 'Resource not found', error: err.message }
            : invalid(e.id, err.message),
        );
      }
    }
  }
  return {
    traces: [...traces.values()],
    scores: [...scores.values()],
    lookups,
    updatedOnly,
    result: { successes, errors },
  };
}
