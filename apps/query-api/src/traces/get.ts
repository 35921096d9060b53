import { type Db, ParamBuilder, queryRows, TABLES } from '@spanhouse/db';
import type { TraceDetail } from '@spanhouse/schema';
import { fromObservationRow, OBSERVATION_TUPLE, observationTupleToRow } from '../observations/columns.ts';
import { fromScoreRow, SCORE_TUPLE, scoreTupleToRow } from '../scores/columns.ts';
import { fromTraceRow, traceOutput, traceSelect } from './from-row.ts';
import { TRACE_EXPR } from './sql.ts';

/**
 * One trace with all its observations (ordered by start time, then id) and scores (newest first),
 * or undefined when unknown. One query: the embedded engine runs parameterized queries one at a
 * time process-wide (chDB serializes them), so more queries would cost more turns; observations
 * and scores come as arrays of positional tuples beside the trace's columns.
 */
export async function getTrace(db: Db, id: string, signal?: AbortSignal): Promise<TraceDetail | undefined> {
  const p = new ParamBuilder();
  const idParam = p.add(id, 'String');
  const [row] = await queryRows(db, {
    sql: `
      SELECT ${traceSelect(TRACE_EXPR)},
        (SELECT arraySort(o -> (o.5, o.1), groupArray(${OBSERVATION_TUPLE}))
         FROM ${TABLES.observationPieces} FINAL WHERE trace_id = ${idParam}) AS observation_rows,
        (SELECT arraySort(s -> (-toUnixTimestamp64Micro(s.3), s.1), groupArray(${SCORE_TUPLE}))
         FROM ${TABLES.scores} FINAL WHERE trace_id = ${idParam}) AS score_rows
      FROM ${TABLES.traces} FINAL WHERE id = ${idParam}`,
    params: p.params,
    tag: 'traces.get',
    map: (r) => ({
      trace: fromTraceRow(r),
      observations: Array.isArray(r.observation_rows) ? r.observation_rows.map(observationTupleToRow) : [],
      scores: Array.isArray(r.score_rows) ? r.score_rows.map(scoreTupleToRow) : [],
    }),
    signal,
  });
  if (!row) return undefined;
  const t = row.trace;
  return {
    ...traceOutput(t),
    observations: row.observations.map((r) => fromObservationRow(r, t.environment)),
    scores: row.scores.map(fromScoreRow),
  };
}
