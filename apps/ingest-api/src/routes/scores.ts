import { randomUUID } from 'node:crypto';
import { TABLES } from '@spanhouse/db';
import {
  admit,
  bodyText,
  type Endpoint,
  notFoundError,
  parseJsonObject,
  projectOf,
  readBody,
  validate,
} from '@spanhouse/http';
import { EntityId, MessageResponse, ScoreBody, ScoreCreateResponse } from '@spanhouse/schema';
import { encodeScores, nextVersion } from '@spanhouse/store';
import { Hono } from 'hono';
import type { IngestDeps } from '../deps.ts';
import type { RecentWrites } from '../log-sink/recent-writes.ts';
import { scoreConfigsOf } from '../scores/configs.ts';
import { currentScore } from '../scores/current.ts';
import { scoreRowOf } from '../scores/rows.ts';
import { answeringForTheLog, storeRows } from './log-refusals.ts';

export const SCORE_WRITE_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/api/public/scores',
    summary: 'Create a score (a re-sent id replaces it); answered once durable (Spanhouse-Wait: commit: once readable)',
    tag: 'langfuse',
    auth: 'bearer-or-basic',
    body: { json: ScoreBody },
    responses: { 200: { description: 'Durable', json: ScoreCreateResponse } },
  },
  {
    method: 'delete',
    path: '/api/public/scores/:scoreId',
    summary: 'Delete a score (a tombstone, a newer version marked deleted); answered once durable',
    tag: 'langfuse',
    auth: 'bearer-or-basic',
    params: { scoreId: EntityId },
    responses: { 202: { description: 'The tombstone is durable', json: MessageResponse } },
  },
];

/**
 * POST /api/public/scores (200 `{id}` once durable; a re-sent id replaces the score; a score that
 * names a config is checked against it: 404 for an unknown config, 400 for a score that breaks it) and
 * DELETE /api/public/scores/:scoreId (202 once a tombstone, a newer version marked deleted, is
 * durable; 404 for an unknown or already deleted score).
 */
export function scoreWriteRoutes(deps: IngestDeps, recent: RecentWrites) {
  const { limits } = deps.config;
  return new Hono()
    .post('/api/public/scores', admit(deps.admission, limits.bodyBytes), async (c) => {
      const body = validate(ScoreBody, parseJsonObject(bodyText(await readBody(c, limits))));
      const nowUs = Date.now() * 1000;
      const id = body.id || randomUUID();
      const project = projectOf(c);
      const configs = await scoreConfigsOf(deps.db, project, body.configId ? [body.configId] : []);
      const row = scoreRowOf(body, { project, id, timestampUs: nowUs, version: nextVersion(), nowUs }, configs);
      recent.note(await storeRows(c, deps, encodeScores([row])));
      return c.json({ id });
    })
    .delete('/api/public/scores/:scoreId', async (c) => {
      const id = validate(EntityId, c.req.param('scoreId'), 'scoreId');
      const project = projectOf(c);
      // A score acknowledged a moment ago may not be readable yet: look again once it is.
      const score =
        (await currentScore(deps.db, project, id)) ??
        ((await answeringForTheLog(() => recent.committed(deps.ingestor, TABLES.scores)))
          ? await currentScore(deps.db, project, id)
          : undefined);
      if (!score) throw notFoundError(`score ${id} not found`);
      // Newer than the stored version even when a sender's clock runs ahead of ours.
      const version = Math.max(nextVersion(), score.version + 1);
      const tombstone = { ...score, version, is_deleted: 1 as const, created_at: Date.now() * 1000 };
      recent.note(await storeRows(c, deps, encodeScores([tombstone])));
      return c.json({ message: 'Score deleted' }, 202);
    });
}
