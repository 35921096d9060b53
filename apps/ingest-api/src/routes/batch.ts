import { admit, bodyText, type Endpoint, parseJsonObject, projectOf, readBody, validate } from '@spanhouse/http';
import { BatchRequest, MessageResponse } from '@spanhouse/schema';
import { nextVersion } from '@spanhouse/store';
import { Hono } from 'hono';
import type { IngestDeps } from '../deps.ts';
import { fromBatch } from '../traces/from-batch.ts';
import { traceTableRows } from '../traces/pieces.ts';
import { buildTraceRows } from '../traces/rows.ts';
import { storeRows } from './log-refusals.ts';

export const BATCH_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/v1/l/batch',
    summary: 'One trace with its observations; answered once durable (Spanhouse-Wait: commit: once readable)',
    tag: 'ingest',
    auth: 'bearer-or-basic',
    body: { json: BatchRequest },
    responses: { 200: { description: 'Durable', json: MessageResponse } },
  },
];

/** POST /v1/l/batch: one trace with its observations; 200 once durable. */
export function batchRoutes(deps: IngestDeps) {
  const { limits } = deps.config;
  return new Hono().post('/v1/l/batch', admit(deps.admission, limits.bodyBytes), async (c) => {
    const body = validate(BatchRequest, parseJsonObject(bodyText(await readBody(c, limits))));
    const { piece, observations } = fromBatch(body);
    const rows = buildTraceRows(projectOf(c), piece, observations, deps.prices, nextVersion());
    await storeRows(c, deps, traceTableRows({ observations: rows.observations, traces: [rows.trace] }));
    return c.json({
      message: `stored trace ${piece.id} with ${observations.length} observation${observations.length === 1 ? '' : 's'}`,
    });
  });
}
