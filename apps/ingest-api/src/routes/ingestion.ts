import { limitBody, readJsonObject, validate } from '@spanhouse/http';
import { IngestionEnvelope } from '@spanhouse/schema';
import { Hono } from 'hono';
import type { IngestDeps } from '../deps.ts';
import { ingestBatch } from '../ingestion/ingest.ts';
import { useLookupEncoder } from '../ingestion/lookups.ts';
import { useScoreEncoder } from '../scores/submit.ts';
import { useTraceEncoders } from '../traces/encode.ts';

/**
 * POST /api/public/ingestion: Langfuse's batch of events (`{batch: [{id, type, timestamp, body}]}`).
 * 207 `{successes, errors}` per event once every good event is stored; a body that is not JSON or
 * has no `batch` array is a plain 400.
 */
export function ingestionRoutes(deps: IngestDeps) {
  useTraceEncoders(deps.ingestor);
  useScoreEncoder(deps.ingestor);
  useLookupEncoder(deps.ingestor);
  return new Hono().post('/api/public/ingestion', limitBody(deps.config.limits.bodyBytes), async (c) => {
    const body = validate(IngestionEnvelope, await readJsonObject(c));
    return c.json(await ingestBatch(deps, body.batch), 207);
  });
}
