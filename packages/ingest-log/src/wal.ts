import path from 'node:path';
import type { Logger } from 'pino';
import { LogClosedError, LogFullError, LogLockedError, LogWriteError, RecordTooLargeError } from './errors.ts';
import { type FileLayer, nodeFileLayer } from './file-layer.ts';
import { LogReader } from './reader.ts';
import { encodeRecord, type LogChunk } from './record.ts';
import { type RecoveryReport, recoverSegments } from './recovery.ts';
import { type Segment, segmentPath } from './segments.ts';

export type WalOptions = {
  dir: string;
  /**
   * A new segment starts once the current one holds this many bytes (at most an eighth of
   * `maxBytes`, so committed rows waiting in a segment that is still written to never take more
   * than that share of the budget).
   */
  segmentBytes: number;
  /** Disk budget: appends past it are refused with LogFullError until committed segments are removed. */
  maxBytes: number;
  fs?: FileLayer;
  logger?: Logger;
  /** Called after every group commit (one write and one fdatasync for every record that waited). */
  onSync?: (info: { records: number; bytes: number; seconds: number; ok: boolean }) => void;
};

type Waiting = {
  parts: Uint8Array[];
  bytes: number;
  lsn: number;
  resolve: (lsn: number) => void;
  reject: (e: Error) => void;
};

/** Zeroed room a small group adds after its records when it reaches the end of the file. */
const ROOM_BYTES = 4 * 1024 * 1024;
/**
 * A group of at least this many bytes grows the file by itself, without zeroed room: its one
 * journal commit is shared by enough records, and writing zeros ahead under load would double the
 * bytes the disk takes.
 */
const SMALL_GROUP_BYTES = 64 * 1024;
const ZEROS = new Uint8Array(ROOM_BYTES);

const CHECKPOINT = 'committed-lsn';
const LOCK = 'LOCK';

/**
 * The write-ahead log of an ingest process: records appended to segment files in one directory,
 * acknowledged once synced.
 *
 * Contracts:
 * - `append` resolves with the record's LSN once the record, and every record appended before
 *   it, is on disk (write + fdatasync; a new segment's directory entry is synced before any
 *   record in it is acknowledged). Records waiting while a sync runs share the next one (group
 *   commit). A small group that reaches the end of the file writes zeroed room after its records
 *   (synced with them), which the next groups overwrite: their writes leave the file's size alone,
 *   so their fdatasync flushes their blocks without a commit of the file system's journal (which
 *   would wait for every other file's metadata, ClickHouse's parts included). Recovery and
 *   sealing cut the room off. It rejects with LogFullError past the disk budget, LogWriteError when the write or
 *   the sync failed (nothing of that group is acknowledged, and the segment it went to is never
 *   written again), LogClosedError after `close`.
 * - `markCommitted(lsn)`: the consumer has stored every record up to `lsn`; segments holding only
 *   such records are removed and the LSN is remembered (replay at the next start skips them).
 * - Only one open log per directory: `open` refuses with LogLockedError otherwise.
 */
export class WriteAheadLog {
  private readonly fs: FileLayer;
  private readonly waiting: Waiting[] = [];
  private waitingBytes = 0;
  /** Bytes of the group being written: counted against the budget until they are on disk (or failed). */
  private writingBytes = 0;
  private writing = false;
  private closed = false;
  private diskBytes = 0;
  private nextSeq: number;
  private nextLsn: number;
  private committed: number;
  /** The markCommitted work in progress (segment removal, then the LSN file). */
  private cleanup: Promise<void> = Promise.resolve();
  private readonly durableListeners = new Set<() => void>();
  private readonly segmentBytes: number;

  private constructor(
    private readonly opts: WalOptions,
    /** In order; the last one is the segment appends go to when it has a file open. */
    readonly segments: Segment[],
    readonly recovery: RecoveryReport,
    committedLsn: number,
    private readonly lock: { release(): Promise<void> },
  ) {
    this.fs = opts.fs ?? nodeFileLayer;
    this.segmentBytes = Math.max(1, Math.min(opts.segmentBytes, Math.floor(opts.maxBytes / 8)));
    this.nextSeq = (segments.at(-1)?.seq ?? 0) + 1;
    this.nextLsn = Math.max(recovery.lastLsn, committedLsn) + 1;
    this.committed = committedLsn;
    for (const s of segments) this.diskBytes += s.fileBytes;
  }

