import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { Db } from './connection.ts';
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
};

/**
 * Applies the migrations not yet recorded in `schema_migrations`. Every statement is written to be
 * idempotent (IF NOT EXISTS), so two processes starting at once may both run a migration and
 * neither breaks; the record is a ReplacingMergeTree, so the double record collapses.
 */
export async function migrate(db: Db, opts: MigrateOptions = {}): Promise<number[]> {
  const transform = opts.transform ?? ((s: string) => [s]);
  for (const stmt of transform(
    `CREATE TABLE IF NOT EXISTS ${TABLES.migrations} (version UInt32, name String, applied_at DateTime64(3, 'UTC') DEFAULT now64(3)) ENGINE = ReplacingMergeTree ORDER BY version`,
  )) {
    await db.writer.command({ query: stmt });
  }
  const done = new Set(
    (
      await (
        await db.writer.query({ query: `SELECT DISTINCT version FROM ${TABLES.migrations}`, format: 'JSONEachRow' })
      ).json<{ version: number }>()
    ).map((r) => Number(r.version)),
  );
  const applied: number[] = [];
  for (const m of loadMigrations(opts.dir)) {
    if (done.has(m.version)) continue;
    for (const statement of m.statements) {
      for (const stmt of transform(statement)) await db.writer.command({ query: stmt });
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
