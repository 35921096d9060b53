import { type Endpoint, idInMessage, notFoundError, projectOf, queryObject, validate } from '@spanhouse/http';
import { ENTITY_ID_MAX_LENGTH, ScoreListResponse, ScoreOutput } from '@spanhouse/schema';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { QueryDeps } from '../deps.ts';
import { getScore, listScores, type ScoreApi } from '../scores/list.ts';
import { ScoreListParams } from '../scores/params.ts';

const ScoreId = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(ENTITY_ID_MAX_LENGTH, `scoreId must be at most ${ENTITY_ID_MAX_LENGTH} characters`),
);

const SCORE_PATHS: [path: string, api: ScoreApi][] = [
  ['/api/public/v2/scores', 'v2'],
  ['/api/public/scores', 'v1'],
];

export const SCORE_READ_ENDPOINTS: Endpoint[] = SCORE_PATHS.flatMap(([path, api]): Endpoint[] => [
  {
    method: 'get',
    path,
    summary: `Scores (Langfuse's ${api} list), newest first, filtered`,
    tag: 'langfuse',
    auth: 'bearer-or-basic',
    query: ScoreListParams,
    responses: { 200: { description: 'A page of scores', json: ScoreListResponse } },
  },
  {
    method: 'get',
    path: `${path}/:scoreId`,
    summary: `One score (Langfuse's ${api} shape)`,
    tag: 'langfuse',
    auth: 'bearer-or-basic',
    params: { scoreId: ScoreId },
    responses: { 200: { description: 'The score', json: ScoreOutput } },
  },
]);

/** GET /api/public/v2/scores[/:scoreId] and the v1 /api/public/scores[/:scoreId]. */
export function scoreRoutes(deps: QueryDeps) {
  const app = new Hono();
  for (const [path, api] of SCORE_PATHS) {
    app.get(path, async (c) => {
      const params = validate(ScoreListParams, queryObject(c));
      return c.json(await listScores(deps.db, projectOf(c), params, api, c.req.raw.signal));
    });
    app.get(`${path}/:scoreId`, async (c) => {
      const id = validate(ScoreId, c.req.param('scoreId'), 'scoreId');
      const score = await getScore(deps.db, projectOf(c), id, api, c.req.raw.signal);
      if (!score) throw notFoundError(`score ${idInMessage(id)} not found`);
      return c.json(score);
    });
  }
  return app;
}
