import { type FileLayer, type LogChunk, LogClosedError, type WalOptions, WriteAheadLog } from '@spanhouse/ingest-log';
import type { Logger } from 'pino';
import { BackgroundWriter, type WriterOptions } from './background-writer.ts';
import { deadLetterWriter } from './dead-letter.ts';
import type { IngestLog } from './ingestor.ts';

export type LocalLogOptions = {
  dir: string;
  /** Disk budget of the log (INGEST_LOG_MAX_BYTES). */
  maxBytes: number;
  segmentBytes: number;
  intervalMs: number;
  /** Past this age of the oldest acknowledged row not yet readable, the writer is behind (see `behind`). */
  maxBacklogMs: number;
  /** Past this age of the oldest acknowledged row not yet readable, answers wait for their commit (see `pacing`); 0: never. */
  paceBacklogMs: number;
  maxInsertBytes: number;
  readAheadBytes: number;
  insertAfter?: WriterOptions['insertAfter'];
  writer: WriterOptions['writer'];
  isPermanent: (err: unknown) => boolean;
  /** The file layer under the log (the real file system by default). */
  fs?: FileLayer;
  logger?: Logger;
  onSync?: WalOptions['onSync'];
  onInsert?: WriterOptions['onInsert'];
  onCommitted?: WriterOptions['onCommitted'];
  onDeadLetter?: (table: string, rows: number) => void;
};

/** How long a failed write of the log keeps the process unready without a later one succeeding. */
const DISK_FAILURE_MEMORY_MS = 10_000;

/** What /readyz and /metrics say about the log. */
export type IngestLogStatus = {
  logBytes: number;
  maxBytes: number;
  /** Records appended and not yet committed to ClickHouse by every table. */
  uncommittedRecords: number;
  /** Age of the oldest row read from the log and waiting for its insert (ms). */
  backlogAgeMs: number;
  /** Set while the writer does not keep up (see LocalIngestLog.behind): why requests are refused. */
  behind?: string;
  /** Inserts failing since (ms) with the last error, while they do. */
  failing?: { since: number; error: string };
  /**
   * Set while the last write or sync of the log failed (a full or failing disk), for at most
   * DISK_FAILURE_MEMORY_MS after the last failure: a process nobody sends to (being unready) must
   * not stay unready for want of a write that shows the disk is back.
   */
  diskFailing?: { since: number };
  replay: { records: number; replayed: number; done: boolean; tornTails: number; corruptSegments: number };
  deadLetters: number;
};

/**
 * The ingest log of this process: a write-ahead log on local disk (acknowledgement) and the
 * background writer that moves it into ClickHouse (visibility). Opening it recovers the log and
 * starts replaying what was not committed before the last stop.
 */
export class LocalIngestLog implements IngestLog {
  private closing = false;
  /** Records the log held at start that were not committed: the replay. */
  private readonly replayTotal: number;

  private constructor(
    private readonly wal: WriteAheadLog,
    private readonly writer: BackgroundWriter,
    private readonly state: { deadLetters: number; diskFailingSince?: number; lastDiskFailure?: number },
    private readonly maxBacklogMs: number,
    private readonly paceBacklogMs: number,
    private readonly maxInsertBytes: number,
  ) {
    this.replayTotal = Math.max(0, wal.recovery.lastLsn - wal.committedLsn);
  }

  /** The LSN of the last record appended (acknowledged or about to be). */
  get lastLsn(): number {
    return this.wal.lastLsn;
  }

  static async open(opts: LocalLogOptions): Promise<LocalIngestLog> {
    const logger = opts.logger;
    const state: { deadLetters: number; diskFailingSince?: number; lastDiskFailure?: number } = { deadLetters: 0 };
    const wal = await WriteAheadLog.open({
      dir: opts.dir,
      maxBytes: opts.maxBytes,
      segmentBytes: opts.segmentBytes,
      fs: opts.fs,
      logger,
      onSync(info) {
        state.diskFailingSince = info.ok ? undefined : (state.diskFailingSince ?? Date.now());
        if (!info.ok) state.lastDiskFailure = Date.now();
        opts.onSync?.(info);
      },
    });
    const keep = deadLetterWriter(opts.dir);
    const writer = new BackgroundWriter({
      log: wal,
      writer: opts.writer,
      intervalMs: opts.intervalMs,
      maxInsertBytes: opts.maxInsertBytes,
      readAheadBytes: opts.readAheadBytes,
      insertAfter: opts.insertAfter,
      isPermanent: opts.isPermanent,
      logger,
      onInsert: opts.onInsert,
      onCommitted: opts.onCommitted,
      async deadLetter(chunk, err) {
        await keep(chunk, err);
        state.deadLetters++;
        opts.onDeadLetter?.(chunk.table, chunk.rows);
      },
    });
    const r = wal.recovery;
    if (r.segments > 0) {
      logger?.info(
        { ...r, committedLsn: wal.committedLsn, toReplay: Math.max(0, r.lastLsn - wal.committedLsn) },
        'ingest log recovered; replaying what was not committed',
      );
    }
    return new LocalIngestLog(wal, writer, state, opts.maxBacklogMs, opts.paceBacklogMs, opts.maxInsertBytes);
  }

