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
    expect(tables).toEqual(expect.arrayContaining(['observation_pieces', 'schema_migrations', 'scores', 'traces']));
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

describe('insertText', () => {
  it('writes TabSeparated text into the database of this Db, escapes and UTF-8 intact', async () => {
    await db.writer.command({
      query: 'CREATE TABLE text_rows (k String, n UInt32, v String) ENGINE = MergeTree ORDER BY k',
    });
    const rows = [
      ['a', 1, 'tab\there'],
      ['b', 2, 'line\nbreak and back\\slash'],
      ['c', 3, 'naïve 日本語 🙂'],
    ] as const;
    const tsvEscape = (s: string) => s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');
    const text = rows.map(([k, n, v]) => `${k}\t${n}\t${tsvEscape(v)}\n`).join('');
    await db.insertText({ table: 'text_rows', columns: ['k', 'n', 'v'], format: 'TabSeparated', text });
    // The same rows as UTF-8 bytes (how the trace encoders hand them over).
    const bytes = Buffer.from(text.replace(/^(\w)/gm, 'z$1'));
    await db.insertText({ table: 'text_rows', columns: ['k', 'n', 'v'], format: 'TabSeparated', text: bytes });
    const back = await queryRows(db, {
      sql: 'SELECT k, n, v FROM text_rows ORDER BY k',
      tag: 'test',
      map: (r) => [r.k, Number(r.n), r.v],
    });
    expect(back).toEqual([...rows.map((r) => [...r]), ...rows.map(([k, n, v]) => [`z${k}`, n, v])]);
  });

  it('fails on text the table cannot take, and writes none of it', async () => {
    await db.writer.command({ query: 'CREATE TABLE text_bad (n UInt32) ENGINE = MergeTree ORDER BY n' });
    const err = await db
      .insertText({ table: 'text_bad', columns: ['n'], format: 'TabSeparated', text: '1\nnot a number\n' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    const count = await queryRows(db, {
      sql: 'SELECT count() AS c FROM text_bad',
      tag: 'test',
      map: (r) => Number(r.c),
    });
    expect(count).toEqual([0]);
  });
});
