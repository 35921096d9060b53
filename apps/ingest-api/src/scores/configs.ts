import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import { decodeScoreConfig, scoreConfigsSql } from '@spanhouse/store';
import type { ScoreConfigsById } from './against-config.ts';

/**
 * The project's configs of `ids`, read when the scores naming them arrive: no cache, since a config
 * is changed by the query process and its change applies to the next score (docs/langfuse.md#score-configs).
 * No read for no ids.
 */
export async function scoreConfigsOf(db: Db, project: string, ids: readonly string[]): Promise<ScoreConfigsById> {
  if (ids.length === 0) return new Map();
  const p = new ProjectParams(project);
  const rows = await queryRows(db, {
    sql: scoreConfigsSql(p, { ids: [...new Set(ids)] }),
    params: p.params,
    tag: 'ingest.score-configs',
    map: decodeScoreConfig,
  });
  return new Map(rows.map((r) => [r.id, r]));
}
