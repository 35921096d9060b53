import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import { allSettled, fromProject, RETENTION_DAYS_SQL, TABLES } from '@spanhouse/store';

/** A part of at least this many rows merges rarely: the count of its traces is worth keeping. */
export const LARGE_PART_ROWS = 100_000;

/** Projects whose large parts' count is kept at once (the oldest forgotten first). */
const KEPT_PROJECTS = 1_000;

type Kept = { parts: string; traces: number };

/**
 * The number of a project's traces, as a list without a filter counts them (the traces of its
 * rows in traces_v2 merged, within its retention, without deleted traces), without merging every
 * stored row of the project on every list.
 *
 * A part never changes once written: a merge, a deletion's mask or a TTL writes a new part under
 * a new name. So the count of the traces held by the table's large parts (LARGE_PART_ROWS) is
 * kept per project under those parts' names, and each count adds, read afresh, the traces of the
 * other parts (the recent inserts) that none of the large parts holds, looked up in them by key.
 *
 * Contract: the answer is the exact count of the read, never a stale one. Kept only where the
 * count depends on the stored rows alone: the project has no retention (its count would change as
 * time passes) and every tombstone of the project is settled in the table (else it changes as the
 * deletions' dictionary loads); otherwise, without a large part (a small store, or a cluster, whose
 * parts are the shards' under other names), or when a large part was merged away while the count
 * read (checked after the read: a part active after it was active during it), the count is the
 * list's own, `full`.
 */
export class TraceTotals {
  readonly #kept = new Map<string, Kept>();

  constructor(private readonly largePartRows = LARGE_PART_ROWS) {}

  async count(db: Db, project: string, full: () => Promise<number>, signal?: AbortSignal): Promise<number> {
    const large = await this.largeParts(db, signal);
    if (large.length === 0) return full();
    const parts = large.join('\n');
    const kept = this.#kept.get(project);
    const reuse = kept?.parts === parts ? kept : undefined;
    const p = new ProjectParams(project);
    const names = p.add(large, 'Array(String)');
    const largeCount = `SELECT count() ${fromProject(TABLES.traces, p, { final: true, scan: true, filters: [`_part IN ${names}`] })}`;
    const [row] = await queryRows(db, {
      sql: `SELECT ${RETENTION_DAYS_SQL} = 0 AND ${allSettled(TABLES.traces)} AS rows_alone,
        (${addedSql(p, names)}) AS added${reuse ? '' : `, (${largeCount}) AS large`}`,
      params: p.params,
      tag: reuse ? 'traces.total.added' : 'traces.total',
      map: (r) => ({ rowsAlone: Number(r.rows_alone) === 1, added: Number(r.added), large: Number(r.large ?? NaN) }),
      signal,
    });
    if (!row?.rowsAlone) {
      this.#kept.delete(project);
      return full();
    }
    const still = new Set(await this.largeParts(db, signal));
    if (large.some((name) => !still.has(name))) return full();
    const traces = reuse ? reuse.traces : row.large;
    this.keep(project, { parts, traces });
    return traces + row.added;
  }

  /** The names of the table's active parts of at least `largePartRows` rows, sorted. */
  private async largeParts(db: Db, signal?: AbortSignal): Promise<string[]> {
    const rows = await queryRows(db, {
      sql: `SELECT name FROM system.parts
        WHERE database = currentDatabase() AND table = {table:String} AND active AND rows >= {rows:UInt64}
        ORDER BY name`,
      params: { table: TABLES.traces, rows: this.largePartRows },
      tag: 'traces.total.parts',
      map: (r) => String(r.name),
      signal,
    });
    return rows;
  }

  private keep(project: string, kept: Kept): void {
    // Re-inserted so that Map order stays oldest first.
    this.#kept.delete(project);
    this.#kept.set(project, kept);
    if (this.#kept.size > KEPT_PROJECTS) this.#kept.delete(this.#kept.keys().next().value as string);
  }
}

/**
 * SQL: the project's traces with a row outside the parts `names` (an Array(String) parameter) and
 * none in them: the traces of the other parts, less those found in the named parts by key.
 */
function addedSql(p: ProjectParams, names: string): string {
  const outside = (columns: string) =>
    `SELECT ${columns} ${fromProject(TABLES.traces, p, { scan: true, filters: [`_part NOT IN ${names}`] })}`;
  const inLarge = `SELECT id ${fromProject(TABLES.traces, p, { scan: true, filters: [`_part IN ${names}`, `id IN (${outside('id')})`] })}`;
  return `SELECT count() FROM (${outside('DISTINCT id')}) WHERE id NOT IN (${inLarge})`;
}
