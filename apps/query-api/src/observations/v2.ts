import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import type { ObservationOutput } from '@spanhouse/schema';
import { fromProject, type StoredObservation, TABLES, TRACE_EXPR } from '@spanhouse/store';
import { observationKeysAfter, observationsByKeys } from './list.ts';
import { encodeCursor, type ObservationFieldGroup, type ObservationV2Params } from './params.ts';

const DEFAULT_GROUPS: ObservationFieldGroup[] = ['core', 'basic'];
const METADATA_CHARS = 200;

type TraceContext = {
  name: string | null;
  tags: string[];
  release: string | null;
  userId: string | null;
  sessionId: string | null;
};

async function traceContexts(
  db: Db,
  project: string,
  ids: string[],
  signal?: AbortSignal,
): Promise<Map<string, TraceContext>> {
  if (ids.length === 0) return new Map();
  const p = new ProjectParams(project);
  const orNull = (x: unknown) => (x === '' ? null : String(x));
  const rows = await queryRows(db, {
    sql: `
      SELECT id, ${TRACE_EXPR.name} AS name, arraySort(tags) AS tags, ${TRACE_EXPR.release} AS release,
        ${TRACE_EXPR.userId} AS user_id, ${TRACE_EXPR.sessionId} AS session_id
      ${fromProject(TABLES.traces, p, { final: true })} AND id IN ${p.add(ids, 'Array(String)')}`,
    params: p.params,
    tag: 'observations.v2.traces',
    map: (r) =>
      [
        String(r.id),
        {
          name: orNull(r.name),
          tags: Array.isArray(r.tags) ? r.tags.map(String) : [],
          release: orNull(r.release),
          userId: orNull(r.user_id),
          sessionId: orNull(r.session_id),
        },
      ] as const,
    signal,
  });
  return new Map(rows);
}

/** Metadata values over 200 characters cut, except the keys asked for in full (Langfuse's rule). */
function truncated(metadata: Record<string, unknown>, expand: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const [k, value] of Object.entries(metadata)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    out[k] = expand.has(k) || text.length <= METADATA_CHARS ? value : text.slice(0, METADATA_CHARS);
  }
  return out;
}

/**
 * v2's input or output: the text Langfuse stores, never parsed. Langfuse stores a string as itself
 * and any other value as its JSON; here every value is stored as JSON, so a stored JSON string is
 * answered as the string it encodes (`"plain text"` as plain text, not with its quotes), and any
 * other stored JSON as its text. Empty (nothing stored) is null.
 */
function rawText(stored: string): string | null {
  if (stored === '') return null;
  if (stored.startsWith('"')) {
    try {
      const value: unknown = JSON.parse(stored);
      if (typeof value === 'string') return value;
    } catch {
      // Not JSON after all: answered as stored.
    }
  }
  return stored;
}

/** An observation with the fields of the requested groups (Langfuse's ObservationV2). */
export function toObservationV2(
  project: string,
  o: ObservationOutput,
  stored: StoredObservation,
  groups: Set<ObservationFieldGroup>,
  trace: TraceContext | undefined,
  expand: Set<string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: o.id,
    traceId: o.traceId,
    startTime: o.startTime,
    endTime: o.endTime,
    projectId: project,
    parentObservationId: o.parentObservationId,
    type: o.type,
    modelId: null,
    inputPrice: null,
    outputPrice: null,
    totalPrice: null,
  };
  if (groups.has('basic')) {
    Object.assign(out, {
      isRootObservation: o.parentObservationId === null,
      name: o.name,
      level: o.level,
      statusMessage: o.statusMessage,
      version: o.version,
      environment: o.environment,
      bookmarked: false,
      public: false,
      userId: trace?.userId ?? null,
      sessionId: trace?.sessionId ?? null,
    });
  }
  if (groups.has('time')) out.completionStartTime = o.completionStartTime;
  if (groups.has('io')) {
    out.input = rawText(stored.input);
    out.output = rawText(stored.output);
  }
  if (groups.has('metadata')) out.metadata = truncated(o.metadata, expand);
  if (groups.has('model')) {
    Object.assign(out, {
      providedModelName: o.model,
      internalModelId: null,
      modelParameters: o.modelParameters,
      inputPrice: o.inputPrice === null ? null : String(o.inputPrice),
      outputPrice: o.outputPrice === null ? null : String(o.outputPrice),
    });
  }
  if (groups.has('usage')) {
    Object.assign(out, {
      usageDetails: o.usageDetails,
      costDetails: o.costDetails,
      totalCost: o.calculatedTotalCost,
      usagePricingTierName: null,
    });
  }
  if (groups.has('prompt'))
    Object.assign(out, { promptId: null, promptName: o.promptName, promptVersion: o.promptVersion });
  if (groups.has('metrics')) Object.assign(out, { latency: o.latency, timeToFirstToken: o.timeToFirstToken });
  if (groups.has('trace_context')) {
    Object.assign(out, { traceName: trace?.name ?? null, tags: trace?.tags ?? [], release: trace?.release ?? null });
  }
  return out;
}

/** GET /api/public/v2/observations: a page after the cursor, and the cursor of the next when there is one. */
export async function observationsV2(db: Db, project: string, q: ObservationV2Params, signal?: AbortSignal) {
  const groups = new Set<ObservationFieldGroup>(q.fields?.size ? q.fields : DEFAULT_GROUPS);
  groups.add('core');
  const keys = await observationKeysAfter(db, project, { ...q, limit: q.limit + 1 }, signal);
  // The page's traces are known from its keys: their context is read beside the page's rows.
  const pageTraceIds = [...new Set(keys.slice(0, q.limit).map(([traceId]) => traceId!))];
  const [{ observations, stored }, traces] = await Promise.all([
    observationsByKeys(db, project, keys, signal),
    groups.has('basic') || groups.has('trace_context')
      ? traceContexts(db, project, pageTraceIds, signal)
      : new Map<string, TraceContext>(),
  ]);
  const more = observations.length > q.limit;
  const page = observations.slice(0, q.limit);
  const expand = new Set((q.expandMetadata ?? '').split(',').map((s) => s.trim()));
  const data = page.map((o, i) => toObservationV2(project, o, stored[i]!, groups, traces.get(o.traceId), expand));
  const last = page[page.length - 1];
  // The cursor keeps microseconds: the ISO time holds them, so no row at a page edge is skipped.
  const lastUs = last ? stored[page.length - 1]!.startUs : 0;
  return {
    data,
    meta:
      more && last
        ? { cursor: encodeCursor({ startTime: microsIso(lastUs), traceId: last.traceId, id: last.id }) }
        : {},
  };
}

function microsIso(us: number): string {
  const iso = new Date(Math.floor(us / 1000)).toISOString();
  return `${iso.slice(0, 19)}.${String(us % 1_000_000).padStart(6, '0')}Z`;
}
