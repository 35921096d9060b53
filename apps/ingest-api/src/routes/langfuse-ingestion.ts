import { admit, bodyText, type Endpoint, parseJsonObject, projectOf, readBody, validate } from '@spanhouse/http';
import { IngestionEnvelope, IngestionResponse } from '@spanhouse/schema';
import { Hono } from 'hono';
import type { IngestDeps } from '../deps.ts';
import { mapIngestion } from '../langfuse-ingestion/batch-rows.ts';
import type { RecentWrites } from '../log-sink/recent-writes.ts';
import { answeringForTheLog, storeRows } from './log-refusals.ts';

export const LANGFUSE_INGESTION_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/api/public/ingestion',
    summary:
      "Langfuse's batch of events (traces, observations, scores); 207 with each event's success or error once the good ones are durable",
    tag: 'langfuse',
    auth: 'bearer-or-basic',
    body: { json: IngestionEnvelope },
    responses: {
      207: { description: 'Every good event durable; bad events listed in errors', json: IngestionResponse },
    },
  },
];

/**
 * POST /api/public/ingestion: Langfuse's batch of events (`{batch: [{id, type, timestamp, body}]}`).
 * 207 `{successes, errors}` per event once every good event is durable; a body that is not JSON or
 * has no `batch` array is a plain 400.
 */
export function langfuseIngestionRoutes(deps: IngestDeps, recent: RecentWrites) {
  const { limits } = deps.config;
  return new Hono().post('/api/public/ingestion', admit(deps.admission, limits.bodyBytes), async (c) => {
    const body = validate(IngestionEnvelope, parseJsonObject(bodyText(await readBody(c, limits))));
    const project = projectOf(c);
    const { rows, result } = await answeringForTheLog(() => mapIngestion(deps, recent, project, body.batch));
    recent.note(await storeRows(c, deps, rows));
    return c.json(result, 207);
  });
}