  /** Locks `dir`, recovers its segments (see recoverSegments) and removes those already committed. */
  static async open(opts: WalOptions): Promise<WriteAheadLog> {
    const fs = opts.fs ?? nodeFileLayer;
    await fs.mkdir(opts.dir);
    const lock = await fs.lock(
      path.join(opts.dir, LOCK),
      `process ${process.pid} (started ${new Date().toISOString()})`,
    );
    if ('heldBy' in lock) throw new LogLockedError(opts.dir, lock.heldBy);
    try {
      const { segments, report } = await recoverSegments(opts.dir, fs, opts.logger);
      const text = await fs.readText(path.join(opts.dir, CHECKPOINT));
      const committed = Number.parseInt(text ?? '0', 10);
      const log = new WriteAheadLog(opts, segments, report, Number.isSafeInteger(committed) ? committed : 0, lock);
      await log.removeCommittedSegments();
      return log;
    } catch (err) {
      await lock.release();
      throw err;
    }
  }

  /** LSN up to which the consumer has stored every record (from the last run, at first). */
  get committedLsn(): number {
    return this.committed;
  }

  /** Bytes of the log on disk plus those waiting for the next sync. */
  get usedBytes(): number {
    return this.diskBytes + this.waitingBytes + this.writingBytes;
  }

  get logger(): Logger | undefined {
    return this.opts.logger;
  }

  get maxBytes(): number {
    return this.opts.maxBytes;
  }

  /** The highest LSN handed out so far. */
  get lastLsn(): number {
    return this.nextLsn - 1;
  }

  append(chunks: LogChunk[]): Promise<number> {
    if (this.closed) return Promise.reject(new LogClosedError());
    const lsn = this.nextLsn;
    const { parts, bytes } = encodeRecord({ lsn, appendedAtMs: Date.now(), chunks });
    if (bytes > this.opts.maxBytes) return Promise.reject(new RecordTooLargeError(bytes, this.opts.maxBytes));
    if (this.usedBytes + bytes > this.opts.maxBytes) {
      return Promise.reject(new LogFullError(this.usedBytes, this.opts.maxBytes));
    }
    this.nextLsn++;
    return new Promise<number>((resolve, reject) => {
      this.waiting.push({ parts, bytes, lsn, resolve, reject });
      this.waitingBytes += bytes;
      void this.writeLoop();
    });
  }

  /** A reader of the records after `afterLsn`, in order, as they become durable. */
  reader(afterLsn = this.committed): LogReader {
    return new LogReader(this, this.fs, afterLsn);
  }

  /** Calls `listener` after every successful sync (new records are durable). Returns an unsubscribe. */
  onDurable(listener: () => void): () => void {
    this.durableListeners.add(listener);
    return () => this.durableListeners.delete(listener);
  }

  /**
   * See the class contract. Removes segments in order; never the one appends go to. Calls run one
   * after another, and close() waits for the one in progress: nothing touches the directory once
   * it is released.
   */
  async markCommitted(lsn: number): Promise<void> {
    if (lsn <= this.committed || this.closed) return;
    this.committed = lsn;
    const run = this.cleanup.then(() => this.cleanUpTo(lsn));
    this.cleanup = run.catch(() => undefined);
    await run;
  }

  private async cleanUpTo(lsn: number): Promise<void> {
    await this.removeCommittedSegments();
    // The LSN file need not be synced: losing it only replays records already stored, which the
    // tables fold (every row is keyed by id).
    const tmp = path.join(this.opts.dir, `${CHECKPOINT}.tmp`);
    await this.fs
      .writeText(tmp, String(lsn))
      .then(() => this.fs.rename(tmp, path.join(this.opts.dir, CHECKPOINT)))
      .catch((err) => this.opts.logger?.warn({ err }, 'ingest log: could not record the committed LSN'));
  }

