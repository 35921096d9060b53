/**
 * Settings of the ingest log's inserts (Db.insertText, Db.insertRowBinary), in both modes, set on
 * each insert rather than on the writer's session, so the writer connection's other statements
 * (projects, keys, migrations) keep the engine's defaults.
 *
 * `optimize_on_insert = 0`: the engine does not fold the rows of one key within an insert block
 * before writing its part. Every table the log writes keeps pieces that reads fold (`FINAL`, or an
 * aggregation by key) and merges fold again, so the folding at insert changed nothing a read
 * returns, yet it sorted and aggregated every block a second time: the trace rows' maps alone made
 * an insert of 1,000 traces take 112 ms instead of 40. Two pieces of one key in one insert are now
 * two stored rows until their part merges, as pieces from two inserts always were.
 * Figures: docs/decisions/0079-writer-connections-and-unfolded-inserts.md.
 */
export const LOG_INSERT_SETTINGS = {
  optimize_on_insert: 0,
} as const;

/** The settings as the SETTINGS clause of a query's text (an INSERT ... SELECT on chDB). */
export function settingsClause(settings: Readonly<Record<string, number>>): string {
  return Object.entries(settings)
    .map(([name, value]) => `${name} = ${value}`)
    .join(', ');
}
