import { type Db, ParamBuilder, queryRows, TABLES } from '@spanhouse/db';
import type { TraceDetail } from '@spanhouse/schema';
import { fetchTraces } from './list.ts';
import { fromObservationRow, OBSERVATION_COLUMNS } from './from-row.ts';

/** One trace with all its observations (ordered by start time), or undefined when unknown. */
export async function getTrace(db: Db, id: string, signal?: AbortSignal): Promise<TraceDetail | undefined> {
  const p = new ParamBuilder();
  const [traces, rawObservations] = await Promise.all([
    fetchTraces(db, [id], signal),
    queryRows(db, {
      sql: `SELECT ${OBSERVATION_COLUMNS} FROM ${TABLES.observations} FINAL
            WHERE trace_id = ${p.add(id, 'String')} ORDER BY start_time, id`,
      params: p.params,
      tag: 'traces.get.observations',
      map: (r) => r,
      signal,
    }),
  ]);
  const t = traces.get(id);
  if (!t) return undefined;
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
    observations: rawObservations.map((r) => fromObservationRow(r, t.environment)),
    scores: [],
  };
}