  append(chunks: LogChunk[]): Promise<number> {
    if (this.closing) return Promise.reject(new LogClosedError());
    return this.wal.append(chunks);
  }

  waitCommitted(receipt: number, tables: string[], timeoutMs: number): Promise<void> {
    return this.writer.waitCommitted(receipt, tables, timeoutMs);
  }

  /**
   * Why new requests should wait (admission's `behind`): rows this process acknowledged more than
   * `maxBacklogMs` ago are not readable yet while ClickHouse takes inserts, so the writer does not
   * keep up and more rows would only wait longer. Undefined otherwise, and for a backlog that a
   * failure left (rows appended before the last failed insert, or replayed from before the start):
   * that one the log takes up to its budget while it drains.
   */
  behind(now = Date.now()): string | undefined {
    const maxBacklogMs = this.maxBacklogMs;
    const ageMs = this.lagOfTheWriter(now);
    if (ageMs <= maxBacklogMs) return undefined;
    return (
      `ingest is behind: rows acknowledged ${(ageMs / 1000).toFixed(1)} s ago are not readable yet ` +
      `(the bound is ${maxBacklogMs / 1000} s)`
    );
  }

  /**
   * True while the writer lags by more than `paceBacklogMs` (the same lag `behind` refuses past
   * its larger bound) and the lag is the senders' doing: more than one request is being stored
   * (`storing`), or more rows wait than one insert takes. An answer then waits for its own rows'
   * commit, so clients that wait for their answers send no faster than the writer makes rows
   * readable. A lone client of small requests is not paced: its rows wait for the writer's interval
   * and one insert, and pacing would only add that wait to its answers.
   */
  pacing(storing: number, now = Date.now()): boolean {
    if (this.paceBacklogMs <= 0 || this.lagOfTheWriter(now) <= this.paceBacklogMs) return false;
    return storing > 1 || this.writer.backlog(now).queuedBytes >= this.maxInsertBytes;
  }

  /**
   * Age (ms) of the oldest acknowledged row not yet readable, when that is the writer's own pace:
   * 0 while nothing waits, and for a backlog a failure left (rows appended before the last failed
   * insert, or replayed from before the start), which is drained, not a reason to slow clients.
   */
  private lagOfTheWriter(now: number): number {
    const backlog = this.writer.backlog(now);
    if (backlog.oldestLsn === undefined) return 0;
    if (this.writer.failing || backlog.oldestLsn <= this.writer.replayTarget) return 0;
    if (this.writer.lastFailureAt >= now - backlog.oldestAgeMs) return 0;
    return backlog.oldestAgeMs;
  }

  status(now = Date.now()): IngestLogStatus {
    const r = this.wal.recovery;
    return {
      logBytes: this.wal.usedBytes,
      maxBytes: this.wal.maxBytes,
      uncommittedRecords: this.wal.lastLsn - this.writer.committedLsn,
      backlogAgeMs: this.writer.backlog(now).oldestAgeMs,
      behind: this.behind(now),
      failing: this.writer.failing,
      diskFailing:
        this.state.diskFailingSince !== undefined && now - (this.state.lastDiskFailure ?? 0) < DISK_FAILURE_MEMORY_MS
          ? { since: this.state.diskFailingSince }
          : undefined,
      replay: {
        records: this.replayTotal,
        replayed: this.writer.replayedRecords,
        done: this.writer.replayed,
        tornTails: r.tornTails,
        corruptSegments: r.corruptSegments,
      },
      deadLetters: this.state.deadLetters,
    };
  }

  /**
   * Refuses new appends, lets those in progress finish, then inserts what the log holds for up to
   * `drainMs` (what is left stays in the log for the next start), and closes. True when everything
   * was committed.
   */
  async close(drainMs = 10_000): Promise<boolean> {
    this.closing = true;
    const drained = await this.writer.drain(drainMs);
    await this.writer.stop();
    await this.wal.close();
    return drained;
  }
}
