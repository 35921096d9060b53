import { ClickHouseError } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickHouseErrorCode } from '../src/errors.ts';
import { loadMigrations, migrate, splitStatements } from '../src/migrations.ts';
import {
  observeQueries,
  ParamBuilder,
  ProjectParams,
  projectScopeViolation,
  queryCompact,
  queryRows,
  withSettings,
} from '../src/query.ts';
import { TABLES } from '../src/tables.ts';
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
    expect(tables).toEqual(
      expect.arrayContaining([
        TABLES.observationPieces,
        TABLES.migrations,
        TABLES.scores,
        TABLES.traces,
        TABLES.projects,
      ]),
    );
    expect(await migrate(db)).toEqual([]);
    const versions = await queryRows(db, {
      sql: 'SELECT version FROM schema_migrations FINAL ORDER BY version',
      tag: 'test',
      map: (r) => Number(r.version),
    });
    expect(versions).toEqual(loadMigrations().map((m) => m.version));
  });

  it('makes every table that ingest writes sync its parts before an insert returns and after merges', async () => {
    const settings = await queryRows(db, {
      sql: `SELECT name, create_table_query AS q FROM system.tables
            WHERE database = currentDatabase() AND engine LIKE '%MergeTree' AND name != 'schema_migrations'`,
      tag: 'test',
      map: (r) => [String(r.name), String(r.q)] as const,
    });
    expect(settings.length).toBeGreaterThanOrEqual(5);
    for (const [name, query] of settings) {
      expect(query, name).toMatch(/fsync_after_insert = 1/);
      expect(query, name).toMatch(/fsync_part_directory = 1/);
      expect(query, name).toMatch(/min_compressed_bytes_to_fsync_after_merge = 1/);
    }
  });

  it('splits statements on line-ending semicolons and drops comments', () => {
    expect(splitStatements('-- c\nCREATE A;\nCREATE B (x);\n')).toEqual(['CREATE A', 'CREATE B (x)']);
  });
});

