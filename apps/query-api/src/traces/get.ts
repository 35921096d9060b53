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
 * or undefined when unknown. Three reads at once, one per table, each on a reader of its own: each
 * is a point read by key, and side by side they answer in the time of the slowest instead of the
 * sum (as scalar subqueries of one query they ran one after another). Observations and scores come
 * as arrays of positional tuples.
 */
export async function getTrace(
  db: Db,
  project: string,
  id: string,
  signal?: AbortSignal,
): Promise<TraceDetail | undefined> {
  const p = new ProjectParams(project);
  const idParam = p.add(id, 'String');
  const [rows, observations, scores] = await Promise.all([
    queryRows(db, {
      sql: `SELECT ${traceSelect(TRACE_EXPR)} ${fromProject(TABLES.traces, p, { final: true })} AND id = ${idParam}`,
      params: p.params,
      tag: 'traces.get',
      map: fromTraceRow,
      signal,
    }),
    queryRows(db, {
      sql: `SELECT arraySort(${BY_START}, groupArray(${OBSERVATION_TUPLE})) AS rows
        ${fromProject(TABLES.observationPieces, p, { final: true })} AND trace_id = ${idParam}`,
      params: p.params,
      tag: 'traces.get.observations',
      map: (r) => (Array.isArray(r.rows) ? r.rows.map(decodeObservationTuple) : []),
      signal,
    }),
    queryRows(db, {
      sql: `SELECT arraySort(${SCORE_TUPLES_NEWEST_FIRST}, groupArray(${SCORE_TUPLE})) AS rows
        ${fromProject(TABLES.scores, p, { final: true })} AND trace_id = ${idParam}`,
      params: p.params,
      tag: 'traces.get.scores',
      map: (r) => (Array.isArray(r.rows) ? r.rows.map(decodeScoreTuple) : []),
      signal,
    }),
  ]);
  const t = rows[0];
  if (!t) return undefined;
  return {
    ...traceOutput(t),
    observations: (observations[0] ?? []).map((o) => toObservationOutput(o, t.environment)),
    scores: (scores[0] ?? []).map(toScoreOutput),
  };
}
