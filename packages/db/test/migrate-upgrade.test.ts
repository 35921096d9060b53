import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../src/connection.ts';
import { loadMigrations, MIGRATIONS_DIR, migrate } from '../src/migrations.ts';
import { queryRows } from '../src/query.ts';

/*
 * Migrations are applied by what is recorded, not by the highest number: a store already migrated
 * past a number (0040, full-text search) still gets a migration of a lower number that a later
 * version brings (0030-0032, the data lifecycle), with the later ones (0047-0048, the trace search
 * documents, whose views carry 0031's written time; 0049, the tombstones by hash; 0050, the search
 * indexes rebuilt over 0047's table; 0051, that table again with smaller granules; 0053, the
 * observations' start times, whose TTL reads 0030's dictionary; 0054, the word indexes rebuilt
 * over 0051's table; 0055, the traces' usage kinds; 0056, views that read 0049's tombstones; 0057, the
 * search indexes rebuilt again; 0058, the settled tombstones; 0059, their marks per table; 0060, the
 * score configs; 0062, the dictionary of every deleted range of a series over 0032's table; 0063,
 * the points' written times and that dictionary again with each range's deletion time),
 * and both orders end in the same schema.
 */

/** What a store at 0040 (before the data lifecycle and the trace search documents) lacks. */
const LATER = [30, 31, 32, 47, 48, 49, 50, 51, 53, 54, 55, 56, 57, 58, 59, 60, 62, 63];
let dataDir: string;
let atSearchIndexes: string;
let db: Db;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'spanhouse-migrate-upgrade-'));
  atSearchIndexes = mkdtempSync(path.join(tmpdir(), 'spanhouse-migrations-'));
  cpSync(MIGRATIONS_DIR, atSearchIndexes, {
    recursive: true,
    filter: (src) => !LATER.some((v) => path.basename(src).startsWith(`00${v}_`)),
  });
  db = await openDb({ dataDir, database: `t_migrate_upgrade_${process.pid}`, readers: 1 });
});

afterAll(async () => {
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(atSearchIndexes, { recursive: true, force: true });
});

describe('a store migrated past a number', () => {
  it('gets the migrations of lower numbers it lacks, and ends with every migration recorded', async () => {
    const before = await migrate(db, { dir: atSearchIndexes });
    expect(before).toContain(40);
    expect(before).not.toContain(30);

    expect(await migrate(db)).toEqual(LATER);
    const recorded = await queryRows(db, {
      sql: 'SELECT version FROM schema_migrations FINAL ORDER BY version',
      tag: 'test',
      map: (r) => Number(r.version),
    });
    expect(recorded).toEqual(loadMigrations().map((m) => m.version));
    const dictionaries = await queryRows(db, {
      sql: 'SELECT name FROM system.dictionaries WHERE database = currentDatabase() ORDER BY name',
      tag: 'test',
      map: (r) => String(r.name),
    });
    expect(dictionaries).toEqual(['project_retention', 'series_deletion_ranges', 'trace_tombstones']);
  });

  it('has the schema of a store migrated in number order', async () => {
    const fresh = await openDb({ dataDir, database: `t_migrate_fresh_${process.pid}`, readers: 1 });
    try {
      await migrate(fresh);
      /** Every table's, view's and dictionary's definition, the database's name taken out. */
      const schema = (d: Db) =>
        queryRows(d, {
          sql: `SELECT name, replaceAll(create_table_query, currentDatabase(), 'DB') AS ddl
            FROM system.tables WHERE database = currentDatabase() ORDER BY name`,
          tag: 'test',
          map: (r) => `${r.name}: ${r.ddl}`,
        });
      const upgraded = await schema(db);
      expect(upgraded.filter((d) => d.includes('written_us') || d.includes('search_words'))).toHaveLength(12);
      expect(upgraded).toEqual(await schema(fresh));
    } finally {
      await fresh.close();
    }
  });
});
