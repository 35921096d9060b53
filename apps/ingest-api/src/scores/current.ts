import { type Db, ParamBuilder, queryRows, TABLES } from '@spanhouse/db';
import type { ScoreDataType } from '@spanhouse/schema';
import type { ScoreRow } from './rows.ts';

/** The stored (latest, not deleted) version of a score, or undefined. */
export async function currentScore(db: Db, id: string): Promise<ScoreRow | undefined> {
  const p = new ParamBuilder();
  const [row] = await queryRows(db, {
    sql: `
      SELECT trace_id, id, version, toUnixTimestamp64Micro(timestamp) AS ts, name, value, string_value, data_type,
        source, observation_id, session_id, dataset_run_id, comment, metadata, environment, config_id, queue_id
      FROM ${TABLES.scores} FINAL WHERE id = ${p.add(id, 'String')} LIMIT 1`,
    params: p.params,
    tag: 'scores.current',
    map: (r): ScoreRow => ({
      trace_id: String(r.trace_id),
      id: String(r.id),
      version: Number(r.version),
      is_deleted: 0,
      timestamp: Number(r.ts),
      created_at: 0,
      name: String(r.name),
      value: Number(r.value),
      string_value: String(r.string_value),
      data_type: String(r.data_type) as ScoreDataType,
      source: String(r.source),
      observation_id: String(r.observation_id),
      session_id: String(r.session_id),
      dataset_run_id: String(r.dataset_run_id),
      comment: String(r.comment),
      metadata: String(r.metadata),
      environment: String(r.environment),
      config_id: String(r.config_id),
      queue_id: String(r.queue_id),
    }),
  });
  return row;
}
