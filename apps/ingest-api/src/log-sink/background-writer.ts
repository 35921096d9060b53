import { DEFAULT_CHUNK_FORMAT, type LogReader, type LogRecord, type WriteAheadLog } from '@spanhouse/ingest-log';
import type { Logger } from 'pino';
import { chunkWithProject } from './chunks-before-projects.ts';
import { type QueuedChunk, TableQueue } from './table-queue.ts';
import { type InsertBatch, type TableWriter, UnknownChunkFormatError } from './table-writer.ts';

export type WriterOptions = {
  log: WriteAheadLog;
  /** The writer port the inserts go through. */
  writer: TableWriter;
  /**
   * Inserts of one table start at most once per interval, unless `maxInsertBytes` are waiting or
   * an answer waits for a commit (then at most once per WAITED_INTERVAL_MS).
   */
  intervalMs: number;
  /** The largest insert (bytes of encoded rows); more waiting means back-to-back inserts. */
  maxInsertBytes: number;
  /**
   * Tables whose rows of a record are inserted only once other tables have committed that record
   * (table → the tables it waits for; no cycles): what a reader finds in the first is then
   * readable in the others. Tables not named insert independently.
   */
  insertAfter?: Readonly<Record<string, readonly string[]>>;
  /** Chunks read ahead of the inserts, at most (bounds this writer's memory). */
  readAheadBytes: number;
  /** True for errors retrying cannot fix (rows ClickHouse refuses). */
  isPermanent: (err: unknown) => boolean;
  /** Where rows ClickHouse refuses for good are kept (they were acknowledged: never just dropped). */
  deadLetter: (chunk: QueuedChunk, err: unknown) => Promise<void>;
  logger?: Logger;
  onInsert?: (info: { table: string; rows: number; bytes: number; seconds: number; ok: boolean }) => void;
  /** After each committed chunk (one request's rows of one table): how long after its append it became readable. */
  onCommitted?: (table: string, lagSeconds: number) => void;
};

/** The rows read from the log and waiting for their insert. */
export type Backlog = {
  queuedBytes: number;
  /** Age of the oldest waiting row (ms); 0 when none waits. */
  oldestAgeMs: number;
  /** Its record's LSN, when one waits. */
  oldestLsn?: number;
};

type Waiter = {
  lsn: number;
  tables: string[];
  resolve: () => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout | undefined;
};

/**
 * The spacing of one table's inserts while an answer waits for a commit (a paced answer, or a
 * request that asked to wait): the interval exists to make fewer, larger parts when nobody waits,
 * and a waiting client would otherwise wait for it too. Not zero: a client that waits for every
 * request's commit would make a part per request.
 */
const WAITED_INTERVAL_MS = 100;

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;

/** Rows were durable in the log but not committed to ClickHouse within the time the client would wait. */
export class CommitTimeoutError extends Error {
  override name = 'CommitTimeoutError';
  constructor(timeoutMs: number) {
    super(`the rows are durable in the ingest log but were not committed to ClickHouse within ${timeoutMs} ms`);
  }
}

/**
 * Moves the log into ClickHouse: reads records in LSN order (only durable ones), queues each
 * chunk under its table, and inserts each table's queue in large blocks, one insert at a time
 * per table, spaced by the interval. A transient failure is retried with backoff (the log keeps
 * the rows meanwhile); rows refused for good are isolated chunk by chunk and the refused chunk is
 * set aside as a dead letter. Once every table has committed past a record, the log is told
 * (markCommitted), which removes finished segments. Replaying a record twice is harmless: every
 * table folds rows with the same id.
 */
export class BackgroundWriter {
  private readonly reader: LogReader;
  private readonly queues = new Map<string, TableQueue>();
  private readonly waiters = new Set<Waiter>();
  private readLsn: number;
  private marked: number;
  private reading = false;
  private stopped = false;
  /** While closing: insert whatever waits without waiting for intervals. */
  private draining = false;
  private queuedBytes = 0;
  private unsubscribe: () => void;
  /** Since when inserts have been failing (ms), and the last error; undefined while they succeed. */
  failing: { since: number; error: string } | undefined;
  /** When an insert last failed for a reason retrying can fix (ms). */
  lastFailureAt = Number.NEGATIVE_INFINITY;
  /** LSN the recovered records end at: replay is done once everything up to it is committed. */
  readonly replayTarget: number;
  replayedRecords = 0;

  constructor(private readonly opts: WriterOptions) {
    this.reader = opts.log.reader();
    this.readLsn = opts.log.committedLsn;
    this.marked = opts.log.committedLsn;
    this.replayTarget = opts.log.lastLsn;
    this.unsubscribe = opts.log.onDurable(() => this.pump());
    opts.writer.opened?.({ committedLsn: this.marked, lastLsn: this.replayTarget });
    this.pump();
  }

  /** LSN up to which every table has committed everything. */
  get committedLsn(): number {
    let lsn = this.readLsn;
    for (const q of this.queues.values()) lsn = Math.min(lsn, q.committedUpTo(this.readLsn));
    return lsn;
  }

  get replayed(): boolean {
    return this.committedLsn >= this.replayTarget;
  }