describe('queryRows', () => {
  it('binds values as server-side parameters, never as SQL text', async () => {
    const p = new ParamBuilder();
    const hostile = `x'); DROP TABLE ${TABLES.traces}; --`;
    const rows = await queryRows(db, {
      sql: `SELECT ${p.add(hostile, 'String')} AS v`,
      params: p.params,
      tag: 'test',
      map: (r) => r.v,
    });
    expect(rows).toEqual([hostile]);
    const tables = await queryRows(db, {
      sql: 'SELECT count() AS n FROM system.tables WHERE database = currentDatabase() AND name = {t:String}',
      params: { t: TABLES.traces },
      tag: 'test',
      map: (r) => Number(r.n),
    });
    expect(tables).toEqual([1]);
  });

  it('takes every kind of parameter value intact: quotes, backslashes, control characters, arrays, big integers, NaN', async () => {
    const p = new ParamBuilder();
    const text = "a'b\\c\\'d\n\te\u0000f — ü 😀";
    const strings = ["x'y", 'back\\slash', '', "it's"];
    const rows = await queryCompact(db, {
      sql: `SELECT ${p.add(text, 'String')}, ${p.add(strings, 'Array(String)')}, arrayMap(x -> toString(x), ${p.add([2n ** 64n - 1n, 0n], 'Array(UInt64)')}),
              ${p.add(-1.5e-300, 'Float64')}, isNaN(${p.add(Number.NaN, 'Float64')}), ${p.add('2026-01-02 03:04:05.123456', "DateTime64(6, 'UTC')")}`,
      params: p.params,
      tag: 'test',
      map: (r) => r,
    });
    expect(rows).toEqual([[text, strings, ['18446744073709551615', '0'], -1.5e-300, 1, '2026-01-02 03:04:05.123456']]);
  });

  it('runs parameterized reads side by side, not one after another in the process', async () => {
    // A read that takes a second, and while it runs, a second read of the running queries: both
    // parameterized. One at a time, the second would only start once the first ended, alone.
    const p = new ParamBuilder();
    const slow = queryRows(db, {
      sql: `SELECT sleepEachRow(0.25) AS x FROM numbers(${p.add(4, 'UInt32')})`,
      params: p.params,
      tag: 'test',
      map: (r) => r.x,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const q = new ParamBuilder();
    const running = await queryRows(db, {
      sql: `SELECT count() AS n FROM system.processes WHERE query LIKE ${q.add('%sleepEachRow%', 'String')}`,
      params: q.params,
      tag: 'test',
      map: (r) => Number(r.n),
    });
    await slow;
    // The slow read, and this one (its text holds the pattern too).
    expect(running).toEqual([2]);
  });
});

describe('query parameters', () => {
  it('carries every kind of value the reads pass, hostile text included, exactly', async () => {
    const text = 'q\'uo"te \\back\\slash\ttab\nline\r\u0000nul naïve 日本語 🙂 {p0:String} \\N';
    const p = new ParamBuilder();
    const sql = `SELECT ${p.add(text, 'String')} AS s, ${p.add('', 'String')} AS empty, toString(${p.add(-42, 'Int64')}) AS i,
      ${p.add(0.1, 'Float64')} AS f, toString(${p.add(2n ** 63n + 5n, 'UInt64')}) AS u,
      ${p.add([text, 'b'], 'Array(String)')} AS a, arrayMap(x -> toString(x), ${p.add([1n, 2n ** 64n - 1n], 'Array(UInt64)')}) AS ids,
      arrayMap(x -> toString(x), ${p.add(['2026-03-01'], 'Array(Date)')}) AS dates, ${p.add('\\N', 'String')} AS nullText`;
    const [row] = await queryRows(db, { sql, params: p.params, tag: 'test', map: (r) => r });
    expect(row).toEqual({
      s: text,
      empty: '',
      i: '-42',
      f: 0.1,
      u: String(2n ** 63n + 5n),
      a: [text, 'b'],
      ids: ['1', String(2n ** 64n - 1n)],
      dates: ['2026-03-01'],
      nullText: '\\N',
    });
  });

  it('takes a parameter far larger than the engine parses by default (a list of 100,000 series ids)', async () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => 10n ** 15n + BigInt(i));
    const p = new ParamBuilder();
    const rows = await queryRows(db, {
      sql: `SELECT length(${p.add(ids, 'Array(UInt64)')}) AS n, toString(arrayElement(${p.add(ids, 'Array(UInt64)')}, -1)) AS s`,
      params: p.params,
      tag: 'test',
      map: (r) => [Number(r.n), r.s],
    });
    expect(rows).toEqual([[100_000, String(ids.at(-1))]]);
  });

  it('parameterized reads on different readers run side by side: a slow one holds up no other', async () => {
    const p = new ParamBuilder();
    const finished: string[] = [];
    const slow = queryRows(db, {
      sql: `SELECT count() AS n FROM numbers(${p.add(60_000_000, 'UInt64')}) WHERE sipHash64(number) % 7 = 1`,
      params: p.params,
      tag: 'slow',
      map: (r) => r.n,
    }).then(() => finished.push('slow'));
    const fast = new ParamBuilder();
    await queryRows(db, {
      sql: `SELECT ${fast.add(1, 'UInt8')} AS one`,
      params: fast.params,
      tag: 'fast',
      map: (r) => r,
    });
    finished.push('fast');
    await slow;
    expect(finished).toEqual(['fast', 'slow']);
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

  it('inserts into two tables side by side: a slow insert holds up no other table', async () => {
    // Every row of slow_rows passes through a view that sleeps 0.3 s per row: its insert of five
    // rows takes 1.5 s. On one writer connection the fast insert waited behind it.
    await db.writer.command({ query: 'CREATE TABLE slow_rows (n UInt32) ENGINE = MergeTree ORDER BY n' });
    await db.writer.command({ query: 'CREATE TABLE slow_seen (n UInt32) ENGINE = MergeTree ORDER BY n' });
    await db.writer.command({
      query: 'CREATE MATERIALIZED VIEW slow_view TO slow_seen AS SELECT n FROM slow_rows WHERE sleepEachRow(0.3) = 0',
    });
    await db.writer.command({ query: 'CREATE TABLE fast_rows (n UInt32) ENGINE = MergeTree ORDER BY n' });
    const finished: string[] = [];
    const slow = db
      .insertText({ table: 'slow_rows', columns: ['n'], format: 'TabSeparated', text: '1\n2\n3\n4\n5\n' })
      .then(() => finished.push('slow'));
    // The slow insert has its connection before the fast one asks for one.
    await new Promise((r) => setTimeout(r, 100));
    const started = performance.now();
    await db.insertText({ table: 'fast_rows', columns: ['n'], format: 'TabSeparated', text: '7\n' });
    const fastMs = performance.now() - started;
    finished.push('fast');
    await slow;
    expect(finished).toEqual(['fast', 'slow']);
    expect(fastMs).toBeLessThan(1_000);
    const counts = await queryRows(db, {
      sql: 'SELECT (SELECT count() FROM slow_seen) AS slow, (SELECT count() FROM fast_rows) AS fast',
      tag: 'test',
      map: (r) => [Number(r.slow), Number(r.fast)],
    });
    expect(counts).toEqual([[5, 1]]);
  });

  it('fails on text the table cannot take, and writes none of it', async () => {
    await db.writer.command({ query: 'CREATE TABLE text_bad (n UInt32) ENGINE = MergeTree ORDER BY n' });
    const err = await db
      .insertText({ table: 'text_bad', columns: ['n'], format: 'TabSeparated', text: '1\nnot a number\n' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    // chDB's raw insert error carries the engine's code apart from the message.
    expect(clickHouseErrorCode(err)).toMatch(/^\d+$/);
    const count = await queryRows(db, {
      sql: 'SELECT count() AS c FROM text_bad',
      tag: 'test',
      map: (r) => Number(r.c),
    });
    expect(count).toEqual([0]);
  });
});

describe('the query port', () => {
  it('reads rows as arrays with queryCompact, mapped at the boundary', async () => {
    const rows = await queryCompact(db, {
      sql: 'SELECT number AS n, toString(number * 2) AS s FROM system.numbers LIMIT 3',
      tag: 'test',
      map: ([n, s]) => [Number(n), String(s)],
    });
    expect(rows).toEqual([
      [0, '0'],
      [1, '2'],
      [2, '4'],
    ]);
  });

  it('applies settings as a SETTINGS clause of the read', async () => {
    const read = (settings?: Record<string, number>) =>
      queryRows(db, {
        sql: "SELECT getSetting('max_threads') AS t, getSetting('optimize_use_implicit_projections') AS p",
        tag: 'test',
        settings,
        map: (r) => [Number(r.t), Number(r.p)],
      });
    expect(await read({ max_threads: 1, optimize_use_implicit_projections: 0 })).toEqual([[1, 0]]);
    expect((await read())[0]![0]).not.toBe(1);
    expect(() => withSettings('SELECT 1', { 'x; DROP': 1 })).toThrow(/setting name/);
    expect(() => withSettings('SELECT 1', { max_threads: Number.NaN })).toThrow(/number/);
  });

  it('reports every read to onQuery with its tag, duration and outcome', async () => {
    const seen: [string, number, boolean][] = [];
    const observed = observeQueries(db, (tag, seconds, ok) => seen.push([tag, seconds, ok]));
    await queryRows(observed, { sql: 'SELECT 1 AS x', tag: 'rows', map: (r) => r.x });
    await queryCompact(observed, { sql: 'SELECT 1', tag: 'compact', map: (r) => r[0] });
    await expect(queryRows(observed, { sql: 'SELECT nope', tag: 'bad', map: (r) => r })).rejects.toThrow();
    expect(seen.map(([tag, , ok]) => [tag, ok])).toEqual([
      ['rows', true],
      ['compact', true],
      ['bad', false],
    ]);
    expect(seen.every(([, seconds]) => seconds >= 0 && seconds < 60)).toBe(true);
  });
});

describe('clickHouseErrorCode', () => {
  it("reads the code of chDB's errors, of the client's ClickHouseError, and nothing from other errors", async () => {
    const syntax = await db.writer.command({ query: 'SELEC 1' }).catch((e: unknown) => e);
    expect(clickHouseErrorCode(syntax)).toBe('62'); // SYNTAX_ERROR
    const unknownTable = await queryRows(db, { sql: 'SELECT * FROM nowhere', tag: 'test', map: (r) => r }).catch(
      (e: unknown) => e,
    );
    expect(clickHouseErrorCode(unknownTable)).toBe('60'); // UNKNOWN_TABLE
    expect(clickHouseErrorCode(new ClickHouseError({ message: 'm', code: '57', type: 'TABLE_ALREADY_EXISTS' }))).toBe(
      '57',
    );
    expect(clickHouseErrorCode(new Error('code 57'))).toBeUndefined();
    expect(clickHouseErrorCode('57')).toBeUndefined();
  });
});

describe('projectScopeViolation', () => {
  const params = { project: 'p1' };
  it('passes reads whose every project table is followed by its project condition', () => {
    for (const sql of [
      `SELECT 1 FROM ${TABLES.traces} FINAL WHERE project_id = {project:String} AND id = {p0:String}`,
      `SELECT 1 FROM ${TABLES.metricMinutes} FINAL PREWHERE project_id = {project:String} AND name = 'x'`,
      `SELECT d FROM ${TABLES.traces} FINAL ARRAY JOIN mapKeys(model_obs) AS model WHERE project_id = {project:String}`,
      `SELECT k FROM ${TABLES.metricSeries} ARRAY JOIN mapKeys(labels) AS k, mapValues(labels) AS v WHERE project_id = {project:String}`,
      `SELECT id FROM ${TABLES.traces} WHERE project_id = {project:String} AND id IN (SELECT trace_id FROM ${TABLES.scores} FINAL WHERE project_id = {project:String})`,
      'SELECT 1 FROM system.tables',
      // A table's name as a value: the mark table is no project table.
      `SELECT argMax(settled_us, at_us) FROM ${TABLES.traceTombstonesSettled} WHERE table_name = '${TABLES.traces}'`,
      `SELECT 1 FROM ${TABLES.traces} WHERE project_id = {project:String} AND name = 'it\\'s ${TABLES.scores}'`,
    ]) {
      expect(projectScopeViolation(sql, params), sql).toBeUndefined();
    }
  });

  it('refuses a read of a project table without the condition, or without the project parameter', () => {
    expect(projectScopeViolation(`SELECT 1 FROM ${TABLES.traces} FINAL WHERE id = 'x'`, params)).toMatch(TABLES.traces);
    // The condition of a subquery does not cover the outer read.
    expect(
      projectScopeViolation(
        `SELECT 1 FROM ${TABLES.traces} FINAL WHERE id IN (SELECT id FROM ${TABLES.traces} WHERE project_id = {project:String})`,
        params,
      ),
    ).toBeDefined();
    expect(projectScopeViolation(`SELECT 1 FROM ${TABLES.scores} WHERE project_id = 'p1'`, params)).toBeDefined();
    // A string before the table hides nothing after it.
    expect(projectScopeViolation(`SELECT 'x' AS a FROM ${TABLES.scores} WHERE id = 'y'`, params)).toMatch(
      TABLES.scores,
    );
    const scoped = `SELECT 1 FROM ${TABLES.scores} WHERE project_id = {project:String}`;
    expect(projectScopeViolation(scoped, {})).toMatch(/project parameter/);
    expect(projectScopeViolation(scoped, { project: '' })).toBeDefined();
  });

  it('is enforced by the query port', async () => {
    await expect(
      queryRows(db, { sql: `SELECT count() FROM ${TABLES.traces}`, tag: 'unscoped', map: (r) => r }),
    ).rejects.toThrow(/unscoped: a read of traces_v2 without its project condition/);
    const p = new ProjectParams('p1');
    const rows = await queryRows(db, {
      sql: `SELECT count() AS n FROM ${TABLES.traces} WHERE project_id = {project:String}`,
      params: p.params,
      tag: 'scoped',
      map: (r) => Number(r.n),
    });
    expect(rows).toEqual([0]);
  });
});
