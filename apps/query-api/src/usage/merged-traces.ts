import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import { andAll, fromProject, TABLES } from '@spanhouse/store';

/*
 * The daily report reads the trace rows of whole days, with their per-model summary maps. Read
 * with FINAL, the engine merges every row it reads, and the maps' merge (sumMap per row) is most
 * of the report's time, though most traces are stored in one row once their pieces have merged.
 * A trace stored in one row is its merged row: such traces are read as stored, and only the
 * traces stored in several rows are read with FINAL, by key. Both answer what FINAL over all
 * would; the rows a merge would take in are counted whole (past retention, of deleted traces),
 * as a merge takes them in. A merge between the two reads changes nothing (a trace merged into one
 * row is still read by key with FINAL). A trace that gains its second row between them is read as
 * its two stored rows: that one answer can count it twice; the write moved the day's write count,
 * so the day cache does not serve that answer again.
 */

/** Past this many traces stored in several rows, every trace is read merged (FINAL). */
const MAX_SEVERAL_ROW_TRACES = 20_000;

/**
 * The traces with a row meeting `inSlots` (a condition on the row's timestamp: its day is asked)
 * that are stored in more than one row; undefined past MAX_SEVERAL_ROW_TRACES. A trace's merged
 * timestamp is its earliest row's, so a trace whose merged day is asked has a row meeting it.
 */
export async function tracesInSeveralRows(
  db: Db,
  project: string,
  inSlots: (p: ProjectParams) => string,
  signal?: AbortSignal,
): Promise<string[] | undefined> {
  const p = new ProjectParams(project);
  const rowsInSlots = `SELECT id ${fromProject(TABLES.traces, p, { stored: true })} AND ${inSlots(p)}`;
  const ids = await queryRows(db, {
    sql: `
      SELECT id ${fromProject(TABLES.traces, p, { stored: true })} AND id IN (${rowsInSlots})
      GROUP BY id HAVING count() > 1
      LIMIT ${p.add(MAX_SEVERAL_ROW_TRACES + 1, 'UInt32')}`,
    params: p.params,
    tag: 'daily.several_rows',
    signal,
    map: (r) => String(r.id),
  });
  return ids.length > MAX_SEVERAL_ROW_TRACES ? undefined : ids;
}

/**
 * SQL of `select` over the project's traces as merged, under `conditions` (on the merged row):
 * with `severalRows` (tracesInSeveralRows), the others read as stored and those read with FINAL;
 * without, every trace read with FINAL. `select` and `conditions` name the trace row's columns
 * only, as they stand in both reads; `arrayJoin` as fromProject's.
 */
export function mergedTracesSql(
  p: ProjectParams,
  select: string,
  conditions: readonly string[],
  severalRows: string[] | undefined,
  arrayJoin?: string,
): string {
  const merged = (filters: readonly string[]) =>
    `SELECT ${select} ${fromProject(TABLES.traces, p, { final: true, arrayJoin })}${andAll([...conditions, ...filters])}`;
  if (!severalRows) return merged([]);
  if (severalRows.length === 0) {
    return `SELECT ${select} ${fromProject(TABLES.traces, p, { scan: true, arrayJoin })}${andAll(conditions)}`;
  }
  const ids = p.add(severalRows, 'Array(String)');
  const asStored = `SELECT ${select} ${fromProject(TABLES.traces, p, { scan: true, arrayJoin, filters: [`id NOT IN ${ids}`] })}${andAll(conditions)}`;
  return `${asStored}\n      UNION ALL ${merged([`id IN ${ids}`])}`;
}