  /** Bytes read from the log and waiting for their insert, and the oldest of them. */
  backlog(now = Date.now()): Backlog {
    let oldest: QueuedChunk | undefined;
    for (const q of this.queues.values()) {
      const first = q.chunks[0];
      if (first && (!oldest || first.appendedAtMs < oldest.appendedAtMs)) oldest = first;
    }
    if (!oldest) return { queuedBytes: this.queuedBytes, oldestAgeMs: 0 };
    return {
      queuedBytes: this.queuedBytes,
      oldestAgeMs: Math.max(0, now - oldest.appendedAtMs),
      oldestLsn: oldest.lsn,
    };
  }

  /**
   * Resolves once the rows of record `lsn` for `tables` are committed; CommitTimeoutError after
   * `timeoutMs` (never, when it is Infinity) or when the writer stops.
   */
  waitCommitted(lsn: number, tables: string[], timeoutMs: number): Promise<void> {
    if (this.isCommitted(lsn, tables)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        lsn,
        tables,
        resolve,
        reject,
        timer: Number.isFinite(timeoutMs)
          ? setTimeout(() => {
              this.waiters.delete(waiter);
              reject(new CommitTimeoutError(timeoutMs));
            }, timeoutMs)
          : undefined,
      };
      this.waiters.add(waiter);
      this.hurry();
    });
  }

  /** Inserts without waiting for intervals until everything durable is committed, or `timeoutMs` passes. */
  async drain(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    const target = this.opts.log.lastLsn;
    this.draining = true;
    this.pump();
    while (this.committedLsn < target && Date.now() < deadline && !this.stopped) {
      await new Promise((r) => setTimeout(r, 10));
      this.pump();
    }
    return this.committedLsn >= target;
  }

  /**
   * Stops reading and inserting (an insert in flight finishes, and what the writer port runs in the
   * background after its inserts settles); waiters are refused.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe();
    for (const q of this.queues.values()) clearTimeout(q.timer);
    for (const w of this.waiters) {
      clearTimeout(w.timer);
      w.reject(new CommitTimeoutError(0));
    }
    this.waiters.clear();
    while (this.reading || [...this.queues.values()].some((q) => q.inFlight))
      await new Promise((r) => setTimeout(r, 5));
    await this.opts.writer.settle?.();
    await this.reader.close();
  }

  /** Reschedules the inserts that wait for their interval, now that someone waits for them. */
  private hurry(): void {
    if (this.opts.intervalMs <= WAITED_INTERVAL_MS) return;
    for (const q of this.queues.values()) {
      if (!q.timer) continue;
      clearTimeout(q.timer);
      q.timer = undefined;
      this.maybeInsert(q);
    }
  }

  private pump(): void {
    if (this.stopped) return;
    void this.readAhead();
    for (const q of this.queues.values()) this.maybeInsert(q);
  }

  private async readAhead(): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    try {
      while (!this.stopped && this.queuedBytes < this.opts.readAheadBytes) {
        const records = await this.reader.read(this.opts.readAheadBytes - this.queuedBytes);
        if (records.length === 0) break;
        for (const record of records) this.dispatch(record);
        this.settle();
        for (const q of this.queues.values()) this.maybeInsert(q);
      }
    } catch (err) {
      this.opts.logger?.error({ err }, 'ingest log: reading failed; retrying');
      setTimeout(() => this.pump(), RETRY_MAX_MS).unref();
    } finally {
      this.reading = false;
    }
  }

  private dispatch(record: LogRecord): void {
    for (const written of record.chunks) {
      const chunk = chunkWithProject(written);
      let q = this.queues.get(chunk.table);
      if (!q) {
        q = new TableQueue(chunk.table);
        this.queues.set(chunk.table, q);
      }
      q.push({ ...chunk, lsn: record.lsn, appendedAtMs: record.appendedAtMs });
      this.queuedBytes += chunk.data.length;
    }
    if (record.lsn <= this.replayTarget) this.replayedRecords++;
    this.readLsn = record.lsn;
  }

  private maybeInsert(q: TableQueue): void {
    if (q.inFlight || q.chunks.length === 0 || this.stopped) return;
    const upToLsn = this.insertableUpTo(q);
    // Waiting for another table's commit: that insert's end pumps every queue again.
    if (q.chunks[0]!.lsn > upToLsn) {
      q.heldByOrder = true;
      return;
    }
    const now = Date.now();
    // Rows held for another table's insert go as soon as it is done: that table's spacing already
    // made them wait, and they are what a reader of both tables waits for.
    const full = q.bytes >= this.opts.maxInsertBytes || this.draining || q.heldByOrder;
    const interval = this.waiters.size > 0 ? Math.min(this.opts.intervalMs, WAITED_INTERVAL_MS) : this.opts.intervalMs;
    const due = Math.max(full ? now : q.lastStart + interval, q.retryAt);
    if (now < due) {
      if (!q.timer) {
        q.timer = setTimeout(() => {
          q.timer = undefined;
          this.maybeInsert(q);
        }, due - now);
      }
      return;
    }
    void this.insert(q, upToLsn);
  }

  /** Inserts the next batch of `q`, of records up to `upToLsn` (insertableUpTo, as maybeInsert found it). */
  private async insert(q: TableQueue, upToLsn: number): Promise<void> {
    q.inFlight = true;
    q.lastStart = Date.now();
    q.heldByOrder = false;
    const batch = q.nextBatch(this.opts.maxInsertBytes, upToLsn);
    const data = batch.length === 1 ? asBuffer(batch[0]!.data) : Buffer.concat(batch.map((c) => c.data));
    const rows = batch.reduce((n, c) => n + c.rows, 0);
    const start = performance.now();
    try {
      await this.opts.writer.insert(insertOf(q.table, batch[0]!, data, batch[batch.length - 1]!.lsn));
      this.report(q.table, rows, data.length, start, true);
      this.commit(q, batch.length);
      if (q.failures > 0 && this.failing) this.opts.logger?.info({ table: q.table }, 'ClickHouse inserts recovered');
      q.failures = 0;
      if (![...this.queues.values()].some((other) => other.failures > 0)) this.failing = undefined;
    } catch (err) {
      this.report(q.table, rows, data.length, start, false);
      await this.failed(q, batch, err);
    } finally {
      q.inFlight = false;
      this.pump();
    }
  }

  /** The last LSN `q` may insert now: every table it waits for has committed up to it. */
  private insertableUpTo(q: TableQueue): number {
    let lsn = this.readLsn;
    for (const table of this.opts.insertAfter?.[q.table] ?? []) {
      const before = this.queues.get(table);
      if (before) lsn = Math.min(lsn, before.committedUpTo(this.readLsn));
    }
    return lsn;
  }

  private async failed(q: TableQueue, batch: QueuedChunk[], err: unknown): Promise<void> {
    if (this.opts.isPermanent(err)) {
      if (batch.length > 1) {
        // Some chunk holds rows ClickHouse refuses: insert them one by one to find it.
        q.isolate = batch.length;
        return;
      }
      this.opts.logger?.error(
        { err, table: q.table, lsn: batch[0]!.lsn },
        'ClickHouse refused rows for good; set aside',
      );
      await this.opts.deadLetter(batch[0]!, err);
      this.commit(q, 1, false);
      return;
    }
    q.failures++;
    this.lastFailureAt = Date.now();
    const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (q.failures - 1));
    // Jitter: processes that lost ClickHouse together do not all retry in the same instant.
    q.retryAt = Date.now() + delay * (0.75 + Math.random() / 4);
    this.failing ??= { since: Date.now(), error: String((err as Error)?.message ?? err) };
    this.opts.logger?.warn(
      { err, table: q.table, retryInMs: Math.round(delay) },
      'insert failed; the log keeps the rows',
    );
  }

  /** The first `chunks` of `q` are done with: inserted (readable), or set aside. */
  private commit(q: TableQueue, chunks: number, readable = true): void {
    const now = Date.now();
    for (const c of q.chunks.slice(0, chunks)) {
      this.queuedBytes -= c.data.length;
      if (readable) this.opts.onCommitted?.(q.table, Math.max(0, now - c.appendedAtMs) / 1000);
    }
    q.shift(chunks);
    this.settle();
  }

  /** Wakes the waiters whose rows are committed, and tells the log how far everything is. */
  private settle(): void {
    for (const w of this.waiters) {
      if (!this.isCommitted(w.lsn, w.tables)) continue;
      clearTimeout(w.timer);
      this.waiters.delete(w);
      w.resolve();
    }
    const committed = this.committedLsn;
    if (committed > this.marked) {
      this.marked = committed;
      this.opts.writer.committed?.(committed);
      this.opts.log
        .markCommitted(committed)
        .catch((err) => this.opts.logger?.warn({ err }, 'ingest log: cleanup failed'));
    }
  }

  private isCommitted(lsn: number, tables: string[]): boolean {
    return tables.every((t) => (this.queues.get(t)?.committedUpTo(this.readLsn) ?? this.readLsn) >= lsn);
  }

  private report(table: string, rows: number, bytes: number, start: number, ok: boolean): void {
    this.opts.onInsert?.({ table, rows, bytes, seconds: (performance.now() - start) / 1000, ok });
  }
}

/**
 * The insert of `data`, chunks laid out as `first` (a batch holds chunks of one layout): in the
 * format and with the types the chunk was written in, which a record names itself (a record
 * written before formats holds TabSeparated), so a log written by the version before an upgrade
 * is inserted as it was written.
 */
function insertOf(table: string, first: QueuedChunk, data: Buffer, lsn: number): InsertBatch {
  const columns = first.columns as [string, ...string[]];
  const format = first.format ?? DEFAULT_CHUNK_FORMAT;
  if (format === 'TabSeparated') return { table, columns, format, data, lsn };
  if (format === 'RowBinary' && first.types?.length === columns.length)
    return { table, columns, format, types: first.types as [string, ...string[]], data, lsn };
  // Not a layout this version inserts: an error retrying cannot fix, so the chunk is set aside.
  throw new UnknownChunkFormatError(table, format);
}

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
