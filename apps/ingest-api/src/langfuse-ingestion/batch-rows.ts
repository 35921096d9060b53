import { TABLES } from '@spanhouse/db';
import type { IngestionResponse } from '@spanhouse/schema';
import { encodeObservationTraces, encodeScores, type TableRows } from '@spanhouse/store';
import type { IngestDeps } from '../deps.ts';
import type { RecentWrites } from '../log-sink/recent-writes.ts';
import { rowsOfPieces, traceTableRows } from '../traces/pieces.ts';
import { traceIdsOf } from './lookups.ts';
import { scoreConfigsOf } from '../scores/configs.ts';
import { type MappedBatch, mapBatch, namedConfigs, parseBatch, tracelessObservations } from './map-batch.ts';

/**
 * What a batch mapped to as one request's rows (traces, observations, scores, observation
 * lookups), stored in one append: the answer comes only once all of it is durable, and a refused
 * request (429, 503) stores nothing it was not told about.
 */
export function ingestionTableRows(deps: Pick<IngestDeps, 'prices'>, project: string, mapped: MappedBatch): TableRows {
  return {
    ...traceTableRows(rowsOfPieces(project, mapped.traces, deps.prices)),
    ...encodeScores(mapped.scores),
    ...encodeObservationTraces(mapped.lookups),
  };
}

/**
 * The traces of observations that updates in this batch name without a traceId, created by
 * earlier requests: read from observation_traces, and read again once this process's
 * acknowledged lookups are committed when some are not found yet (a commit timeout is thrown as
 * the log's CommitTimeoutError).
 */
async function tracesOfTraceless(
  deps: IngestDeps,
  recent: RecentWrites,
  project: string,
  ids: string[],
): Promise<Map<string, string>> {
  const found = await traceIdsOf(deps.db, project, ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length === 0 || !(await recent.committed(deps.ingestor, TABLES.observationTraces))) return found;
  for (const [id, trace] of await traceIdsOf(deps.db, project, missing)) found.set(id, trace);
  return found;
}

/**
 * A batch of Langfuse ingestion events: every event checked on its own, updates that name no
 * trace looked up and the configs its scores name read, the good events mapped to rows; the
 * answer lists each event as a success (201) or an error (400 invalid, 404 unknown observation or
 * score config), as Langfuse's 207 does.
 */
export async function mapIngestion(
  deps: IngestDeps,
  recent: RecentWrites,
  project: string,
  batch: readonly unknown[],
): Promise<{ rows: TableRows; result: IngestionResponse }> {
  const parsed = parseBatch(batch);
  const [traceOf, configs] = await Promise.all([
    tracesOfTraceless(deps, recent, project, tracelessObservations(parsed.events)),
    scoreConfigsOf(deps.db, project, namedConfigs(parsed.events)),
  ]);
  const mapped = mapBatch(project, parsed, traceOf, Date.now() * 1000, configs);
  return { rows: ingestionTableRows(deps, project, mapped), result: mapped.result };
}
