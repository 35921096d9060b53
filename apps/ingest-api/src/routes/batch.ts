import { type Endpoint, limitBody, readJsonObject, validate } from '@spanhouse/http';
import { BatchRequest, MessageResponse } from '@spanhouse/schema';
import { Hono } from 'hono';
import type { IngestDeps } from '../deps.ts';
import { traceRowsForSubmit, useTraceEncoders } from '../traces/encode.ts';
import { fromBatch } from '../traces/from-batch.ts';
import { buildTraceRows, nextVersion } from '../traces/rows.ts';

export const BATCH_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/v1/l/batch',
    summary: 'One trace with its observations; answered once committed',
    tag: 'ingest',
    auth: 'bearer',
    body: { json: BatchRequest },
    responses: { 200: { description: 'Stored', json: MessageResponse } },
  },
];

/** POST /v1/l/batch: one trace with its observations; 200 once committed. */
export function batchRoutes(deps: IngestDeps) {
  useTraceEncoders(deps.ingestor);
  return new Hono().post('/v1/l/batch', limitBody(deps.config.limits.bodyBytes), async (c) => {
    const body = validate(BatchRequest, await readJsonObject(c));
    const { piece, observations } = fromBatch(body);
    const rows = buildTraceRows(piece, observations, deps.prices, nextVersion());
    await deps.ingestor.submit(traceRowsForSubmit(rows.observations, [rows.trace]));
    return c.json({
      message: `stored trace ${piece.id} with ${observations.length} observation${observations.length === 1 ? '' : 's'}`,
    });
  });
}
