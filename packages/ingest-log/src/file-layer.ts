/// <reference path="./native-lock.d.ts" />
import { constants } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tryLock } from 'fs-native-extensions';

/**
 * The file operations the log needs, and nothing else: the seam where tests inject the failures
 * real disks produce (ENOSPC on a write, EIO on fdatasync) without a real failing disk.
 */
export type LogFile = {
  /** Writes every buffer at `position`, in order; resolves to the bytes written (short on failure mid-way). */
  writev(buffers: readonly Uint8Array[], position: number): Promise<number>;
  /** fdatasync: the written bytes survive power loss once it resolves. */
  datasync(): Promise<void>;
  /** Reads into `into` from `position`; resolves to the bytes read (fewer at the end of the file). */
  read(into: Buffer, position: number): Promise<number>;
  truncate(length: number): Promise<void>;
  size(): Promise<number>;
  close(): Promise<void>;
};

export type FileLayer = {
  /** `create` fails if the file exists; `read` opens read-only; `write` opens an existing file read-write. */
  open(path: string, mode: 'create' | 'read' | 'write'): Promise<LogFile>;
  /** fsync of a directory: a file created, renamed or removed in it survives power loss once it resolves. */
  syncDir(path: string): Promise<void>;
  list(dir: string): Promise<string[]>;
  mkdir(path: string): Promise<void>;
  remove(path: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** The file's text, or undefined when it does not exist. */
  readText(path: string): Promise<string | undefined>;
  writeText(path: string, text: string): Promise<void>;
  /**
   * Takes an exclusive lock on `path` (created if missing) for as long as this process lives, or
   * until `release`, and writes `note` (who holds it) into the file. When another process (or
   * another open log in this one) holds it, resolves to that holder's note instead. The kernel
   * drops the lock when its holder dies, so a crash never leaves it behind.
   */
  lock(path: string, note: string): Promise<{ release(): Promise<void> } | { heldBy: string }>;
};

class NodeLogFile implements LogFile {
  constructor(private readonly handle: FileHandle) {}
  async writev(buffers: readonly Uint8Array[], position: number): Promise<number> {
    return (await this.handle.writev(buffers as Uint8Array[], position)).bytesWritten;
  }
  datasync(): Promise<void> {
    return this.handle.datasync();
  }
  async read(into: Buffer, position: number): Promise<number> {
    let total = 0;
    while (total < into.length) {
      const { bytesRead } = await this.handle.read(into, total, into.length - total, position + total);
      if (bytesRead === 0) break;
      total += bytesRead;
    }
    return total;
  }
  truncate(length: number): Promise<void> {
    return this.handle.truncate(length);
  }
  async size(): Promise<number> {
    return (await this.handle.stat()).size;
  }
  close(): Promise<void> {
    return this.handle.close();
  }
}

const OPEN_FLAGS = {
  create: constants.O_RDWR | constants.O_CREAT | constants.O_EXCL,
  read: constants.O_RDONLY,
  write: constants.O_RDWR,
} as const;

/** The real file system. */
export const nodeFileLayer: FileLayer = {
  async open(path, mode) {
    return new NodeLogFile(await open(path, OPEN_FLAGS[mode], 0o644));
  },
  async syncDir(path) {
    const dir = await open(path, constants.O_RDONLY);
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  },
  list: (dir) => readdir(dir),
  mkdir: async (path) => void (await mkdir(path, { recursive: true })),
  remove: (path) => rm(path, { force: true }),
  rename: (from, to) => rename(from, to),
  async readText(path) {
    try {
      return await readFile(path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  },
  writeText: (path, text) => writeFile(path, text),
  async lock(path, note) {
    const handle = await open(path, constants.O_RDWR | constants.O_CREAT, 0o644);
    if (!tryLock(handle.fd)) {
      await handle.close();
      return { heldBy: (await readFile(path, 'utf8')).trim() || 'another process' };
    }
    await handle.truncate(0);
    await handle.write(note, 0);
    return { release: () => handle.close() };
  },
};
