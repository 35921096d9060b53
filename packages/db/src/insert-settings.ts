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

/**
 * `max_partitions_per_insert_block = 0` (no limit): the metric tables are partitioned by month
 * (samples and non-finite samples by toYYYYMM(ts), the per-minute rows their view fills by 31-day
 * blocks; clickhouse/0021), and a point may be of any time from 1970 to 2199, so one insert block
 * (a backfill of a few years, or the points of several requests the log's writer gathers) can span
 * more than the engine's default of 100 partitions. The engine refuses such a block whole with an
 * error no retry cures: the log's writer would retry it forever, and every metric point
 * acknowledged after it, of every project, would wait behind it. Each partition an insert touches
 * costs a part, folded by merges as any other.
 */
const ANY_PARTITIONS = { max_partitions_per_insert_block: 0 } as const;

const PARTITIONED_TABLES: ReadonlySet<string> = new Set([
  TABLES.metricSamples,
  TABLES.metricNonFinite,
  TABLES.metricMinutes,
]);

/** The settings of the log's insert into `table` (empty for tables that keep the engine's defaults). */
export function logInsertSettings(table: string): Readonly<Record<string, number>> {
  if (TABLES_WITH_PIECES_AS_SENT.has(table)) return PIECES_AS_SENT;
  return PARTITIONED_TABLES.has(table) ? ANY_PARTITIONS : {};
}

/** The settings as the SETTINGS clause of a query's text (empty without settings). */
export function settingsClause(settings: Readonly<Record<string, number>>): string {
  const entries = Object.entries(settings);
  return entries.length === 0 ? '' : ` SETTINGS ${entries.map(([name, value]) => `${name} = ${value}`).join(', ')}`;
}
