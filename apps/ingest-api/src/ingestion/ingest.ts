import type { IngestionResponse } from '@spanhouse/schema';
import type { IngestDeps } from '../deps.ts';
import { scoreRowsForSubmit } from '../scores/submit.ts';
import { traceRowsForSubmit } from '../traces/encode.ts';
import { buildTraceRows, type ObservationRow, type TraceRow } from '../traces/rows.ts';
import { lookupRowsForSubmit, traceIdsOf } from './lookups.ts';
import { type MappedBatch, mapBatch, parseBatch, tracelessObservations } from './map-batch.ts';

/**
 * Stores what a batch mapped to in one submit (traces, observations, scores, observation
 * lookups), so the answer comes only once all of it is durable, and a refused request (429, 503)
 * stores nothing it was not told about.
 */
export async function storeIngestion(deps: IngestDeps, mapped: MappedBatch): Promise<void> {
  const observations: ObservationRow[] = [];
  const traces: TraceRow[] = [];
  for (const t of mapped.traces) {
    const rows = buildTraceRows(t.piece, t.observations, deps.prices, t.version);
    for (const o of rows.observations) observations.push(o);
    traces.push(rows.trace);
  }
  await deps.ingestor.submit({
    ...traceRowsForSubmit(observations, traces),
    ...scoreRowsForSubmit(mapped.scores),
    ...lookupRowsForSubmit(mapped.lookups),
  });
}

/**
 * A batch of Langfuse ingestion events: every event checked on its own, updates that name no
 * trace looked up, the good events stored; the answer lists each event as a success (201) or an
 * error (400 invalid, 404 unknown observation), as Langfuse's 207 does.
 */
export async function ingestBatch(deps: IngestDeps, batch: readonly unknown[]): Promise<IngestionResponse> {
  const parsed = parseBatch(batch);
  const traceOf = await traceIdsOf(deps.db, tracelessObservations(parsed.events));
  const mapped = mapBatch(parsed, traceOf, Date.now() * 1000);
  await storeIngestion(deps, mapped);
  return mapped.result;
}
