import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import { allSettled, fromProject, RETENTION_DAYS_SQL } from '@spanhouse/store';

/** A part of at least this many rows merges rarely: the count of its keys is worth keeping. */
export const LARGE_PART_ROWS = 100_000;

/** Projects whose large parts' count is kept at once (the oldest forgotten first). */
const KEPT_PROJECTS = 1_000;

type Kept = { parts: string; keys: number };

/**
 * The number of a project's distinct keys in a table whose rows of one key merge (`FINAL`): the
 * count of a list without a filter (traces by id, observations by trace and id), without merging
 * every stored row of the project on every list. Decision 0113.
 *
 * A part never changes once written: a merge, a deletion's mask or a TTL writes a new part under
 * a new name. So the count of the keys held by the table's large parts (`largePartRows`) is kept
 * per project under those parts' names, and each count adds, read afresh, the keys of the other
 * parts (the recent inserts) that none of the large parts holds, looked up in them by key.
 *
 * Contract: the answer is the exact count of the read, never a stale one. Kept only where the
 * count depends on the stored rows alone: the project has no retention (its count would change as
 * time passes) and every tombstone of the project is settled in the table (else it changes as the
 * deletions' dictionary loads); otherwise, without a large part (a small store, or a cluster, whose
 * parts are the shards' under other names), or when a large part was merged away while the count
 * read (checked after the read: a part active after it was active during it), the count is the
 * list's own, `full`.
 */
export class LargePartCounts {
  readonly #kept = new Map<string, Kept>();
  readonly #key: string;

  /** `key`: the sort key's columns after the project, which identify one merged row. */
  constructor(
    private readonly table: string,
    key: readonly string[],
    private readonly largePartRows = LARGE_PART_ROWS,
  ) {
    this.#key = key.length === 1 ? key[0]! : `(${key.join(', ')})`;
  }

  async count(db: Db, project: string, full: () => Promise<number>, signal?: AbortSignal): Promise<number> {
    const large = await this.largeParts(db, signal);
    if (large.length === 0) return full();
    const parts = large.join('\n');
    const kept = this.#kept.get(project);
    const reuse = kept?.parts === parts ? kept : undefined;
    const p = new ProjectParams(project);
    const names = p.add(large, 'Array(String)');
    const largeCount = `SELECT count() ${this.from(p, { final: true, filters: [`_part IN ${names}`] })}`;
    const [row] = await queryRows(db, {
      sql: `SELECT ${RETENTION_DAYS_SQL} = 0 AND ${allSettled(this.table)} AS rows_alone,
        (${this.addedSql(p, names)}) AS added${reuse ? '' : `, (${largeCount}) AS large`}`,
      params: p.params,
      tag: `${this.table}.count.${reuse ? 'added' : 'large'}`,
      map: (r) => ({ rowsAlone: Number(r.rows_alone) === 1, added: Number(r.added), large: Number(r.large ?? NaN) }),
      signal,
    });
    if (!row?.rowsAlone) {
      this.#kept.delete(project);
      return full();
    }
    const still = new Set(await this.largeParts(db, signal));
    if (large.some((name) => !still.has(name))) return full();
    const keys = reuse ? reuse.keys : row.large;
    this.keep(project, { parts, keys });
    return keys + row.added;
  }

  /** The read of the project's rows (within its retention, not deleted), with `filters`. */
  private from(p: ProjectParams, opts: { final?: boolean; filters: string[] }): string {
    return fromProject(this.table, p, { ...opts, scan: true });
  }

  /**
   * SQL: the project's keys with a row outside the parts `names` (an Array(String) parameter) and
   * none in them: the keys of the other parts, less those found in the named parts by key.
   */
  private addedSql(p: ProjectParams, names: string): string {
    const key = this.#key;
    const outside = (columns: string) => `SELECT ${columns} ${this.from(p, { filters: [`_part NOT IN ${names}`] })}`;
    const inLarge = `SELECT ${key} ${this.from(p, { filters: [`_part IN ${names}`, `${key} IN (${outside(key)})`] })}`;
    return `SELECT count() FROM (${outside(`DISTINCT ${key} AS k`)}) WHERE k NOT IN (${inLarge})`;
  }

  /** The names of the table's active parts of at least `largePartRows` rows, sorted. */
  private largeParts(db: Db, signal?: AbortSignal): Promise<string[]> {
    return queryRows(db, {
      sql: `SELECT name FROM system.parts
        WHERE database = currentDatabase() AND table = {table:String} AND active AND rows >= {rows:UInt64}
        ORDER BY name`,
      params: { table: this.table, rows: this.largePartRows },
      tag: `${this.table}.count.parts`,
      map: (r) => String(r.name),
      signal,
    });
  }

  private keep(project: string, kept: Kept): void {
    // Re-inserted so that Map order stays oldest first.
    this.#kept.delete(project);
    this.#kept.set(project, kept);
    if (this.#kept.size > KEPT_PROJECTS) this.#kept.delete(this.#kept.keys().next().value as string);
  }
}
