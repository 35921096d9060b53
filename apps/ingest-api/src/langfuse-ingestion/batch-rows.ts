import { TABLES } from '@spanhouse/db';
import type { IngestionResponse } from '@spanhouse/schema';
import { encodeObservationTraces, encodeScores, type TableRows } from '@spanhouse/store';
import type { IngestDeps } from '../deps.ts';
import type { RecentWrites } from '../log-sink/recent-writes.ts';
import { scoreConfigsOf } from '../scores/configs.ts';
import type { ObservationRecord } from '../traces/model.ts';
import { rowsOfPieces, traceTableRows } from '../traces/pieces.ts';
import { storedModelsAndUsagesOf, traceIdsOf } from './lookups.ts';
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
 * Gives each observation piece of the batch that prices with one of the usage and the model but
 * not the other, and no cost, the other as earlier requests stored it, so its usage is priced per
 * kind at its model as Langfuse prices an update merged into its stored observation:
 * - a usage without a model takes the stored model (ObservationRecord.storedModel): the legacy
 *   SDKs send the model in a generation's create and the usage in the update that ends it, often
 *   in the next request;
 * - a model without a usage, in a piece only updates make, takes the stored usage
 *   (ObservationRecord.storedUsage): an update that names the model the call ended up using.
 *   A create's piece is not looked up: a generation's create names its model before any usage.
 * Read from observation_pieces, and read again once this process's acknowledged pieces are
 * committed when some are not found yet. Pricing never refuses a request: when the read fails,
 * those pieces are priced at read from `input` and `output`.
 */
async function withStoredModelsAndUsages(
  deps: IngestDeps,
  recent: RecentWrites,
  project: string,
  mapped: MappedBatch,
): Promise<void> {
  const wanting = new Map<string, ObservationRecord>();
  for (const { observations } of mapped.traces) {
    for (const o of observations) {
      if (o.cost) continue;
      if ((o.usage && !o.model) || (o.model && !o.usage && mapped.updatedOnly.has(o))) {
        wanting.set(`${o.traceId} ${o.id}`, o);
      }
    }
  }
  if (wanting.size === 0) return;
  const keys = () => [...wanting.values()].map(({ traceId, id }) => ({ traceId, id }));
  try {
    for (let pass = 0; pass < 2 && wanting.size > 0; pass++) {
      if (pass === 1 && !(await recent.committed(deps.ingestor, TABLES.observationPieces))) return;
      for (const [key, stored] of await storedModelsAndUsagesOf(deps.db, project, keys())) {
        const o = wanting.get(key);
        if (!o) continue;
        if (o.usage && stored.model) o.storedModel = stored.model;
        else if (o.model && stored.usage[0] > 0) o.storedUsage = stored.usage;
        else continue;
        wanting.delete(key);
      }
    }
  } catch (err) {
    deps.logger.warn({ err }, 'stored models and usages of updates not read: their usage is priced at read');
  }
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
  await withStoredModelsAndUsages(deps, recent, project, mapped);
  return { rows: ingestionTableRows(deps, project, mapped), result: mapped.result };
}
