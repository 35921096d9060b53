import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { type Db, openDb } from '../src/connection.ts';
import { loadMigrations, migrate } from '../src/migrations.ts';
import { queryRows } from '../src/query.ts';
import { TABLES } from '../src/tables.ts';

// Server mode starts many ingest and query processes, each migrating at start. Here several
// connections (separate sessions on one chDB folder, as separate processes are on one server)
// migrate the same empty database at the same moment.
const dataDir = mkdtempSync(path.join(tmpdir(), 'spanhouse-migrate-'));
const dbs: Db[] = [];
afterAll(async () => {
  await Promise.all(dbs.map((db) => db.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

it('lets several processes migrate one database at once without an error or a double record', async () => {
  const database = `t_concurrent_${process.pid}`;
  for (let i = 0; i < 4; i++) dbs.push(await openDb({ dataDir, database, readers: 1 }));
  const results = await Promise.all(dbs.map((db) => migrate(db)));
  const all = loadMigrations().map((m) => m.version);
  // Every migration was applied by at least one of them, and each saw the schema complete.
  expect([...new Set(results.flat())].sort((a, b) => a - b)).toEqual(all);
  const versions = await queryRows(dbs[0]!, {
    sql: 'SELECT version FROM schema_migrations FINAL ORDER BY version',
    tag: 'test',
    map: (r) => Number(r.version),
  });
  expect(versions).toEqual(all);
  // A later start finds nothing to do.
  expect(await migrate(dbs[1]!)).toEqual([]);
  const tables = await queryRows(dbs[2]!, {
    sql: 'SELECT name FROM system.tables WHERE database = currentDatabase() ORDER BY name',
    tag: 'test',
    map: (r) => String(r.name),
  });
  expect(tables).toEqual(
    expect.arrayContaining([
      TABLES.observationPieces,
      TABLES.migrations,
      TABLES.scores,
      TABLES.traces,
      TABLES.projects,
    ]),
  );
});

it('fails a migration whose statement fails, unless another process records it meanwhile', async () => {
  const dir = mkdtempSync(path.join(dataDir, 'migrations-'));
  writeFileSync(`${dir}/0001_a.sql`, 'CREATE TABLE IF NOT EXISTS a (x UInt8) ENGINE = MergeTree ORDER BY x;\n');
  // As 0006 does to a process that comes second: the table it copies was dropped by the first.
  writeFileSync(`${dir}/0002_copy.sql`, 'INSERT INTO a SELECT 1 FROM gone;\n');
  const db = await openDb({ dataDir, database: `t_failing_${process.pid}`, readers: 1 });
  dbs.push(db);
  const recorded = () =>
    queryRows(db, {
      sql: 'SELECT version FROM schema_migrations FINAL ORDER BY version',
      tag: 'test',
      map: (r) => Number(r.version),
    });

  await expect(migrate(db, { dir, raceWaitMs: 300 })).rejects.toThrow(/gone/);
  expect(await recorded()).toEqual([1]);

  // The other process finishes 0002 while this one waits: this one goes on without an error.
  const other = setTimeout(
    () =>
      void db.writer.insert({
        table: 'schema_migrations',
        values: [{ version: 2, name: '0002_copy' }],
        format: 'JSONEachRow',
      }),
    200,
  );
  await expect(migrate(db, { dir, raceWaitMs: 5_000 })).resolves.toEqual([]);
  clearTimeout(other);
  expect(await recorded()).toEqual([1, 2]);
});
