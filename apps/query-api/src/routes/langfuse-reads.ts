import { type Endpoint, idInMessage, notFoundError, projectOf, queryObject, validate } from '@spanhouse/http';
import {
  ENTITY_ID_MAX_LENGTH,
  ObservationListResponse,
  ObservationOutput,
  ObservationV2Response,
  SessionDetail,
  SessionListResponse,
} from '@spanhouse/schema';
import { TABLES } from '@spanhouse/store';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { QueryDeps } from '../deps.ts';
import { getObservation, listObservations } from '../observations/list.ts';
import { ObservationListParams, ObservationV2Params } from '../observations/params.ts';
import { observationsV2 } from '../observations/v2.ts';
import { LargePartCounts } from '../paging/large-part-counts.ts';
import { getSession, listSessions, SessionListParams } from '../sessions/sessions.ts';

const PathId = (name: string) =>
  v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(ENTITY_ID_MAX_LENGTH, `${name} must be at most ${ENTITY_ID_MAX_LENGTH} characters`),
  );

const read = (path: string, summary: string, json: Endpoint['query'], extra: Partial<Endpoint> = {}): Endpoint => ({
  method: 'get',
  path,
  summary,
  tag: 'langfuse',
  auth: 'bearer-or-basic',
  ...extra,
  responses: { 200: { description: summary, json } },
});

export const LANGFUSE_READ_ENDPOINTS: Endpoint[] = [
  read('/api/public/sessions', 'Sessions, newest first', SessionListResponse, { query: SessionListParams }),
  read('/api/public/sessions/:sessionId', 'One session with its traces, oldest first', SessionDetail, {
    params: { sessionId: PathId('sessionId') },
  }),
  read('/api/public/observations', "A page of observations (Langfuse's v1 list)", ObservationListResponse, {
    query: ObservationListParams,
  }),
  read('/api/public/observations/:observationId', 'One observation', ObservationOutput, {
    params: { observationId: PathId('observationId') },
  }),
  read(
    '/api/public/v2/observations',
    'Observations after a cursor, with the requested field groups',
    ObservationV2Response,
    {
      query: ObservationV2Params,
    },
  ),
];

/**
 * Langfuse's read endpoints beyond traces and scores: sessions and observations (v1 pages, v2
 * cursors), each of the request's project.
 */
export function langfuseReadRoutes(deps: QueryDeps) {
  const observationCounts = new LargePartCounts(TABLES.observationPieces, ['trace_id', 'id']);
  return new Hono()
    .get('/api/public/sessions', async (c) => {
      const params = validate(SessionListParams, queryObject(c));
      return c.json(await listSessions(deps.db, projectOf(c), params, c.req.raw.signal));
    })
    .get('/api/public/sessions/:sessionId', async (c) => {
      const id = validate(PathId('sessionId'), c.req.param('sessionId'), 'sessionId');
      const session = await getSession(deps.db, projectOf(c), id, c.req.raw.signal);
      if (!session) throw notFoundError(`session ${idInMessage(id)} not found`);
      return c.json(session);
    })
    .get('/api/public/observations', async (c) => {
      const q = validate(ObservationListParams, queryObject(c));
      const { data, total } = await listObservations(deps.db, projectOf(c), q, c.req.raw.signal, observationCounts);
      return c.json({
        data,
        meta: { page: q.page, limit: q.limit, totalItems: total, totalPages: Math.ceil(total / q.limit) },
      });
    })
    .get('/api/public/observations/:observationId', async (c) => {
      const id = validate(PathId('observationId'), c.req.param('observationId'), 'observationId');
      const observation = await getObservation(deps.db, projectOf(c), id, c.req.raw.signal);
      if (!observation) throw notFoundError(`observation ${idInMessage(id)} not found`);
      return c.json(observation);
    })
    .get('/api/public/v2/observations', async (c) => {
      const q = validate(ObservationV2Params, queryObject(c));
      return c.json(await observationsV2(deps.db, projectOf(c), q, c.req.raw.signal));
    });
}
