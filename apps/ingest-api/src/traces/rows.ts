import { microsToCh } from '@spanhouse/schema';
import type { PriceTable } from '../pricing/prices.ts';
import { jsonOf, jsonOfObject } from './json-text.ts';
import type { ObservationRecord, TracePiece } from './model.ts';

/** Row of `traces` (clickhouse/0001_traces.sql): every field a piece carries, as an idempotent aggregate input. */
export type TraceRow = {
  id: string;
  timestamp: string;
  name: [number, string];
  user_id: [number, string];
  session_id: [number, string];
  release: [number, string];
  version: [number, string];
  environment: [number, string];
  input: [number, string];
  output: [number, string];
  tags: string[];
  metadata: Record<string, [number, string]>;
  obs: Record<string, ObservationSummary>;
};

/** The `obs` map value: a named tuple, which JSONEachRow takes as an object. */
export type ObservationSummary = {
  version: number;
  model: string;
  usage_input: number;
  usage_output: number;
  usage_total: number;
  cost: number;
  start_us: number;
  end_us: number;
};

export type ObservationRow = {
  trace_id: string;
  id: string;
  version: number;
  type: string;
  name: string;
  start_time: string;
  end_time: string | null;
  parent_id: string | null;
  model: string;
  environment: string;
  input: string;
  output: string;
  metadata: string;
  usage_input: number;
  usage_output: number;
  usage_total: number;
  cost: number;
};

let lastVersion = 0;
/**
 * Ingest version: microseconds of arrival, strictly increasing within the process, so "later
 * wins" follows arrival order. Empty fields use version 0 so they never beat a real value.
 */
export function nextVersion(now = Date.now()): number {
  lastVersion = Math.max(now * 1000, lastVersion + 1);
  return lastVersion;
}

/** (version, value) for a scalar: an empty value never wins the max(). */
function versioned(value: string | undefined, version: number): [number, string] {
  return value ? [version, value] : [0, ''];
}

/** JSON text for stored IO; '' means absent (null and undefined alike). */
export function jsonText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return jsonOf(value);
}

/** Input, output and total tokens; total defaults to input + output. */
export function resolveUsage(o: ObservationRecord): { input: number; output: number; total: number } {
  const input = o.usage?.input ?? 0;
  const output = o.usage?.output ?? 0;
  const total = o.usage?.total ?? input + output;
  return { input, output, total };
}

/** USD: the cost the client sent wins; otherwise the price table by model, 0 for unknown models. */
export function resolveCost(
  o: ObservationRecord,
  usage: { input: number; output: number },
  prices: PriceTable,
): number {
  const sent = o.cost;
  if (sent?.total !== undefined) return sent.total;
  if (sent?.input !== undefined || sent?.output !== undefined) return (sent.input ?? 0) + (sent.output ?? 0);
  const price = o.model ? prices.lookup(o.model) : undefined;
  if (!price) return 0;
  return usage.input * price.input + usage.output * price.output;
}

export function toObservationRow(o: ObservationRecord, version: number, prices: PriceTable): ObservationRow {
  const usage = resolveUsage(o);
  return {
    trace_id: o.traceId,
    id: o.id,
    version,
    type: o.type,
    name: o.name ?? '',
    start_time: microsToCh(o.startUs),
    end_time: o.endUs === undefined ? null : microsToCh(o.endUs),
    parent_id: o.parentId ?? null,
    model: o.model ?? '',
    environment: o.environment ?? '',
    input: jsonText(o.input),
    output: jsonText(o.output),
    metadata: o.metadata ? jsonOfObject(o.metadata) : '{}',
    usage_input: usage.input,
    usage_output: usage.output,
    usage_total: usage.total,
    cost: resolveCost(o, usage, prices),
  };
}

/**
 * A piece of a trace and its observations as rows. A piece without a timestamp takes its earliest
 * observation start (the merge keeps the earliest anyway), or the arrival time when it has none.
 */
