import { TABLES } from '@spanhouse/db/tables';
import type { TableEncoding, TableRows } from './encoded.ts';
import { tsvField, tsvValue } from './tsv/fields.ts';
import { nextVersion } from './versioned.ts';

/*
 * `trace_deletions_v2` (clickhouse/0031): one tombstone per deleted trace, with when the deletion
 * was accepted (`deleted_us`). The rows of the trace tables carry when they were accepted
 * (`written_us`, WRITTEN_COLUMN, stamped by their encoders); a read leaves out the rows of a
 * tombstoned trace written before its tombstone (tombstoneConditions, added by fromProject), so a
 * trace sent again after its deletion is read again. Both times come from nextVersion: monotonic
 * in a process, so a row encoded before a deletion in the same process is always older.
 * Writer: encodeTraceDeletions (through the ingest log). Reader: the `trace_tombstones` dictionary.
 */

/** The column every row of the trace tables carries its acceptance time in (µs). */
export const WRITTEN_COLUMN = 'written_us';

export const TRACE_DELETION_COLUMNS: [string, ...string[]] = ['project_id', 'trace_id', 'deleted_us'];

export const TRACE_DELETIONS_ENCODING: TableEncoding = { columns: TRACE_DELETION_COLUMNS, format: 'TabSeparated' };

/** Any character a TabSeparated field escapes (tsvField). */
const TSV_SPECIAL = /[\\\t\n\r]/;

/**
 * Ids encoded per string: the text of 1,000 tombstones (about 60 KB for UUIDs) stays below V8's
 * large-object size (128 KiB), so it is allocated and freed in the young generation.
 */
const IDS_PER_STRING = 1000;

/**
 * Tombstones for `traceIds` of `project`, deleted now. The lines differ only in their id, so they
 * are joins of the ids, in slices of IDS_PER_STRING: a request of 10,000 ids (DELETE
 * /api/public/traces) runs a few native joins and checks instead of a call per id, fast from its
 * first run, and leaves no half-megabyte string of lines on the heap, which would be allocated in
 * the old generation and bring the next full garbage collection (a pause of every request) closer.
 */
export function encodeTraceDeletions(project: string, traceIds: Iterable<string>): TableRows {
  const ids = Array.isArray(traceIds) ? (traceIds as readonly string[]) : [...traceIds];
  if (ids.length === 0) return { [TABLES.traceDeletions]: { bytes: Buffer.alloc(0), rows: 0 } };
  const head = `${tsvField(project)}\t`;
  const tail = `\t${nextVersion()}\n`;
  const parts: Buffer[] = [];
  for (let from = 0; from < ids.length; from += IDS_PER_STRING) {
    const slice = ids.slice(from, from + IDS_PER_STRING);
    // One scan of the slice's ids (joined by a character no escape involves) finds whether any id
    // needs escaping; UUIDs and other ids of printable characters never do.
    const fields = TSV_SPECIAL.test(slice.join('\0')) ? slice.map(tsvField) : slice;
    parts.push(Buffer.from(`${head}${fields.join(`${tail}${head}`)}${tail}`));
  }
  return {
    [TABLES.traceDeletions]: { bytes: parts.length === 1 ? parts[0]! : Buffer.concat(parts), rows: ids.length },
  };
}

/** When the tombstones of one project in an insert were written: the earliest and latest `deleted_us`. */
export type DeletionTimes = { fromUs: number; toUs: number };

/** The times of the tombstones encodeTraceDeletions wrote (bytes of TabSeparated lines), by project. */
export function deletionTimesOf(data: Buffer): Map<string, DeletionTimes> {
  const byProject = new Map<string, DeletionTimes>();
  for (const line of data.toString('utf8').split('\n')) {
    if (line === '') continue;
    const [project, , deletedUs] = line.split('\t');
    const at = Number(deletedUs);
    widenDeletionTimes(byProject, tsvValue(project!), { fromUs: at, toUs: at });
  }
  return byProject;
}

/** Widens `project`'s times in `byProject` to cover `times` too (adds them when it has none). */
export function widenDeletionTimes(byProject: Map<string, DeletionTimes>, project: string, times: DeletionTimes): void {
  const known = byProject.get(project);
  if (known) {
    known.fromUs = Math.min(known.fromUs, times.fromUs);
    known.toUs = Math.max(known.toUs, times.toUs);
  } else byProject.set(project, { ...times });
}

/**
 * The dictionary the reads look tombstones up in (clickhouse/0049), reloaded after each insert of
 * tombstones: keyed by `cityHash64(project, trace)`, with the latest `deleted_us` and `check`, a
 * second hash of the same pair.
 */
