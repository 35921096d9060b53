import { TABLES } from '@spanhouse/db';
import type { Ingestor } from '../buffer/ingestor.ts';
import { encodedRows, flushText } from '../traces/encode.ts';
import { encodeScoresTsv, SCORE_COLUMNS } from './encode.ts';
import type { ScoreRow } from './rows.ts';

/** A request's score rows as the ingest buffer takes them (Ingestor.submit), encoded now. */
export function scoreRowsForSubmit(rows: readonly ScoreRow[]): Record<string, object[]> {
  return { [TABLES.scores]: encodedRows(encodeScoresTsv(rows), rows.length) };
}

/** Writes `scores` as TabSeparated (call when a route that stores scores is built). */
export function useScoreEncoder(ingestor: Pick<Ingestor, 'encodeWith'>): void {
  ingestor.encodeWith(TABLES.scores, {
    format: 'TabSeparated',
    columns: SCORE_COLUMNS,
    encode: (rows) => flushText(rows, encodeScoresTsv),
  });
}
