import { TABLES } from './tables.ts';

/**
 * Settings of the ingest log's inserts into the trace rows and the observation pieces
 * (Db.insertText, Db.insertRowBinary), in both modes, set on each insert rather than on the
 * writer's session, so the writer connection's other statements (projects, keys, migrations) keep
 * the engine's defaults.
 *
 * `optimize_on_insert = 0`: the engine does not fold the rows of one key within an insert block
 * before writing its part. Those two tables, and the tables their views feed (search documents,
 * observation start times, trace days), keep pieces that every read folds (`FINAL`, or an
 * aggregation by key) and merges fold again, so the folding at insert changed nothing a read
 * returns, yet it sorted and aggregated every block a second time: the trace rows' maps alone made
 * an insert of 1,000 traces take 112 ms instead of 40. Two pieces of one key sent in one insert are
 * now two stored rows until their part merges, as pieces from two inserts always were. Other
 * tables keep the default: the metric reads count on a sample re-sent within one insert being
 * stored once (their plan reads without FINAL first).
 * Figures: docs/decisions/0079-writer-connections-and-unfolded-inserts.md.
 */
const PIECES_AS_SENT = { optimize_on_insert: 0 } as const;

const TABLES_WITH_PIECES_AS_SENT: ReadonlySet<string> = new Set([TABLES.traces, TABLES.observationPieces]);

/** The settings of the log's insert into `table` (empty for tables that keep the engine's defaults). */
export function logInsertSettings(table: string): Readonly<Record<string, number>> {
  return TABLES_WITH_PIECES_AS_SENT.has(table) ? PIECES_AS_SENT : {};
}

/** The settings as the SETTINGS clause of a query's text (empty without settings). */
export function settingsClause(settings: Readonly<Record<string, number>>): string {
  const entries = Object.entries(settings);
  return entries.length === 0 ? '' : ` SETTINGS ${entries.map(([name, value]) => `${name} = ${value}`).join(', ')}`;
}
