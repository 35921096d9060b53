import { type Db, ParamBuilder, queryRows, TABLES } from '@spanhouse/db';
import type { TraceDetail } from '@spanhouse/schema';
import {
  fromObservationRow,
  fromTraceRow,
  OBSERVATION_FIELDS,
  observationTupleToRow,
  traceOutput,
  traceSelect,
} from './from-row.ts';
import { TRACE_EXPR } from './sql.ts';

/**
 * One trace with all its observations (ordered by start time, then id), or undefined when unknown.
 * One query: the embedded engine runs parameterized queries one at a time process-wide (chDB
 * serializes them), so two queries would cost two turns; the observations come as an array of
 * positional tuples beside the trace's columns.
 */
export async function getTrace(db: Db, id: string, signal?: AbortSignal): Promise<TraceDetail | undefined> {
  const p = new ParamBuilder();
  const idParam = p.add(id, 'String');
  const tuple = `(${OBSERVATION_FIELDS.map(([, expr]) => expr).join(', ')})`;
  const [row] = await queryRows(db, {
    sql: `
      SELECT ${traceSelect(TRACE_EXPR)},
        (SELECT arraySort(o -> (o.5, o.1), groupArray(${tuple}))
         FROM ${TABLES.observations} FINAL WHERE trace_id = ${idParam}) AS observation_rows
      FROM ${TABLES.traces} FINAL WHERE id = ${idParam}`,
    params: p.params,
    tag: 'traces.get',
    map: (r) => ({
      trace: fromTraceRow(r),
      observations: Array.isArray(r.observation_rows) ? r.observation_rows.map(observationTupleToRow) : [],
    }),
    signal,
  });
  if (!row) return undefined;
  const t = row.trace;
  return {
    ...traceOutput(t),
    observations: row.observations.map((r) => fromObservationRow(r, t.environment)),
    scores: [],
  };
}
