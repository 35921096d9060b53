import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate, splitStatements } from '../src/migrations.ts';
import { ParamBuilder, queryRows } from '../src/query.ts';
import { openTestDb } from '../src/testing.ts';

let db: Awaited<ReturnType<typeof openTestDb>>;
beforeAll(async () => {
  db = await openTestDb('db');
});
afterAll(async () => db?.close());

describe('migrations', () => {
  it('creates the tables and records every migration once', async () => {
    const tables = await queryRows(db, {
      sql: 'SELECT name FROM system.tables WHERE database = currentDatabase() ORDER BY name',
      tag: 'test',
      map: (r) => String(r.name),
    });
    expect(tables).toEqual(expect.arrayContaining(['observations', 'schema_migrations', 'traces']));
    expect(await migrate(db)).toEqual([]);
    const versions = await queryRows(db, {
      sql: 'SELECT version FROM schema_migrations FINAL ORDER BY version',
      tag: 'test',
      map: (r) => Number(r.version),
    });
    expect(versions).toEqual(loadMigrations().map((m) => m.version));
  });

  it('splits statements on line-ending semicolons and drops comments', () => {
    expect(splitStatements('-- c\nCREATE A;\nCREATE B (x);\n')).toEqual(['CREATE A', 'CREATE B (x)']);
  });
});

describe('queryRows', () => {
  it('binds values as server-side parameters, never as SQL text', async () => {
    const p = new ParamBuilder();
    const hostile = "x'); DROP TABLE traces; --";
    const rows = await queryRows(db, {
      sql: `SELECT ${p.add(hostile, 'String')} AS v`,
      params: p.params,
      tag: 'test',
      map: (r) => r.v,
    });
    expect(rows).toEqual([hostile]);
    const tables = await queryRows(db, {
      sql: "SELECT count() AS n FROM system.tables WHERE database = currentDatabase() AND name = 'traces'",
      tag: 'test',
      map: (r) => Number(r.n),
    });
    expect(tables).toEqual([1]);
  });
});
