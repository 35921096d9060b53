import { type Db, ParamBuilder, queryRows } from '@spanhouse/db';
import { decodeScore, SCORE_SELECT, type ScoreRow, TABLES } from '@spanhouse/store';

/** The stored (latest, not deleted) version of a score, or undefined. */
export async function currentScore(db: Db, id: string): Promise<ScoreRow | undefined> {
  const p = new ParamBuilder();
  const [row] = await queryRows(db, {
    sql: `SELECT ${SCORE_SELECT} FROM ${TABLES.scores} FINAL WHERE id = ${p.add(id, 'String')} LIMIT 1`,
    params: p.params,
    tag: 'scores.current',
    map: decodeScore,
  });
  return row;
}
