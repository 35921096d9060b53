import { TABLES } from '@spanhouse/db/tables';
import { microsToCh, type ScoreDataType } from '@spanhouse/schema';
import { str } from './decode-values.ts';
import type { TableEncoding, TableRows } from './encoded.ts';
import { WRITTEN_COLUMN } from './trace-deletions.ts';
import { tsvField } from './tsv/fields.ts';
import { LineBytes } from './tsv/line-bytes.ts';
import { nextVersion } from './versioned.ts';

/*
 * `scores_v2` (clickhouse/0008, 0021, ReplacingMergeTree(version, is_deleted)): a re-sent score replaces
 * itself, a delete writes a newer version marked deleted; a materialized view copies each row
 * into `score_times` (same columns, sorted by time). Writer: ScoreRow, SCORE_COLUMNS,
 * encodeScores. Readers: SCORE_FIELDS (read with FINAL) as a select list or one tuple, decodeScore.
 */

/** Row of `scores`; times in microseconds. */
export type ScoreRow = {
  project_id: string;
  trace_id: string;
  id: string;
  version: number;
  is_deleted: 0 | 1;
  timestamp: number;
  created_at: number;
  name: string;
  value: number;
  string_value: string;
  data_type: ScoreDataType;
  source: string;
  observation_id: string;
  session_id: string;
  dataset_run_id: string;
  comment: string;
  /** JSON text; '' when absent. */
  metadata: string;
  environment: string;
  config_id: string;
  queue_id: string;
};

export const SCORE_COLUMNS: [string, ...string[]] = [
  'project_id',
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
  WRITTEN_COLUMN,
];

export const SCORES_ENCODING: TableEncoding = { columns: SCORE_COLUMNS, format: 'TabSeparated' };

export function encodeScoresTsv(rows: readonly ScoreRow[]): Buffer {
  const out = new LineBytes(rows.length * 256);
  const written = nextVersion();
  for (const s of rows) {
    out.line(
      `${tsvField(s.project_id)}\t${tsvField(s.trace_id)}\t${tsvField(s.id)}\t${s.version}\t${s.is_deleted}\t${microsToCh(s.timestamp)}\t` +
        `${microsToCh(s.created_at)}\t${tsvField(s.name)}\t${String(s.value)}\t${tsvField(s.string_value)}\t` +
        `${s.data_type}\t${tsvField(s.source)}\t${tsvField(s.observation_id)}\t${tsvField(s.session_id)}\t` +
        `${tsvField(s.dataset_run_id)}\t${tsvField(s.comment)}\t${tsvField(s.metadata)}\t${tsvField(s.environment)}\t` +
        `${tsvField(s.config_id)}\t${tsvField(s.queue_id)}\t${written}\n`,
    );
  }
  return out.bytes();
}

/** Score rows as the writer takes them. */
export function encodeScores(rows: readonly ScoreRow[]): TableRows {
  return { [TABLES.scores]: { bytes: encodeScoresTsv(rows), rows: rows.length } };
}

// ---------------------------------------------------------------------------------------------
// Reading (FROM scores FINAL: the latest version of each score, deleted ones gone)

/** What every score reader selects, by output name; times as microseconds. */
export const SCORE_FIELDS: [name: string, expr: string][] = [
  ['id', 'id'],
  ['trace_id', 'trace_id'],
  ['timestamp_us', 'toUnixTimestamp64Micro(timestamp)'],
  ['created_at_us', 'toUnixTimestamp64Micro(created_at)'],
  ['version', 'version'],
  ['is_deleted', 'is_deleted'],
  ['name', 'name'],
  ['value', 'value'],
  ['string_value', 'string_value'],
  ['data_type', 'data_type'],
  ['source', 'source'],
  ['observation_id', 'observation_id'],
  ['session_id', 'session_id'],
  ['dataset_run_id', 'dataset_run_id'],
  ['comment', 'comment'],
  ['metadata', 'metadata'],
  ['environment', 'environment'],
  ['config_id', 'config_id'],
  ['queue_id', 'queue_id'],
  ['project_id', 'project_id'],
];

export const SCORE_SELECT = SCORE_FIELDS.map(([name, expr]) => `${expr} AS ${name}`).join(', ');
export const SCORE_TUPLE = `(${SCORE_FIELDS.map(([, expr]) => expr).join(', ')})`;

/** The column SCORE_SELECT orders by time under (its alias of `timestamp`). */
export const SCORE_TIME = 'timestamp_us';

/** SQL: a lambda ordering SCORE_TUPLEs newest first, ties by id (arraySort(..., groupArray(SCORE_TUPLE))). */
export const SCORE_TUPLES_NEWEST_FIRST = (() => {
  const at = (name: string) => SCORE_FIELDS.findIndex(([n]) => n === name) + 1;
  return `s -> (-s.${at('timestamp_us')}, s.${at('id')})`;
})();

/** One score selected by SCORE_FIELDS (as named columns) to its row. */
export function decodeScore(r: Record<string, unknown>): ScoreRow {
  return {
    project_id: str(r.project_id),
    trace_id: str(r.trace_id),
    id: str(r.id),
    version: Number(r.version),
    is_deleted: Number(r.is_deleted) === 1 ? 1 : 0,
    timestamp: Number(r.timestamp_us),
    created_at: Number(r.created_at_us),
    name: str(r.name),
    value: Number(r.value),
    string_value: str(r.string_value),
    data_type: str(r.data_type) as ScoreDataType,
    source: str(r.source),
    observation_id: str(r.observation_id),
    session_id: str(r.session_id),
    dataset_run_id: str(r.dataset_run_id),
    comment: str(r.comment),
    metadata: str(r.metadata),
    environment: str(r.environment),
    config_id: str(r.config_id),
    queue_id: str(r.queue_id),
  };
}

/** A score selected as SCORE_TUPLE to its row. */
export function decodeScoreTuple(tuple: unknown): ScoreRow {
  const values = Array.isArray(tuple) ? tuple : [];
  return decodeScore(Object.fromEntries(SCORE_FIELDS.map(([name], i) => [name, values[i]])));
}
