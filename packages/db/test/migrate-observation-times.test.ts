import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../src/connection.ts';
import { migrate } from '../src/migrations.ts';
import { queryRows } from '../src/query.ts';
import { migrationsBefore } from './migrations-before.ts';

/*
 * 0053 keeps every observation piece's start in observation_times_v2, sorted by it: the pieces a
 * store held before it are copied, the ones written after come through its view, and the newest
 * are read from the table's end (the observation lists' candidates, apps/query-api
 * observations/list.ts).
 */

let dataDir: string;
let before0053: string;
let upTo0053: string;
let db: Db;

const rows = (sql: string) =>
  queryRows(db, { sql, params: { project: 'p' }, tag: 'test', map: (r) => Object.values(r).map(String) });

/** A piece of observation `id` of trace `trace`, started at `startUs` (0: a piece without a start). */
const insertPiece = (trace: string, id: string, startUs: number) =>
  db.writer.command({
    query: `INSERT INTO observation_pieces_v2 (project_id, trace_id, id, start_time, name)
      VALUES ('p', '${trace}', '${id}', (${startUs === 0 ? 0 : 1}, ${startUs}), (1, 'n'))`,
  });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'spanhouse-migrate-times-'));
  before0053 = migrationsBefore(53);
  // 0053 alone on top: a later migration that alters observation_pieces_v2 (0054 rebuilds an
  // index) would wait for its mutation while this test holds the table's merges stopped.
  upTo0053 = migrationsBefore(54);
  db = await openDb({ dataDir, database: `t_migrate_times_${process.pid}`, readers: 1 });
});

afterAll(async () => {
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(before0053, { recursive: true, force: true });
  rmSync(upTo0053, { recursive: true, force: true });
});

describe('0053: the observations by start time', () => {
  it('copies the pieces stored before, takes the ones written after, and reads the newest from its end', async () => {
    await migrate(db, { dir: before0053 });
    await db.writer.command({ query: 'SYSTEM STOP MERGES observation_pieces_v2' });
    await insertPiece('t1', 'a', 3_000_000);
    await insertPiece('t1', 'a', 5_000_000);
    await insertPiece('t2', 'b', 4_000_000);
    await insertPiece('t2', 'c', 0);

    expect(await migrate(db, { dir: upTo0053 })).toEqual([53]);
    await insertPiece('t3', 'd', 6_000_000);

    // One row per stored piece, its start as stored; the pieces themselves are untouched.
    const byTime = `SELECT trace_id, id, start_time.1 AS given, start_time.2 AS start
      FROM observation_times_v2 WHERE project_id = {project:String} ORDER BY start_time.2 DESC, trace_id, id`;
    expect(await rows(byTime)).toEqual([
      ['t3', 'd', '1', '6000000'],
      ['t1', 'a', '1', '5000000'],
      ['t2', 'b', '1', '4000000'],
      ['t1', 'a', '1', '3000000'],
      ['t2', 'c', '0', '0'],
    ]);
    expect(await rows('SELECT count() FROM observation_pieces_v2 WHERE project_id = {project:String}')).toEqual([
      ['5'],
    ]);

    // The newest rows come from the end of the sorted table, not from a sort of every row.
    const plan = (
      await rows(`EXPLAIN actions = 1 SELECT trace_id FROM observation_times_v2
        WHERE project_id = {project:String} ORDER BY start_time.2 DESC LIMIT 2`)
    ).join('\n');
    expect(plan).toMatch(/Read type: InReverseOrder/);
  });
});
