import {
  encodeObservationPieces,
  encodeTraces,
  nextVersion,
  type ObservationRow,
  type TableRows,
  type TraceRow,
} from '@spanhouse/store';
import type { PriceTable } from '../pricing/prices.ts';
import type { ObservationRecord, TracePiece } from './model.ts';
import { buildTraceRows, toObservationRow } from './rows.ts';

/** A trace piece with its observations; `version` when the sender's times decide it (the ingestion API). */
type Piece = { piece: TracePiece; observations: ObservationRecord[]; version?: number };

/**
 * The rows of many trace pieces of a project (an OTLP export's, an ingestion batch's, a data
 * set's), each with a
 * version of its own (its given one, else the next arrival version). With `rejected`, a piece whose rows cannot be written fails alone: should an observation's
 * row fail, whatever it holds, that observation is left out and said why in `rejected`, the rest
 * of its trace kept; should the trace's own fields fail, the piece's observations are rejected and
 * the other pieces kept. Without it, such an error is thrown.
 */
export function rowsOfPieces(
  project: string,
  pieces: readonly Piece[],
  prices: PriceTable,
  rejected?: string[],
): { traces: TraceRow[]; observations: ObservationRow[] } {
  const traces: TraceRow[] = [];
  const observations: ObservationRow[] = [];
  for (const piece of pieces) {
    const version = piece.version ?? nextVersion();
    const rows = rejected
      ? rowsIsolating(project, piece, prices, version, rejected)
      : buildTraceRows(project, piece.piece, piece.observations, prices, version);
    if (!rows) continue;
    for (const row of rows.observations) observations.push(row);
    traces.push(rows.trace);
  }
  return { traces, observations };
}

function rowsIsolating(
  project: string,
  { piece, observations }: Piece,
  prices: PriceTable,
  version: number,
  rejected: string[],
) {
  try {
    return buildTraceRows(project, piece, observations, prices, version);
  } catch {
    const why = (err: unknown) => String((err as Error)?.message ?? err);
    const kept = observations.filter((o) => {
      try {
        toObservationRow(project, o, version, prices);
        return true;
      } catch (err) {
        rejected.push(`span ${o.id} of trace ${piece.id}: could not be stored (${why(err)})`);
        return false;
      }
    });
    try {
      return buildTraceRows(project, piece, kept, prices, version);
    } catch (err) {
      for (const o of kept) rejected.push(`span ${o.id}: its trace ${piece.id} could not be stored (${why(err)})`);
      return undefined;
    }
  }
}

/**
 * A request's trace rows as the writer takes them: encoded when the request arrives, so that while
 * it waits for the log nothing of it but bytes stays on the JavaScript heap.
 */
export function traceTableRows(rows: {
  traces: readonly TraceRow[];
  observations: readonly ObservationRow[];
}): TableRows {
  return { ...encodeObservationPieces(rows.observations), ...encodeTraces(rows.traces) };
}
