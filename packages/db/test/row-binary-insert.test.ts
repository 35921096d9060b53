import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/connection.ts';
import { clickHouseErrorCode } from '../src/errors.ts';
import { InsertFiles } from '../src/row-binary-insert.ts';
import { TABLES } from '../src/tables.ts';
import { openTestDb } from '../src/testing.ts';

const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
/** This process's insert folders. */
const ownFolders = () => readdirSync(base).filter((n) => n.startsWith(`spanhouse-inserts-${process.pid}-`));

let db: Db;
beforeAll(async () => {
  db = await openTestDb('row_binary_insert');
  await db.writer.command({ query: 'CREATE TABLE bin (s String, n UInt64) ENGINE = MergeTree ORDER BY s' });
});
afterAll(() => db?.close());

/** RowBinary rows of (String, UInt64). */
function rows(values: [string, number][]): Buffer {
  return Buffer.concat(
    values.flatMap(([s, n]) => {
      const bytes = Buffer.from(s);
      const num = Buffer.alloc(8);
      num.writeBigUInt64LE(BigInt(n));
      return [Buffer.from([bytes.length]), bytes, num];
    }),
  );
}

describe('RowBinary inserts on chDB', () => {
  it('keep the pieces of one trace sent in one insert as sent, which FINAL folds; other tables fold at insert', async () => {
    // Rows of (project_id, id, name), name a versioned Tuple(UInt64, String).
    const str = (v: string) => {
      const bytes = Buffer.from(v);
      return Buffer.concat([Buffer.from([bytes.length]), bytes]);
    };
    const u64 = (n: number) => {
      const b = Buffer.alloc(8);
      b.writeBigUInt64LE(BigInt(n));
      return b;
    };
    const traceRows = (values: [string, number, string][]) =>
      Buffer.concat(values.flatMap(([id, version, name]) => [str('p1'), str(id), u64(version), str(name)]));
    const columns = ['project_id', 'id', 'name'] as const;
    const types = ['String', 'String', 'Tuple(UInt64, String)'] as const;
    await db.insertRowBinary({
      table: TABLES.traces,
      columns: [...columns],
      types: [...types],
      data: traceRows([
        ['t1', 1, 'first'],
        ['t1', 3, 'third'],
      ]),
    });
    await db.insertText({
      table: TABLES.traces,
      columns: [...columns],
      format: 'TabSeparated',
      text: "p1\tt1\t(2,'second')\np1\tt1\t(4,'fourth')\n",
    });
    const read = async (query: string) => (await db.writer.query({ query, format: 'JSONEachRow' })).json();
    expect(await read(`SELECT toUInt32(count()) AS c FROM ${TABLES.traces} WHERE id = 't1'`)).toEqual([{ c: 4 }]);
    expect(
      await read(`SELECT name.2 AS name FROM ${TABLES.traces} FINAL WHERE project_id = 'p1' AND id = 't1'`),
    ).toEqual([{ name: 'fourth' }]);
    // A table outside the trace side keeps the engine's folding: a series sent twice in one insert is stored once.
    await db.insertText({
      table: TABLES.metricSeries,
      columns: ['project_id', 'name', 'series_id'],
      format: 'TabSeparated',
      text: 'p1\tup\t7\np1\tup\t7\n',
    });
    expect(await read(`SELECT toUInt32(count()) AS c FROM ${TABLES.metricSeries} WHERE series_id = 7`)).toEqual([
      { c: 1 },
    ]);
  });

  it('insert rows with any byte, and leave no file behind, whether the insert succeeds or fails', async () => {
    await db.insertRowBinary({
      table: 'bin',
      columns: ['s', 'n'],
      types: ['String', 'UInt64'],
      data: rows([
        ['\u0080\u00ff\0日本', 1],
        ['plain', 2],
      ]),
    });
    const rs = await db.writer.query({ query: 'SELECT hex(s) h, n FROM bin ORDER BY n', format: 'JSONEachRow' });
    expect(await rs.json()).toEqual([
      { h: Buffer.from('\u0080\u00ff\0日本').toString('hex').toUpperCase(), n: 1 },
      { h: Buffer.from('plain').toString('hex').toUpperCase(), n: 2 },
    ]);
    expect(ownFolders()).toHaveLength(1);
    const folder = path.join(base, ownFolders()[0]!);
    expect(readdirSync(folder)).toEqual([]);
    // Rows cut short: the engine refuses them, and the file is gone all the same.
    const refused = await db
      .insertRowBinary({
        table: 'bin',
        columns: ['s', 'n'],
        types: ['String', 'UInt64'],
        data: rows([['x', 1]]).subarray(0, 5),
      })
      .catch((err: unknown) => err);
    expect(clickHouseErrorCode(refused)).toBeDefined();
    expect(readdirSync(folder)).toEqual([]);
  });

  it('refuses a column name or type that is not plain, before any SQL runs', async () => {
    const bad = (columns: [string, ...string[]], types: [string, ...string[]]) =>
      db.insertRowBinary({ table: 'bin', columns, types, data: rows([['x', 1]]) });
    await expect(bad(['s', "n'); DROP TABLE bin; --"], ['String', 'UInt64'])).rejects.toThrow(/not a plain identifier/);
    await expect(bad(['s', 'n'], ['String', "UInt64') --"])).rejects.toThrow(/not a column type/);
  });

  it('removes the insert folders of processes no longer alive, and keeps those of live ones', () => {
    // Beyond the kernel's largest pid (2^22): never a live process.
    const dead = path.join(base, 'spanhouse-inserts-999999999-abc');
    mkdirSync(dead, { recursive: true });
    writeFileSync(path.join(dead, '1.bin'), 'left by a crash');
    const files = new InsertFiles([base]);
    try {
      files.folder();
      expect(existsSync(dead)).toBe(false);
      expect(ownFolders().length).toBeGreaterThanOrEqual(2);
    } finally {
      files.remove();
    }
  });

  it('writes a file that does not fit in the first folder to the next one', async () => {
    const first = mkdtempSync(path.join(tmpdir(), 'spanhouse-first-'));
    const second = mkdtempSync(path.join(tmpdir(), 'spanhouse-second-'));
    const files = new InsertFiles([first, second]);
    try {
      // The first file's name leads to /dev/full, whose writes fail with ENOSPC as a full tmpfs's do.
      symlinkSync('/dev/full', path.join(files.folder(0), '1.bin'));
      const file = await files.write(Buffer.from('rows'));
      expect(path.dirname(path.dirname(file))).toBe(second);
      expect(readdirSync(files.folder(0))).toEqual([]);
    } finally {
      files.remove();
      rmSync(first, { recursive: true, force: true });
      rmSync(second, { recursive: true, force: true });
    }
  });
});
