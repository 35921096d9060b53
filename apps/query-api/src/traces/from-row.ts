import { chToIso } from '@spanhouse/schema';

/** Columns selected for a trace (see traceSelect). */
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
  /** Tokens summed over the trace's observations. */
  usage: { input: number; output: number; total: number };
  observationIds: string[];
  input: unknown;
  output: unknown;
  metadata: Record<string, unknown>;
};

/** The SELECT list of the trace readers, given the expressions of TRACE_EXPR; `fromTraceRow` maps it. */
export const traceSelect = (expr: Record<string, string>) => `
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
  ${expr.usageInput} AS usage_input,
  ${expr.usageOutput} AS usage_output,
  ${expr.usageTotal} AS usage_total,
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

/** The fields a trace has in every answer (list and single trace), in their order. */
export function traceOutput(t: TraceFields) {
  return {
    id: t.id,
    timestamp: t.timestamp,
    name: t.name,
    sessionId: t.sessionId,
    userId: t.userId,
    version: t.version,
    release: t.release,
    environment: t.environment,
    tags: t.tags,
    input: t.input,
    output: t.output,
    metadata: t.metadata,
    latency: t.latency,
    totalCost: t.totalCost,
  };
}

export function fromTraceRow(r: Record<string, unknown>): TraceFields {
  // Metadata keys come from clients: no prototype, so `__proto__` is a key like any other.
  const metadata: Record<string, unknown> = Object.create(null);
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
    usage: { input: num(r.usage_input), output: num(r.usage_output), total: num(r.usage_total) },
    observationIds: Array.isArray(r.observation_ids) ? r.observation_ids.map(str) : [],
    input: parseJsonText(r.input),
    output: parseJsonText(r.output),
    metadata,
  };
}
