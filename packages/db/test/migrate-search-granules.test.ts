import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../src/connection.ts';
import { loadMigrations, migrate } from '../src/migrations.ts';
import { queryRows } from '../src/query.ts';
import { migrationsBefore } from './migrations-before.ts';

/*
 * 0051 moves the trace search documents to trace_search_v3 (1 MiB granules): a store that has
 * documents in trace_search_v2 keeps every one of them, found by the text index as before, and
 * the traces written after the upgrade are found too.
 */

/**
 * The word index's expression as the last migration defining it spells it (0051, rebuilt by 0054 and 0057):
 * a query naming it is answered from the index.
 */
const WORDS_INDEX = loadMigrations()
  .flatMap((m) => m.statements)
  .map((sql) => /INDEX (?:IF NOT EXISTS )?trace_search_words \((.*)\) TYPE text/s.exec(sql)?.[1])
  .filter((expression) => expression !== undefined)
  .at(-1)!;

let dataDir: string;
let before0051: string;
let db: Db;

const count = async (sql: string) => (await queryRows(db, { sql, tag: 'test', map: (r) => Number(r.n) }))[0];

/** A trace row of project p with `name` (version 1), through traces_v2, which the views copy. */
const insertTrace = (id: string, name: string) =>
  db.writer.command({
    query: `INSERT INTO traces_v2 (project_id, id, timestamp, name)
      VALUES ('p', '${id}', now64(6), (1, '${name}'))`,
  });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'spanhouse-migrate-granules-'));
  before0051 = migrationsBefore(51);
  db = await openDb({ dataDir, database: `t_migrate_granules_${process.pid}`, readers: 1 });
});

afterAll(async () => {
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(before0051, { recursive: true, force: true });
});

describe('0051: the search documents in trace_search_v3', () => {
  it('keeps the documents stored before, finds them and the ones written after', async () => {
    await migrate(db, { dir: before0051 });
    await insertTrace('old-1', 'weather in lisbon');
    await insertTrace('old-2', 'invoice totals');
    expect(await count('SELECT count() AS n FROM trace_search_v2')).toBe(2);

    // 0051 first, then any migration written after it.
    expect((await migrate(db))[0]).toBe(51);
    const tables = await queryRows(db, {
      sql: `SELECT name FROM system.tables WHERE database = currentDatabase() AND name LIKE 'trace_search%' ORDER BY name`,
      tag: 'test',
      map: (r) => String(r.name),
    });
    expect(tables).toEqual(['trace_search_v3', 'trace_search_v3_observations_view', 'trace_search_v3_traces_view']);

    await insertTrace('new-1', 'weather in porto');
    const found = (word: string) =>
      queryRows(db, {
        sql: `SELECT trace_id FROM trace_search_v3 FINAL
          WHERE project_id = {project:String} AND hasAllTokens(${WORDS_INDEX}, [{word:String}])
          ORDER BY trace_id SETTINGS force_data_skipping_indices = 'trace_search_words'`,
        params: { project: 'p', word },
        tag: 'test',
        map: (r) => String(r.trace_id),
      });
    expect(await found('weather')).toEqual(['new-1', 'old-1']);
    expect(await found('invoice')).toEqual(['old-2']);
  });

  it('makes granules of at most 1 MiB', async () => {
    const ddl = await queryRows(db, {
      sql: 'SELECT create_table_query AS q FROM system.tables WHERE database = currentDatabase() AND name = {t:String}',
      params: { t: 'trace_search_v3' },
      tag: 'test',
      map: (r) => String(r.q),
    });
    expect(ddl[0]).toContain('index_granularity_bytes = 1048576');
  });
});
