import { type Endpoint, idInMessage, notFoundError, projectOf, queryObject, validate } from '@spanhouse/http';
import { ENTITY_ID_MAX_LENGTH, TraceDetail, TraceListResponse } from '@spanhouse/schema';
import { TABLES } from '@spanhouse/store';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { QueryDeps } from '../deps.ts';
import { LargePartCounts } from '../paging/large-part-counts.ts';
import { getTrace } from '../traces/get.ts';
import { listTraces } from '../traces/list.ts';
import { TraceGetParams, TraceListParams } from '../traces/params.ts';
import { RecentMisses } from '../traces/recent-misses.ts';

const TraceId = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(ENTITY_ID_MAX_LENGTH, `traceId must be at most ${ENTITY_ID_MAX_LENGTH} characters`),
);

export const TRACE_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/public/traces',
    summary: 'A page of traces, filtered and ordered',
    tag: 'traces',
    auth: 'bearer-or-basic',
    query: TraceListParams,
    responses: { 200: { description: 'A page of traces', json: TraceListResponse } },
  },
  {
    method: 'get',
    path: '/api/public/traces/:traceId',
    summary: 'One trace with its observations',
    tag: 'traces',
    auth: 'bearer-or-basic',
    params: { traceId: TraceId },
    query: TraceGetParams,
    responses: { 200: { description: 'The trace', json: TraceDetail } },
  },
];

/** GET /api/public/traces and /api/public/traces/:traceId. */
export function traceRoutes(deps: QueryDeps) {
  const misses = new RecentMisses();
  const totals = new LargePartCounts(TABLES.traces, ['id']);
  return new Hono()
    .get('/api/public/traces', async (c) => {
      const params = validate(TraceListParams, queryObject(c));
      return c.json(await listTraces(deps.db, projectOf(c), params, c.req.raw.signal, totals));
    })
    .get('/api/public/traces/:traceId', async (c) => {
      const id = validate(TraceId, c.req.param('traceId'), 'traceId');
      const { fields } = validate(TraceGetParams, queryObject(c));
      const trace = await getTrace(deps.db, projectOf(c), id, { signal: c.req.raw.signal, misses, fields });
      if (!trace) throw notFoundError(`trace ${idInMessage(id)} not found`);
      return c.json(trace);
    });
}
