import { TABLES } from '@spanhouse/db';
import type { TableRows } from '../log-sink/ingestor.ts';
import { encodeScoresTsv } from './encode.ts';
import type { ScoreRow } from './rows.ts';

/** A request's score rows as the ingestor takes them (storeRows): encoded when the request arrives. */
export function scoreTableRows(rows: readonly ScoreRow[]): TableRows {
  return { [TABLES.scores]: { bytes: encodeScoresTsv(rows), rows: rows.length } };
}
