import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ClickHouseClient } from '@clickhouse/client';
import { logInsertSettings, settingsClause } from './insert-settings.ts';

/*
 * Inserts of rows encoded as RowBinary (docs/decisions/0054-binary-inserts.md). chDB's raw insert
 * takes text formats only and its native entry is not binary-safe, so on chDB the bytes go to a
 * file in memory (/dev/shm) that the engine reads with `file()`; a server takes them as the body
 * of `INSERT ... FORMAT RowBinary`.
 */

/** One RowBinary insert: the columns in the rows' order and the type each was written as. */
export type RowBinaryInsert = {
  table: string;
  columns: readonly [string, ...string[]];
  types: readonly [string, ...string[]];
  data: Buffer;
};

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A type as the table modules spell them: names, parentheses, commas, spaces, digits, quoted zones. */
const TYPE = /^[A-Za-z0-9_(), ']+$/;

function identifier(name: string): string {
  if (!IDENT.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return name;
}

/** A string literal of SQL text (the file's path and the rows' structure, both made here). */
const literal = (s: string) => `'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** `name Type, ...`: the structure `file()` reads the rows with. */
function structure(insert: RowBinaryInsert): string {
  if (insert.types.length !== insert.columns.length) throw new Error(`${insert.table}: a type for every column`);
  return insert.columns
    .map((c, i) => {
      const type = insert.types[i]!;
      if (!TYPE.test(type)) throw new Error(`not a column type: ${type}`);
      return `${identifier(c)} ${type}`;
    })
    .join(', ');
}

/** The rows as the body of `INSERT ... FORMAT RowBinary` (server mode). */
export function clientInsertRowBinary(client: ClickHouseClient) {
  return async (insert: RowBinaryInsert): Promise<void> => {
    const columns = insert.columns.map(identifier).join(', ');
    const { stream } = await client.exec({
      query: `INSERT INTO ${identifier(insert.table)} (${columns}) FORMAT RowBinary`,
      values: Readable.from([insert.data], { objectMode: false }),
      clickhouse_settings: logInsertSettings(insert.table),
    });
    stream.destroy();
  };
}

const FOLDER_PREFIX = 'spanhouse-inserts-';

/**
 * The files a process's inserts are read from: each in the process's own folder (named by its
 * pid), in /dev/shm when the machine has it (the bytes never reach a disk), else in the temporary
 * folder; a file that does not fit in /dev/shm (a container's is often 64 MiB) goes to the
 * temporary folder instead. Folders of processes no longer alive (a crash leaves its folder
 * behind, and /dev/shm is memory) are removed when a folder is first made.
 */
export class InsertFiles {
  private readonly folders: (string | undefined)[] = [];
  private sequence = 0;

  constructor(
    private readonly bases: readonly string[] = existsSync('/dev/shm') ? ['/dev/shm', tmpdir()] : [tmpdir()],
  ) {}

  /** This process's folder in `bases[i]`, made on first use. */
  folder(i = 0): string {
    let folder = this.folders[i];
    if (folder === undefined) {
      const base = this.bases[i]!;
      removeFoldersOfDeadProcesses(base);
      folder = mkdtempSync(path.join(base, `${FOLDER_PREFIX}${process.pid}-`));
      this.folders[i] = folder;
    }
    return folder;
  }

  /** Writes `data` to a new file, in the first base with room for it; returns the file's path. */
  async write(data: Buffer): Promise<string> {
    for (let i = 0; ; i++) {
      const file = path.join(this.folder(i), `${++this.sequence}.bin`);
      try {
        await writeFile(file, data);
        return file;
      } catch (err) {
        await unlink(file).catch(() => undefined);
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC' || i + 1 >= this.bases.length) throw err;
      }
    }
  }

  /** Removes the folders (at close). */
  remove(): void {
    for (const folder of this.folders) if (folder) rmSync(folder, { recursive: true, force: true });
  }
}

function removeFoldersOfDeadProcesses(base: string): void {
  let names: string[];
  try {
    names = readdirSync(base);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(FOLDER_PREFIX)) continue;
    const pid = Number(name.slice(FOLDER_PREFIX.length).split('-')[0]);
    if (!Number.isInteger(pid) || pid <= 0 || isAlive(pid)) continue;
    rmSync(path.join(base, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, but another user's.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The rows written to a file (InsertFiles) and inserted with `INSERT ... SELECT * FROM file(...)`
 * through the writer's connection (its session's database is the service's); the file is removed
 * once the insert is done, whether it succeeded or not.
 */
export function chdbInsertRowBinary(client: ClickHouseClient, files: InsertFiles) {
  return async (insert: RowBinaryInsert): Promise<void> => {
    const columns = insert.columns.map(identifier).join(', ');
    const rowsStructure = structure(insert);
    const file = await files.write(insert.data);
    try {
      await client.command({
        query:
          `INSERT INTO ${identifier(insert.table)} (${columns}) ` +
          `SELECT * FROM file(${literal(file)}, 'RowBinary', ${literal(rowsStructure)})` +
          settingsClause(logInsertSettings(insert.table)),
      });
    } finally {
      await unlink(file).catch(() => undefined);
    }
  };
}
