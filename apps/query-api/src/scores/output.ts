import { microsToIso, type ScoreOutput } from '@spanhouse/schema';
import { parseJsonText, type ScoreRow } from '@spanhouse/store';

const orNull = (x: string) => (x === '' ? null : x);

/**
 * A score's metadata as an object, as Langfuse keeps it: an object as itself, nothing as `{}`, and
 * any other value sent (a string, a number, an array) under the key `metadata`, as Langfuse's
 * ingestion (and spanhouse's, for traces and observations) wraps it, rather than lost.
 */
function metadataObject(metadata: unknown): Record<string, unknown> {
  if (metadata === null || metadata === undefined) return {};
  if (typeof metadata === 'object' && !Array.isArray(metadata)) return metadata as Record<string, unknown>;
  return { metadata };
}

/**
 * A stored score as Langfuse's public API shows it (Score, discriminated by dataType): NUMERIC
 * has no stringValue, TEXT has no value. createdAt and updatedAt are when this version was stored.
 */
export function toScoreOutput(r: ScoreRow): ScoreOutput {
  const dataType = r.data_type;
  const stored = microsToIso(r.created_at);
  const metadata = parseJsonText(r.metadata);
  const score: ScoreOutput = {
    id: r.id,
    projectId: r.project_id,
    traceId: orNull(r.trace_id),
    observationId: orNull(r.observation_id),
    sessionId: orNull(r.session_id),
    datasetRunId: orNull(r.dataset_run_id),
    name: r.name,
    source: r.source as ScoreOutput['source'],
    dataType,
    timestamp: microsToIso(r.timestamp),
    createdAt: stored,
    updatedAt: stored,
    authorUserId: null,
    comment: orNull(r.comment),
    metadata: metadataObject(metadata),
    configId: orNull(r.config_id),
    queueId: orNull(r.queue_id),
    executionTraceId: null,
    environment: r.environment || 'default',
  };
  if (dataType !== 'TEXT') score.value = r.value;
  if (dataType !== 'NUMERIC') score.stringValue = r.string_value;
  return score;
}
