import { chToIso } from '@spanhouse/schema';

/** Columns selected for a trace (see TRACE_COLUMNS). */
export type TraceFields = {
  id: string;
  timestamp: string;
  name: string | null;
  userId: string | null;
  sessionId: string | null;
  release: string | null;
  version: string | null;
  environment: string;
  tags: string[];
  latency: number;
  totalCost: number;
  observationIds: string[];
  input: unknown;
  output: unknown;
  metadata: Record<string, unknown>;
};

/** What the trace readers select; `fromTraceRow` maps it. */
export const TRACE_COLUMNS = (expr: Record<string, string>) => `
  id,
  timestamp,
  name.2 AS name,
  user_id.2 AS user_id,
  session_id.2 AS session_id,
  release.2 AS release,
  version.2 AS version,
  ${expr.environment} AS environment,
  arraySort(tags) AS tags,
  ${expr.latency} AS latency,
  ${expr.totalCost} AS total_cost,
  arraySort(obs_ids) AS observation_ids,
  input.2 AS input,
  output.2 AS output,
  mapApply((k, v) -> (k, v.2), metadata) AS metadata`;

const str = (x: unknown) => (typeof x === 'string' ? x : String(x ?? ''));
const orNull = (x: unknown) => (x === '' || x === null || x === undefined ? null : str(x));
const num = (x: unknown) => {
  const n = Number(x);
  return Number.isFinite(n) ? n : 0;
};

/** Stored JSON text back to its value; '' is absent (null); text that is not JSON stays text. */
export function parseJsonText(text: unknown): unknown {
  if (typeof text !== 'string' || text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function fromTraceRow(r: Record<string, unknown>): TraceFields {
  const metadata: Record<string, unknown> = {};
  for (const [k, v] of Object.entries((r.metadata ?? {}) as Record<string, unknown>)) metadata[k] = parseJsonText(v);
  return {
    id: str(r.id),
    timestamp: chToIso(str(r.timestamp)),
    name: orNull(r.name),
    userId: orNull(r.user_id),
    sessionId: orNull(r.session_id),
    release: orNull(r.release),
    version: orNull(r.version),
    environment: str(r.environment) || 'default',
    tags: Array.isArray(r.tags) ? r.tags.map(str) : [],
    latency: num(r.latency),
    totalCost: num(r.total_cost),
    observationIds: Array.isArray(r.observation_ids) ? r.observation_ids.map(str) : [],
    input: parseJsonText(r.input),
    output: parseJsonText(r.output),
    metadata,
  };
}
