import { microsToCh } from '@spanhouse/schema';
import { tsvField } from '../tsv/fields.ts';
import { LineBytes } from '../tsv/line-bytes.ts';
import type { ScoreRow } from './rows.ts';

export const SCORE_COLUMNS: [string, ...string[]] = [
  'trace_id',
  'id',
  'version',
  'is_deleted',
  'timestamp',
  'created_at',
  'name',
  'value',
  'string_value',
  'data_type',
  'source',
  'observation_id',
  'session_id',
  'dataset_run_id',
  'comment',
  'metadata',
  'environment',
  'config_id',
  'queue_id',
];

export function encodeScoresTsv(rows: readonly ScoreRow[]): Buffer {
  const out = new LineBytes(rows.length * 256);
  for (const s of rows) {
    out.line(
      `${tsvField(s.trace_id)}\t${tsvField(s.id)}\t${s.version}\t${s.is_deleted}\t${microsToCh(s.timestamp)}\t` +
        `${microsToCh(s.created_at)}\t${tsvField(s.name)}\t${String(s.value)}\t${tsvField(s.string_value)}\t` +
        `${s.data_type}\t${tsvField(s.source)}\t${tsvField(s.observation_id)}\t${tsvField(s.session_id)}\t` +
        `${tsvField(s.dataset_run_id)}\t${tsvField(s.comment)}\t${tsvField(s.metadata)}\t${tsvField(s.environment)}\t` +
        `${tsvField(s.config_id)}\t${tsvField(s.queue_id)}\n`,
    );
  }
  return out.bytes();
}
