import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FileLayer, type LogChunk, type LogFile, nodeFileLayer, WriteAheadLog } from '../src/index.ts';

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

/** What a fault hook may do to one call: fail it with an errno code, or (writev) write only part. */
export type Fault = { fail: string } | { shortBy: number } | undefined;

/**
 * The real file layer with failures injected per call, as a full disk (ENOSPC on a write, possibly
 * after part of it reached the file) or a failing disk (EIO on fdatasync) produce them.
 */
export function faultyFileLayer(hooks: {
  writev?: (file: string) => Fault;
  datasync?: (file: string) => Fault;
  syncDir?: (dir: string) => Fault;
  open?: (file: string) => Fault;
}): FileLayer & { syncDirCalls: number } {
  const errno = (code: string) => Object.assign(new Error(`injected ${code}`), { code });
  const layer = {
    ...nodeFileLayer,
    syncDirCalls: 0,
    async open(file: string, mode: 'create' | 'read' | 'write'): Promise<LogFile> {
      const f = hooks.open?.(file);
      if (f && 'fail' in f) throw errno(f.fail);
      const inner = await nodeFileLayer.open(file, mode);
      return {
        ...inner,
        read: inner.read.bind(inner),
        truncate: inner.truncate.bind(inner),
        size: inner.size.bind(inner),
        close: inner.close.bind(inner),
        async writev(buffers, position) {
          const fault = hooks.writev?.(file);
          if (fault && 'fail' in fault) throw errno(fault.fail);
          if (fault && 'shortBy' in fault) {
            const all = Buffer.concat(buffers);
            return inner.writev([all.subarray(0, Math.max(0, all.length - fault.shortBy))], position);
          }
          return inner.writev(buffers, position);
        },
        async datasync() {
          const fault = hooks.datasync?.(file);
          if (fault && 'fail' in fault) throw errno(fault.fail);
          return inner.datasync();
        },
      };
    },
    async syncDir(dir: string) {
      layer.syncDirCalls++;
      const fault = hooks.syncDir?.(dir);
      if (fault && 'fail' in fault) throw errno(fault.fail);
      return nodeFileLayer.syncDir(dir);
    },
  };
  return layer;
}
