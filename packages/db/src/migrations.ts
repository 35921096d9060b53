import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { Db } from './connection.ts';
import { clickHouseErrorCode } from './errors.ts';
import { TABLES } from './tables.ts';

/** clickhouse/ at the repository root: numbered, forward-only .sql files. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../clickhouse/', import.meta.url));

export type Migration = { version: number; name: string; statements: string[] };

/** Reads `NNNN_name.sql` files in version order and splits them into statements. */
export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 4)),
      name: file.replace(/\.sql$/, ''),
      statements: splitStatements(readFileSync(`${dir}/${file}`, 'utf8')),
    }));
}

/** Splits on `;` at the end of a line, dropping `--` comment lines. DDL here has no `;` inside strings. */
export function splitStatements(sql: string): string[] {
  const lines = sql.split('\n').filter((line) => !line.trim().startsWith('--'));
  return lines
    .join('\n')
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export type MigrateOptions = {
  dir?: string;
  logger?: Logger;
  /** Rewrites each statement before it runs (cluster mode adds ON CLUSTER and Replicated engines). */
  transform?: (statement: string) => string[];
  /** How long a failed migration waits for another process to record it before the error stands. */
  raceWaitMs?: number;
};

/** The record of applied migrations; itself created (and, in cluster mode, rewritten) like a migration. */
export const MIGRATIONS_TABLE_DDL = `CREATE TABLE IF NOT EXISTS ${TABLES.migrations}
(
  version    UInt32,
  name       String,
  applied_at DateTime64(3, 'UTC') DEFAULT now64(3)
)
ENGINE = ReplacingMergeTree
ORDER BY version`;

/**
 * Error codes a DDL statement can hit when another process runs the same IF NOT EXISTS statement
 * at the same moment (the existence check and the creation are not one atomic step everywhere,
 * e.g. the Keeper path of a replicated table). Running the statement again then finds the object
 * and does nothing.
 */
const RACE_CODES = new Set([
  '57', // TABLE_ALREADY_EXISTS
  '82', // DATABASE_ALREADY_EXISTS
  '253', // REPLICA_ALREADY_EXISTS
  '254', // NO_REPLICA_HAS_PART
  '473', // DEADLOCK_AVOIDED (DDL lock wait)
  '999', // KEEPER_EXCEPTION
]);

async function runDdl(db: Db, query: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.writer.command({ query });
      return;
    } catch (err) {
      const again = RACE_CODES.has(clickHouseErrorCode(err) ?? '') || (await killedMootIndexBuild(db, query, err));
      if (attempt >= 5 || !again) throw err;
      await sleep(50 * attempt + Math.random() * 100);
    }
  }
}

/** The engine's refusal of a DROP INDEX while a mutation that touches the index is unfinished. */
const DROP_BLOCKED = /Cannot drop index (\w+) because it's affected by mutation with ID '([\w.]+)'/;

/**
 * Whether `err` was a DROP INDEX refused because a build of that same index is still running
 * (an earlier migration's MATERIALIZE INDEX, which runs in the background: a store upgraded past
 * both 0054 and 0057 at once drops the index 0054 is still building), and that build was killed:
 * its work is moot, since the index is dropped and added again. Any other mutation blocking the
 * drop (a purge, a deletion) is left alone and the error stands. Not on a cluster (the statement
 * names a node's local table there).
 */
async function killedMootIndexBuild(db: Db, query: string, err: unknown): Promise<boolean> {
  const blocked = DROP_BLOCKED.exec(err instanceof Error ? err.message : '');
  const table = /^ALTER TABLE (\w+) DROP INDEX/i.exec(query)?.[1];
  if (!blocked || !table) return false;
  const [, index, mutationId] = blocked;
  const result = await db.writer.query({
    query:
      // The engine keeps the command in parentheses: `(MATERIALIZE INDEX name)`.
      "KILL MUTATION WHERE database = currentDatabase() AND table = {table:String} AND mutation_id = {mutation:String} AND trim(BOTH '()' FROM command) = {command:String}",
    query_params: { table, mutation: mutationId!, command: `MATERIALIZE INDEX ${index}` },
    format: 'JSONEachRow',
  });
  return (await result.json()).length > 0;
}

/**
 * `statement` with `$DATABASE` as the database's name: what the server evaluates outside any
 * session (a dictionary's source query, a TTL rule's dictGet) must name its database.
 */
export function withDatabase(statement: string, database: string): string {
  if (!statement.includes('$DATABASE')) return statement;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(database)) throw new Error(`not a plain database name: ${database}`);
  return statement.replaceAll('$DATABASE', database);
}

/** The versions recorded in `schema_migrations`. */
async function appliedVersions(db: Db): Promise<Set<number>> {
  const rows = await (
    await db.writer.query({ query: `SELECT DISTINCT version FROM ${TABLES.migrations}`, format: 'JSONEachRow' })
  ).json<{ version: number }>();
  return new Set(rows.map((r) => Number(r.version)));
}

/**
 * Whether another process records `version` within `waitMs`. A migration that replaces a table
 * (0006 copies metric_minutes, then drops it) fails in the process that comes second to a
 * statement the first already made moot; the first then records the version within moments.
 */
async function recordedElsewhere(db: Db, version: number, waitMs: number): Promise<boolean> {
  for (const deadline = Date.now() + waitMs; Date.now() < deadline; await sleep(100)) {
    if ((await appliedVersions(db)).has(version)) return true;
  }
  return false;
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`. Safe when several processes
 * start at once (server mode runs many): every statement is idempotent (IF NOT EXISTS), so two
 * processes may both run a migration and neither breaks; a statement that loses a creation race
 * is run again and finds the object there; a statement that fails because another process has
 * moved past it (a dropped table) waits for that process's record of the migration; a migration
 * is recorded only once all its statements succeeded, and the record is a ReplacingMergeTree, so
 * a double record collapses. The record is read again before each migration, so a process that
 * falls behind skips what another finished rather than replaying it over later ones. The one kind
 * of statement that is not idempotent, a backfill (INSERT ... SELECT), is written so that running
 * it twice leaves answers exact (0005, 0006: twice-counted minutes read raw).
 */
export async function migrate(db: Db, opts: MigrateOptions = {}): Promise<number[]> {
  const transform = opts.transform ?? ((s: string) => [s]);
  for (const stmt of transform(MIGRATIONS_TABLE_DDL)) await runDdl(db, stmt);
  const applied: number[] = [];
  for (const m of loadMigrations(opts.dir)) {
    if ((await appliedVersions(db)).has(m.version)) continue;
    try {
      for (const statement of m.statements) {
        for (const stmt of transform(withDatabase(statement, db.database))) await runDdl(db, stmt);
      }
    } catch (err) {
      if (await recordedElsewhere(db, m.version, opts.raceWaitMs ?? 10_000)) continue;
      throw err;
    }
    await db.writer.insert({
      table: TABLES.migrations,
      values: [{ version: m.version, name: m.name }],
      format: 'JSONEachRow',
    });
    opts.logger?.info({ migration: m.name }, 'migration applied');
    applied.push(m.version);
  }
  return applied;
}
