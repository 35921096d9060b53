import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import type { TraceDetail } from '@spanhouse/schema';
import {
  decodeObservationTuple,
  decodeScoreTuple,
  fromProject,
  fromTraceRow,
  OBSERVATION_TUPLE,
  observationTupleIndex,
  SCORE_TUPLE,
  SCORE_TUPLES_NEWEST_FIRST,
  TABLES,
  TRACE_EXPR,
  traceSelect,
} from '@spanhouse/store';
import { toObservationOutput } from '../observations/output.ts';
import { toScoreOutput } from '../scores/output.ts';
import { traceOutput } from './output.ts';

/** Observations by start time, then id. */
const BY_START = `o -> (o.${observationTupleIndex('start_us')}, o.${observationTupleIndex('id')})`;

/**
 * One trace with all its observations (ordered by start time, then id) and scores (newest first),
 * or undefined when unknown. One query: the embedded engine runs parameterized queries one at a
 * time process-wide (chDB serializes them), so more queries would cost more turns; observations
 * and scores come as arrays of positional tuples beside the trace's columns.
 */
export async function getTrace(
  db: Db,
  project: string,
  id: string,
  signal?: AbortSignal,
): Promise<TraceDetail | undefined> {
  const p = new ProjectParams(project);
  const idParam = p.add(id, 'String');
  const [row] = await queryRows(db, {
    sql: `
      SELECT ${traceSelect(TRACE_EXPR)},
        (SELECT arraySort(${BY_START}, groupArray(${OBSERVATION_TUPLE}))
         ${fromProject(TABLES.observationPieces, p, { final: true })} AND trace_id = ${idParam}) AS observation_rows,
        (SELECT arraySort(${SCORE_TUPLES_NEWEST_FIRST}, groupArray(${SCORE_TUPLE}))
         ${fromProject(TABLES.scores, p, { final: true })} AND trace_id = ${idParam}) AS score_rows
      ${fromProject(TABLES.traces, p, { final: true })} AND id = ${idParam}`,
    params: p.params,
    tag: 'traces.get',
    map: (r) => ({
      trace: fromTraceRow(r),
      observations: Array.isArray(r.observation_rows) ? r.observation_rows.map(decodeObservationTuple) : [],
      scores: Array.isArray(r.score_rows) ? r.score_rows.map(decodeScoreTuple) : [],
    }),
    signal,
  });
  if (!row) return undefined;
  const t = row.trace;
  return {
    ...traceOutput(t),
    observations: row.observations.map((o) => toObservationOutput(o, t.environment)),
    scores: row.scores.map(toScoreOutput),
  };
}
