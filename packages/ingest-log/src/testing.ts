import { crc32c } from '@node-rs/crc32';
import type { FileLayer, LogFile } from './file-layer.ts';
import { nodeFileLayer } from './file-layer.ts';
import { type LogRecord, RECORD_MAGIC_V1 } from './record.ts';

/** Test helpers: not part of the production entry. */

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

/**
 * A record as the log wrote it before chunks named their format (version 1, "SHL1": TabSeparated
 * chunks with their table and column names only), for tests of logs written before an upgrade.
 * The layout is frozen: version 1 records are only ever read now.
 */
export function encodeRecordV1(record: LogRecord): Buffer {
  const HEADER = 12;
  const parts: Buffer[] = [];
  const head = Buffer.alloc(HEADER + 18);
  head.writeBigUInt64LE(BigInt(record.lsn), HEADER);
  head.writeDoubleLE(record.appendedAtMs, HEADER + 8);
  head.writeUInt16LE(record.chunks.length, HEADER + 16);
  for (const chunk of record.chunks) {
    const table = Buffer.from(chunk.table, 'latin1');
    const columns = Buffer.from(chunk.columns.join(','), 'latin1');
    const meta = Buffer.alloc(1 + table.length + 2 + columns.length + 8);
    let at = meta.writeUInt8(table.length, 0);
    at += table.copy(meta, at);
    at = meta.writeUInt16LE(columns.length, at);
    at += columns.copy(meta, at);
    at = meta.writeUInt32LE(chunk.rows, at);
    meta.writeUInt32LE(chunk.data.length, at);
    parts.push(meta, Buffer.from(chunk.data));
  }
  const payload = Buffer.concat([head.subarray(HEADER), ...parts]);
  head.writeUInt32LE(RECORD_MAGIC_V1, 0);
  head.writeUInt32LE(payload.length, 4);
  head.writeUInt32LE(crc32c(payload, crc32c(head.subarray(4, 8))) >>> 0, 8);
  return Buffer.concat([head.subarray(0, HEADER), payload]);
}
