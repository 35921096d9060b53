import { bodyText, type Endpoint, parseJsonObject, projectOf, queryObject, readBody, validate } from '@spanhouse/http';
import {
  ScoreConfigCreateBody,
  ScoreConfigId,
  ScoreConfigList,
  ScoreConfigOutput,
  ScoreConfigUpdateBody,
} from '@spanhouse/schema';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { QueryDeps } from '../deps.ts';
import { Int } from '../query-params.ts';
import { configNotFound, ScoreConfigs, scoreConfigOutput } from '../score-configs/configs.ts';

/** Langfuse's pages of configs: page from 1, limit 1 to 100, 50 by default. */
const ScoreConfigListParams = v.object({
  page: Int('page', 1, 1_000_000, 1),
  limit: Int('limit', 1, 100, 50),
});

const ConfigPath = { configId: ScoreConfigId };

export const SCORE_CONFIG_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/public/score-configs',
    summary: "The project's score configs, newest first (Langfuse's list)",
    tag: 'langfuse',
    auth: 'bearer-or-basic',
    query: ScoreConfigListParams,
    responses: { 200: { description: 'A page of configs', json: ScoreConfigList } },
  },
  {
    method: 'post',
    path: '/api/public/score-configs',
    summary: 'Create a score config (BOOLEAN categories generated); answered once stored',
    tag: 'langfuse',
    auth: 'bearer-or-basic',
    body: { json: ScoreConfigCreateBody },
    responses: { 200: { description: 'The config', json: ScoreConfigOutput } },
  },
  {
    method: 'get',
    path: '/api/public/score-configs/:configId',
    summary: 'One score config',
    tag: 'langfuse',
    auth: 'bearer-or-basic',
    params: ConfigPath,
    responses: { 200: { description: 'The config', json: ScoreConfigOutput } },
  },
  {
    method: 'patch',
    path: '/api/public/score-configs/:configId',
    summary: 'Update a score config (archive, rename, range, categories, description); answered once stored',
    tag: 'langfuse',
    auth: 'bearer-or-basic',
    params: ConfigPath,
    body: { json: ScoreConfigUpdateBody },
    responses: { 200: { description: 'The config', json: ScoreConfigOutput } },
  },
];

const configIdOf = (c: Context) => validate(ScoreConfigId, c.req.param('configId'), 'configId');

/**
 * Langfuse's score configs (docs/langfuse.md#score-configs). Served by the query process, writes
 * included: a config is read back at once (a GET, an update, a score naming it), so each change is
 * stored before it is answered, as the admin API's changes are, not through an ingest log.
 */
export function scoreConfigRoutes(deps: QueryDeps) {
  const configs = new ScoreConfigs(deps.db);
  const body = async (c: Context) => parseJsonObject(bodyText(await readBody(c, deps.config.limits)));
  return new Hono()
    .get('/api/public/score-configs', async (c) => {
      const { page, limit } = validate(ScoreConfigListParams, queryObject(c));
      const { rows, total } = await configs.list(projectOf(c), page, limit, c.req.raw.signal);
      return c.json({
        data: rows.map(scoreConfigOutput),
        meta: { page, limit, totalItems: total, totalPages: Math.ceil(total / limit) },
      });
    })
    .post('/api/public/score-configs', async (c) => {
      const created = await configs.create(projectOf(c), validate(ScoreConfigCreateBody, await body(c)));
      return c.json(scoreConfigOutput(created));
    })
    .get('/api/public/score-configs/:configId', async (c) => {
      const config = await configs.get(projectOf(c), configIdOf(c), c.req.raw.signal);
      if (!config) throw configNotFound();
      return c.json(scoreConfigOutput(config));
    })
    .patch('/api/public/score-configs/:configId', async (c) => {
      const id = configIdOf(c);
      const updated = await configs.update(projectOf(c), id, validate(ScoreConfigUpdateBody, await body(c)));
      return c.json(scoreConfigOutput(updated));
    });
}