export const TRACE_DELETIONS_DICTIONARY = 'trace_tombstones';

/**
 * Tables whose inserts a dictionary serves, by table: the writer reloads the dictionary once the
 * insert is done, so what it holds is read from the insert's commit on.
 */
export const DICTIONARY_OF_TABLE: Readonly<Record<string, string>> = {
  [TABLES.traceDeletions]: TRACE_DELETIONS_DICTIONARY,
};

/** Per table with a written time, the column naming each row's trace. */
const TRACE_ID_COLUMN: Readonly<Record<string, string>> = {
  [TABLES.traces]: 'id',
  [TABLES.observationPieces]: 'trace_id',
  [TABLES.scores]: 'trace_id',
  [TABLES.scoreTimes]: 'trace_id',
  [TABLES.traceSearch]: 'trace_id',
};

/** The tables whose rows carry a trace id and a written time: what a trace's tombstone hides. */
export const TRACE_ROW_TABLES: readonly string[] = Object.keys(TRACE_ID_COLUMN);

/** The column of `table` naming each row's trace (`id` in traces). */
export function traceIdColumn(table: string): string {
  const column = TRACE_ID_COLUMN[table];
  if (!column) throw new Error(`${table} has no trace id column`);
  return column;
}

/**
 * The condition that keeps the rows of `table` not deleted: written at or after the latest
 * tombstone of their trace (0, the rows stored before tombstones existed, when there is none).
 * One hash lookup per row read, on the pair's 64-bit hash; a row older than the tombstone found is
 * still kept when the tombstone's second hash differs from the row's (another trace whose first
 * hash collides), a check the OR evaluates only for those rows. Columns named with their table, as
 * the retention's are.
 */
export function tombstoneConditions(table: string, opts: { scan?: boolean; trace?: string } = {}): string[] {
  const column = TRACE_ID_COLUMN[table];
  if (!column) return [];
  // A read of one trace names its id as a parameter: the lookup is then a constant of the query,
  // made once while planning instead of per row.
  const traceId = opts.trace ?? `${table}.${column}`;
  const key = `cityHash64({project:String}, ${traceId})`;
  const tombstone = (attribute: string) =>
    `dictGetOrDefault('${TRACE_DELETIONS_DICTIONARY}', '${attribute}', ${key}, toUInt64(0))`;
  const check = `${tombstone('check')} != sipHash64({project:String}, ${traceId})`;
  const lookup = `(${table}.${WRITTEN_COLUMN} >= ${tombstone('deleted_us')} OR ${check})`;
  // A scan of many rows pays the lookup mostly in reading every row's trace id; where the project
  // has no unsettled tombstone the condition is a constant true, so the id is not read for it at
  // all: a settled tombstone's older rows are masked in the parts and can no longer arrive
  // (decision 0090), so its lookup could only keep the rows a read finds.
  if (opts.scan && table !== TABLES.traceSearch) return [`(${allSettled(table)} OR ${lookup})`];
  if (table !== TABLES.traceSearch) return [lookup];
  // The search reads every row holding a common term: a row written at or after the project's
  // latest tombstone is kept without its lookup (the OR's second operand is evaluated only for the
  // others), which is every row in a project without tombstones. Decision 0048.
  return [`(${allSettled(table)} OR ${table}.${WRITTEN_COLUMN} >= ${LATEST_TOMBSTONE} OR ${lookup})`];
}

/** SQL: the project's latest tombstone time (0 when it has none), read once per query. */
const LATEST_TOMBSTONE = `(SELECT max(deleted_us) FROM ${TABLES.traceDeletions} WHERE project_id = {project:String})`;

/**
 * SQL: per trace table (`table_name`), the time up to which every tombstone is settled in it
 * (`settled_us`; clickhouse/0059, decision 0095): the latest mark the writer stored. A table
 * without a row has none settled (server and cluster mode, or a store before its first settlement).
 */
export const SETTLED_US_SQL = `SELECT table_name, argMax(settled_us, at_us) AS settled_us FROM ${TABLES.traceTombstonesSettled} GROUP BY table_name`;

/**
 * SQL: whether every tombstone of the project is settled in `table` (true for a project without
 * any), read once per query. A tombstone is in the deletions table before the dictionary holds it
 * and before it can be settled, so a new one makes this false from its insert on. The table's
 * name is one of ours, never a request's.
 */
export function allSettled(table: string): string {
  const mark = `SELECT argMax(settled_us, at_us) FROM ${TABLES.traceTombstonesSettled} WHERE table_name = '${table}'`;
  return `(${LATEST_TOMBSTONE} <= (${mark}))`;
}