  /** Stops appends, waits for those in progress, closes the files and releases the directory. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    while (this.writing || this.waiting.length > 0) await new Promise((r) => setTimeout(r, 5));
    await this.cleanup;
    for (const s of this.segments) await this.seal(s);
    await this.lock.release();
  }

  private async removeCommittedSegments(): Promise<void> {
    // A segment still written to whose every record is committed, past a quarter of its size on
    // disk (its zeroed room included), is sealed (the next append starts a new one) so that it can
    // go too.
    const current = this.segments.at(-1);
    if (
      current?.file &&
      current.lastLsn !== undefined &&
      current.lastLsn <= this.committed &&
      current.fileBytes >= this.segmentBytes / 4 &&
      !this.writing
    ) {
      await this.seal(current);
    }
    while (this.segments.length > 0) {
      const s = this.segments[0]!;
      const done = s.lastLsn === undefined ? s.durableEnd === 0 && !s.file : s.lastLsn <= this.committed;
      if (!done || s.file) return;
      this.segments.shift();
      this.diskBytes -= s.fileBytes;
      await this.fs.remove(s.path);
    }
  }

  private async writeLoop(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0);
        const bytes = this.waitingBytes;
        this.waitingBytes = 0;
        this.writingBytes = bytes;
        try {
          await this.writeGroup(group, bytes);
        } finally {
          this.writingBytes = 0;
        }
      }
    } finally {
      this.writing = false;
    }
  }

  private async writeGroup(group: Waiting[], bytes: number): Promise<void> {
    const start = performance.now();
    let segment: Segment | undefined;
    try {
      segment = await this.segmentFor(bytes);
      const file = segment.file!;
      const room = this.roomAfter(segment, bytes);
      const buffers = group.flatMap((w) => w.parts);
      if (room > 0) buffers.push(ZEROS.subarray(0, room));
      const written = await file.writev(buffers, segment.size);
      const fileBytes = Math.max(segment.fileBytes, segment.size + written);
      this.diskBytes += fileBytes - segment.fileBytes;
      segment.fileBytes = fileBytes;
      segment.size += Math.min(written, bytes);
      this.writingBytes = 0;
      if (written !== bytes + room)
        throw Object.assign(new Error(`short write: ${written} of ${bytes + room} bytes`), { code: 'EIO' });
      await file.datasync();
    } catch (err) {
      const failure = new LogWriteError(err);
      this.opts.logger?.error(
        { err, records: group.length, bytes },
        'ingest log: write or sync failed; not acknowledged',
      );
      if (segment) await this.distrust(segment);
      this.opts.onSync?.({ records: group.length, bytes, seconds: (performance.now() - start) / 1000, ok: false });
      for (const w of group) w.reject(failure);
      return;
    }
    segment.durableEnd = segment.size;
    segment.firstLsn ??= group[0]!.lsn;
    segment.lastLsn = group.at(-1)!.lsn;
    this.opts.onSync?.({ records: group.length, bytes, seconds: (performance.now() - start) / 1000, ok: true });
    for (const w of group) w.resolve(w.lsn);
    for (const listener of this.durableListeners) listener();
  }

  /**
   * Zero bytes to write after a group of `bytes` (see the class contract): none while the group
   * fits in the file, for a large group, or past the segment's size or the budget.
   */
  private roomAfter(segment: Segment, bytes: number): number {
    const end = segment.size + bytes;
    if (end <= segment.fileBytes || bytes >= SMALL_GROUP_BYTES) return 0;
    const target = Math.min(this.segmentBytes, end + ROOM_BYTES);
    const budget = this.opts.maxBytes - (this.diskBytes + this.waitingBytes + bytes);
    return Math.max(0, Math.min(target - end, budget));
  }

  /** The segment `bytes` more go to: the current one, or a new one when it is full or not trusted. */
  private async segmentFor(bytes: number): Promise<Segment> {
    const current = this.segments.at(-1);
    if (current?.file) {
      if (current.size === 0 || current.size + bytes <= this.segmentBytes) return current;
      await this.seal(current);
    }
    const seq = this.nextSeq++;
    const file = await this.fs.open(segmentPath(this.opts.dir, seq), 'create');
    const segment: Segment = { seq, path: segmentPath(this.opts.dir, seq), durableEnd: 0, size: 0, fileBytes: 0, file };
    this.segments.push(segment);
    try {
      await this.fs.syncDir(this.opts.dir);
    } catch (err) {
      await this.distrust(segment);
      throw err;
    }
    return segment;
  }

  /** Closes the segment for appends, with its zeroed room cut off (recovery would cut it too). */
  private async seal(segment: Segment): Promise<void> {
    const file = segment.file;
    segment.file = undefined;
    if (file && segment.fileBytes > segment.size) {
      try {
        await file.truncate(segment.size);
        this.diskBytes -= segment.fileBytes - segment.size;
        segment.fileBytes = segment.size;
      } catch {
        // Counted against the budget until the segment is removed.
      }
    }
    await file?.close().catch(() => undefined);
  }

  /**
   * After a failed write or sync, the segment is never written again (pages whose sync failed may
   * be gone from the disk while still readable from memory). What it holds past its last
   * acknowledged record is cut off if possible; recovery would cut it off as a torn tail anyway.
   */
  private async distrust(segment: Segment): Promise<void> {
    const file = segment.file;
    if (file && segment.fileBytes > segment.durableEnd) {
      try {
        await file.truncate(segment.durableEnd);
        this.diskBytes -= segment.fileBytes - segment.durableEnd;
        segment.size = segment.durableEnd;
        segment.fileBytes = segment.durableEnd;
      } catch {
        // Counted against the budget until the segment is removed.
      }
    }
    await this.seal(segment);
  }
}
