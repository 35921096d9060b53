import { randomUUID } from 'node:crypto';
import { limitBody, notFoundError, readJsonObject, validate } from '@spanhouse/http';
import { EntityId, ScoreBody } from '@spanhouse/schema';
import { Hono } from 'hono';
import type { IngestDeps } from '../deps.ts';
import { currentScore } from '../scores/current.ts';
import { scoreRowOf } from '../scores/rows.ts';
import { scoreRowsForSubmit, useScoreEncoder } from '../scores/submit.ts';
import { nextVersion } from '../traces/rows.ts';

/**
 * POST /api/public/scores (200 `{id}` once stored; a re-sent id replaces the score) and
 * DELETE /api/public/scores/:scoreId (202 once a tombstone, a newer version marked deleted, is
 * stored; 404 for an unknown or already deleted score).
 */
export function scoreWriteRoutes(deps: IngestDeps) {
  useScoreEncoder(deps.ingestor);
  return new Hono()
    .post('/api/public/scores', limitBody(deps.config.limits.bodyBytes), async (c) => {
      const body = validate(ScoreBody, await readJsonObject(c));
      const nowUs = Date.now() * 1000;
      const id = body.id || randomUUID();
      const row = scoreRowOf(body, { id, timestampUs: nowUs, version: nextVersion(), nowUs });
      await deps.ingestor.submit(scoreRowsForSubmit([row]));
      return c.json({ id });
    })
    .delete('/api/public/scores/:scoreId', async (c) => {
      const id = validate(EntityId, c.req.param('scoreId'), 'scoreId');
      const score = await currentScore(deps.db, id);
      if (!score) throw notFoundError(`score ${id} not found`);
      // Newer than the stored version even when a sender's clock runs ahead of ours.
      const version = Math.max(nextVersion(), score.version + 1);
      await deps.ingestor.submit(
        scoreRowsForSubmit([{ ...score, version, is_deleted: 1, created_at: Date.now() * 1000 }]),
      );
      return c.json({ message: 'Score deleted' }, 202);
    });
}
