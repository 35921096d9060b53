import { notFoundError, queryObject, validate } from '@spanhouse/http';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { QueryDeps } from '../deps.ts';
import { getScore, listScores, type ScoreApi } from '../scores/list.ts';
import { ScoreListParams } from '../scores/params.ts';

const ScoreId = v.pipe(v.string(), v.minLength(1), v.maxLength(256, 'scoreId must be at most 256 characters'));

/** GET /api/public/v2/scores[/:scoreId] and the v1 /api/public/scores[/:scoreId]. */
export function scoreRoutes(deps: QueryDeps) {
  const app = new Hono();
  for (const [path, api] of [
    ['/api/public/v2/scores', 'v2'],
    ['/api/public/scores', 'v1'],
  ] as [string, ScoreApi][]) {
    app.get(path, async (c) => {
      const params = validate(ScoreListParams, queryObject(c));
      return c.json(await listScores(deps.db, params, api, c.req.raw.signal));
    });
    app.get(`${path}/:scoreId`, async (c) => {
      const id = validate(ScoreId, c.req.param('scoreId'), 'scoreId');
      const score = await getScore(deps.db, id, api, c.req.raw.signal);
      if (!score) throw notFoundError(`score ${id} not found`);
      return c.json(score);
    });
  }
  return app;
}
