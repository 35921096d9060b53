import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import { decodeScore, fromProject, SCORE_SELECT, type ScoreRow, TABLES } from '@spanhouse/store';

/** The stored (latest, not deleted) version of a project's score, or undefined. */
export async function currentScore(db: Db, project: string, id: string): Promise<ScoreRow | undefined> {
  const p = new ProjectParams(project);
  const [row] = await queryRows(db, {
    sql: `SELECT ${SCORE_SELECT} ${fromProject(TABLES.scores, p, { final: true })} AND id = ${p.add(id, 'String')} LIMIT 1`,
    params: p.params,
    tag: 'scores.current',
    map: decodeScore,
  });
  return row;
}
