import type { FileLayer, LogFile } from './file-layer.ts';
import { nodeFileLayer } from './file-layer.ts';

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
