import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LogChunk, WriteAheadLog } from '../src/index.ts';

export { faultyFileLayer } from '../src/testing.ts';

export const tempLogDir = () => mkdtempSync(path.join(tmpdir(), 'spanhouse-wal-'));
export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });

/** A chunk of `table` whose data is `text` (one line per row). */
export function chunk(table: string, text: string): LogChunk {
  return { table, columns: ['a', 'b'], rows: text.split('\n').filter(Boolean).length, data: Buffer.from(text) };
}

export const openLog = (dir: string, extra: Partial<Parameters<typeof WriteAheadLog.open>[0]> = {}) =>
  WriteAheadLog.open({ dir, segmentBytes: 64 * 1024, maxBytes: 64 * 1024 * 1024, ...extra });

/** Every record after `afterLsn`, as `table:text` strings, in order. */
export async function readAll(log: WriteAheadLog, afterLsn?: number): Promise<{ lsn: number; text: string }[]> {
  const reader = log.reader(afterLsn);
  const out: { lsn: number; text: string }[] = [];
  for (;;) {
    const records = await reader.read(1024 * 1024);
    if (records.length === 0) break;
    for (const r of records) {
      out.push({ lsn: r.lsn, text: r.chunks.map((c) => `${c.table}:${Buffer.from(c.data).toString()}`).join('|') });
    }
  }
  await reader.close();
  return out;
}