export function buildTraceRows(
  piece: TracePiece,
  records: ObservationRecord[],
  prices: PriceTable,
  version: number,
): { trace: TraceRow; observations: ObservationRow[] } {
  const observations: ObservationRow[] = [];
  // Keyed by observation ids, new in every row: a null-prototype object is a plain dictionary from
  // the start, where an ordinary one would make V8 build (and drop) a hidden class per new key.
  const obs: TraceRow['obs'] = Object.create(null);
  let earliest = Number.POSITIVE_INFINITY;
  for (const record of records) {
    const row = toObservationRow(record, version, prices);
    observations.push(row);
    earliest = Math.min(earliest, record.startUs);
    obs[row.id] = {
      version,
      model: row.model,
      usage_input: row.usage_input,
      usage_output: row.usage_output,
      usage_total: row.usage_total,
      cost: row.cost,
      start_us: record.startUs,
      end_us: record.endUs ?? record.startUs,
    };
  }
  // Keys are the client's: a null-prototype object, where "__proto__" is a key like any other.
  const metadata: TraceRow['metadata'] = Object.create(null);
  for (const [key, value] of Object.entries(piece.metadata ?? {})) {
    if (value !== undefined) metadata[key] = [version, jsonOf(value)];
  }
  const timestampUs = piece.timestampUs ?? (records.length > 0 ? earliest : Math.floor(version));
  const trace: TraceRow = {
    id: piece.id,
    timestamp: microsToCh(timestampUs),
    name: versioned(piece.name, version),
    user_id: versioned(piece.userId, version),
    session_id: versioned(piece.sessionId, version),
    release: versioned(piece.release, version),
    version: versioned(piece.version, version),
    environment: versioned(piece.environment, version),
    input: versioned(jsonText(piece.input), version),
    output: versioned(jsonText(piece.output), version),
    tags: [...new Set(piece.tags ?? [])],
    metadata,
    obs,
  };
  return { trace, observations };
}

type Piece = { piece: TracePiece; observations: ObservationRecord[] };

/**
 * The rows of many trace pieces (an OTLP export's, or a data set's), each with a version of its
 * own. With `rejected`, a piece whose rows cannot be written fails alone: should an observation's
 * row fail, whatever it holds, that observation is left out and said why in `rejected`, the rest
 * of its trace kept; should the trace's own fields fail, the piece's observations are rejected and
 * the other pieces kept. Without it, such an error is thrown.
 */
export function rowsOfPieces(
  pieces: readonly Piece[],
  prices: PriceTable,
  rejected?: string[],
): { traces: TraceRow[]; observations: ObservationRow[] } {
  const traces: TraceRow[] = [];
  const observations: ObservationRow[] = [];
  for (const piece of pieces) {
    const version = nextVersion();
    const rows = rejected
      ? rowsIsolating(piece, prices, version, rejected)
      : buildTraceRows(piece.piece, piece.observations, prices, version);
    if (!rows) continue;
    for (const row of rows.observations) observations.push(row);
    traces.push(rows.trace);
  }
  return { traces, observations };
}

function rowsIsolating({ piece, observations }: Piece, prices: PriceTable, version: number, rejected: string[]) {
  try {
    return buildTraceRows(piece, observations, prices, version);
  } catch {
    const why = (err: unknown) => String((err as Error)?.message ?? err);
    const kept = observations.filter((o) => {
      try {
        toObservationRow(o, version, prices);
        return true;
      } catch (err) {
        rejected.push(`span ${o.id} of trace ${piece.id}: could not be stored (${why(err)})`);
        return false;
      }
    });
    try {
      return buildTraceRows(piece, kept, prices, version);
    } catch (err) {
      for (const o of kept) rejected.push(`span ${o.id}: its trace ${piece.id} could not be stored (${why(err)})`);
      return undefined;
    }
  }
}
