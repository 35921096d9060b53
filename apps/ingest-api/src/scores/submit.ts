import { TABLES } from '@spanhouse/db';
import { tsvTable } from '../traces/encode.ts';
import { encodeScoresTsv, SCORE_COLUMNS } from './encode.ts';
import type { ScoreRow } from './rows.ts';

const scores = tsvTable<ScoreRow>(TABLES.scores, SCORE_COLUMNS, encodeScoresTsv);

/** A request's score rows as the ingest buffer takes them (Ingestor.submit), encoded now. */
export const scoreRowsForSubmit = scores.rowsForSubmit;
/** Writes `scores` as TabSeparated (call when a route that stores scores is built). */
export const useScoreEncoder = scores.use;
